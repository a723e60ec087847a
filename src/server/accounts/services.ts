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

export function accountServices(ctx: ServerContext, log: FastifyBaseLogger): AccountServices {
  const { config, database } = ctx;
  const settings = config.accounts;
  const imageCaptcha = settings.captcha.adapter === 'builtin' ? new ImageCaptcha(database.pool, settings.captcha.ttlMs) : null;
  const captcha: CaptchaVerifier =
    settings.captcha.adapter === 'recaptcha-enterprise' ? new RecaptchaEnterpriseVerifier(settings.captcha.recaptcha) : imageCaptcha!;
  const outbox = new OutboxMessenger(database.pool, log, config.env);
  const email = settings.email.adapter === 'smtp' ? new SmtpMessenger(settings.email.smtp) : outbox;
  return { captcha, imageCaptcha, messengers: { SMS: outbox, EMAIL: email } };
}
