// Announcements, help pages and payment tutorials as the PWA reads them (issue 16 item 8). The
// operator edits them in the back office; the server stores them sanitised HTML. The shipped
// defaults under public/content/ have the same shapes, one file per answer (/ajax/content/help/terms
// → /content/help/terms.json, the help index /content/help/index.json): the database is seeded from
// them and the service worker precaches them, so the app can show them offline before it has
// anything newer (sw/content-cache.ts).
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

export const CONTENT_API = '/ajax/content';

export const CONTENT_PATHS = {
  announcements: `${CONTENT_API}/announcements`,
  helpIndex: `${CONTENT_API}/help`,
  helpPage: (slug: string) => `${CONTENT_API}/help/${slug}`,
  tutorial: (key: string) => `${CONTENT_API}/tutorials/${key}`,
} as const;

/** Help slugs are path segments of lowercase letters, digits and hyphens. */
export const HELP_SLUG = /^[a-z0-9-]{1,64}(?:\/[a-z0-9-]{1,64}){0,3}$/;
/** Announcement ids: the shipped ones are words (`welcome`), later ones numbers. */
export const ANNOUNCEMENT_ID = /^[a-z0-9-]{1,64}$/;

/** An instant as ISO 8601 text (UTC), e.g. 2026-11-21T16:00:00.000Z. */
const Instant = lazySchema(() => z.string());

export const ContentPageSchema = lazySchema(() => z.object({
  title: z.string(),
  updatedAt: Instant.optional(),
  /** Sanitised on the server before it was stored; the app renders it through an allow list too. */
  html: z.string(),
}));
export type ContentPage = z.infer<typeof ContentPageSchema>;

export const HelpIndexSchema = lazySchema(() => z.object({
  title: z.string(),
  sections: z.array(
    z.object({
      title: z.string(),
      pages: z.array(z.object({ slug: z.string(), title: z.string(), summary: z.string().optional() })),
    }),
  ),
}));
export type HelpIndex = z.infer<typeof HelpIndexSchema>;

export const AnnouncementSchema = lazySchema(() => z.object({
  id: z.string(),
  title: z.string(),
  publishedAt: Instant,
  pinned: z.boolean(),
  html: z.string(),
}));
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** What players see: published, due and not expired; pinned first, then newest first. */
export const AnnouncementsSchema = lazySchema(() => z.object({ items: z.array(AnnouncementSchema) }));
export type Announcements = z.infer<typeof AnnouncementsSchema>;

/** The live event published after an operator changed what players see in one content area. */
export const CONTENT_CHANGED_EVENT = 'contentChanged';
export const CONTENT_AREAS = ['announcements', 'help', 'tutorials'] as const;
export type ContentArea = (typeof CONTENT_AREAS)[number];
export const ContentChangedEventSchema = lazySchema(() => z.object({ area: /* @__PURE__ */ z.enum(CONTENT_AREAS) }));
