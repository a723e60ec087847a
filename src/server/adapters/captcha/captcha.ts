// The captcha adapter of registration and of login after failures (decisions §1): the built-in image
// captcha by default, reCAPTCHA Enterprise by configuration. Either one throws an AppError when the
// proof fails.
import type { CaptchaKind } from '../../../shared/api/accounts.ts';

export interface CaptchaProof {
  captchaId?: string;
  captcha?: string;
  recaptchaToken?: string;
  remoteIp?: string;
  userAgent?: string;
  /** What the proof is for; reCAPTCHA tokens are made for one action. Registration when absent. */
  action?: CaptchaAction;
}

export type CaptchaAction = 'REGISTER' | 'LOGIN';

export interface CaptchaVerifier {
  /** Which fields the registration form carries (registerBodySchema). */
  readonly kind: CaptchaKind;
  /** Shown to the PWA so it can render the reCAPTCHA widget; null for the image captcha. */
  readonly siteKey: string | null;
  verify(proof: CaptchaProof): Promise<void>;
}
