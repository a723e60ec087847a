// The adapters the accounts routes use, chosen by configuration (docs/accounts.md).
import type { FastifyBaseLogger } from 'fastify';
import { ImageCaptcha } from '../adapters/captcha/builtin.ts';
import type { CaptchaVerifier } from '../adapters/captcha/captcha.ts';
import { RecaptchaEnterpriseVerifier } from '../adapters/captcha/recaptcha-enterprise.ts';
import type { Messenger, MessageChannel } from '../adapters/messaging/messenger.ts';
import { OutboxMessenger } from '../adapters/messaging/outbox.ts';
import { SmtpMessenger } from '../adapters/messaging/smtp.ts';
import type { ServerContext } from '../context.ts';

export interface AccountServices {
  captcha: CaptchaVerifier;
  /** Present when the built-in captcha is configured: it also issues the images. */
  imageCaptcha: ImageCaptcha | null;
  messengers: Record<MessageChannel, Messenger>;
}

/** The configured captcha (registration, and login after failures); the adapters keep no state. */
export function captchaServices(ctx: ServerContext): Pick<AccountServices, 'captcha' | 'imageCaptcha'> {
  const settings = ctx.config.accounts.captcha;
  const imageCaptcha = settings.adapter === 'builtin' ? new ImageCaptcha(ctx.database.pool, settings.ttlMs) : null;
  const captcha: CaptchaVerifier = settings.adapter === 'recaptcha-enterprise' ? new RecaptchaEnterpriseVerifier(settings.recaptcha) : imageCaptcha!;
  return { captcha, imageCaptcha };
}

export function accountServices(ctx: ServerContext, log: FastifyBaseLogger): AccountServices {
  const { config, database } = ctx;
  const settings = config.accounts;
  const { captcha, imageCaptcha } = captchaServices(ctx);
  const outbox = new OutboxMessenger(database.pool, log, config.env);
  const email = settings.email.adapter === 'smtp' ? new SmtpMessenger(settings.email.smtp) : outbox;
  return { captcha, imageCaptcha, messengers: { SMS: outbox, EMAIL: email } };
}
