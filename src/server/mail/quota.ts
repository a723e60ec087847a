// Sending quota per customer: at most MAIL_SEND_LIMIT mails in a fixed window. One upsert counts and
// checks at once under the row's lock, so concurrent sends cannot all pass the last free place; it
// runs in the sending transaction, so a send that fails later gives its place back.
import { MAIL_MESSAGES } from '../../shared/api/mail.ts';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import type { Queryable } from '../db/pool.ts';
import { AppError } from '../http/errors.ts';

export const MAIL_SEND_LIMIT = 10;
export const MAIL_SEND_WINDOW = '10 minutes';

export async function takeSendPlace(db: Queryable, customerId: number): Promise<void> {
  const taken = await db.query(
    `INSERT INTO mail_send_quota AS q (customer_id, window_start, sent) VALUES ($1, now(), 1)
     ON CONFLICT (customer_id) DO UPDATE SET
       window_start = CASE WHEN q.window_start <= now() - $3::interval THEN now() ELSE q.window_start END,
       sent = CASE WHEN q.window_start <= now() - $3::interval THEN 1 ELSE q.sent + 1 END
     WHERE q.window_start <= now() - $3::interval OR q.sent < $2
     RETURNING sent`,
    [customerId, MAIL_SEND_LIMIT, MAIL_SEND_WINDOW],
  );
  if (taken.rowCount !== 1) throw new AppError(429, ERROR_CODES.RATE_LIMITED, MAIL_MESSAGES.rateLimited);
}
