// The registration link's data (spec §3.2 registrationData), apart from the rest of the accounts API:
// startup reads it on every first load, and the accounts API's form rules need not load for that.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** `GET /ajax/registration-link/{id}` (spec §3.2 registrationData). */
export const RegistrationDataSchema = lazySchema(() => z.object({
  id: z.string(),
  /** true: the form shows reCAPTCHA Enterprise (site key below); false: the image captcha. */
  recaptchaRequired: z.boolean(),
  recaptchaSiteKey: z.string().nullable(),
}));
export type RegistrationData = z.infer<typeof RegistrationDataSchema>;
