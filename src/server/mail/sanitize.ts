// A mail body as it may be stored: the content allow list (decisions §10), and something left to read.
import { MAIL_MESSAGES } from '../../shared/api/mail.ts';
import { hasVisibleText, sanitizeContentHtml } from '../content/sanitize.ts';
import { errors } from '../http/errors.ts';
import { HTML_CONTENT_MAX_LENGTH } from '../../shared/validation/content-limits.ts';
import { charLength } from '../../shared/validation/field-rule.ts';

const CONTENT_TOO_LONG = '内容过长';

export function cleanMailHtml(html: string): string {
  const clean = sanitizeContentHtml(html);
  if (!hasVisibleText(clean))
    throw errors.validation(MAIL_MESSAGES.emptyAfterSanitising, {
      htmlContent: MAIL_MESSAGES.emptyAfterSanitising,
    });
  // Sanitising can lengthen a body (every & becomes &amp;): what is stored must fit too.
  if (charLength(clean) > HTML_CONTENT_MAX_LENGTH) throw errors.validation(CONTENT_TOO_LONG, { htmlContent: CONTENT_TOO_LONG });
  return clean;
}
