// A mail body as it may be stored: the content allow list (decisions §10), and something left to read.
import { MAIL_MESSAGES } from '../../shared/api/mail.ts';
import { hasVisibleText, sanitizeContentHtml } from '../content/sanitize.ts';
import { errors } from '../http/errors.ts';

export function cleanMailHtml(html: string): string {
  const clean = sanitizeContentHtml(html);
  if (!hasVisibleText(clean))
    throw errors.validation(MAIL_MESSAGES.emptyAfterSanitising, {
      htmlContent: MAIL_MESSAGES.emptyAfterSanitising,
    });
  return clean;
}
