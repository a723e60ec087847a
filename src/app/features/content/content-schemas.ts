// Operator-managed content shipped under public/content/ (help, tutorials, announcements, site
// settings). Plain structured blocks, never HTML, so published text cannot inject markup.
import { z } from 'zod';

export const ContentBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('list'), ordered: z.boolean().optional(), items: z.array(z.string()) }),
  z.object({ type: z.literal('note'), text: z.string() }),
]);
export type ContentBlock = z.infer<typeof ContentBlockSchema>;

export const ContentPageSchema = z.object({
  title: z.string(),
  updatedAt: z.string().optional(),
  blocks: z.array(ContentBlockSchema),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;

export const HelpIndexSchema = z.object({
  title: z.string(),
  sections: z.array(
    z.object({
      title: z.string(),
      pages: z.array(z.object({ slug: z.string(), title: z.string(), summary: z.string().optional() })),
    }),
  ),
});
export type HelpIndex = z.infer<typeof HelpIndexSchema>;

export const AnnouncementsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      publishedAt: z.string(),
      pinned: z.boolean().optional(),
      blocks: z.array(ContentBlockSchema),
    }),
  ),
});
export type Announcements = z.infer<typeof AnnouncementsSchema>;
export type Announcement = Announcements['items'][number];

export const SiteConfigSchema = z.object({
  customerService: z.object({
    /** The QQ number the QQ footer variant copies; null hides that variant. */
    qq: z.string().nullable(),
    /** Spec §4: the special redirected registration id that switches the footer to the QQ variant. */
    qqRegistrationId: z.string().nullable(),
  }),
  /** Where the VIP entry leads a logged-out visitor (spec §2.4); null hides it. */
  vipInfoUrl: z.string().nullable(),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
