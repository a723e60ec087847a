// Site settings shipped as public/content/site.json. Announcements, help and tutorial pages come
// from the content API (src/shared/api/content.ts).
import { z } from 'zod';
import { lazySchema } from '../../../shared/api/lazy-schema.ts';

export type { Announcement, Announcements, ContentPage, HelpIndex } from '../../../shared/api/content.ts';

export const SiteConfigSchema = lazySchema(() => z.object({
  customerService: z.object({
    /** The QQ number the QQ footer variant copies; null hides that variant. */
    qq: z.string().nullable(),
    /** Spec §4: the special redirected registration id that switches the footer to the QQ variant. */
    qqRegistrationId: z.string().nullable(),
  }),
  /** Where the VIP entry leads a logged-out visitor (spec §2.4); null hides it. */
  vipInfoUrl: z.string().nullable(),
}));
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
