// Per-customer question limits: the calendar minute's count and the Beijing day's count, checked and
// counted in one statement. ON CONFLICT DO UPDATE locks the customer's row and evaluates its WHERE on
// the newest version, so questions fired at once from many connections never pass the limit.
import { RATE_LIMIT_DAY_MESSAGE, RATE_LIMIT_MINUTE_MESSAGE } from '../../shared/api/assistant.ts';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import type { Queryable } from '../db/pool.ts';
import { AppError } from '../http/errors.ts';

export interface Limits {
  perMinute: number;
  perDay: number;
}

/** Counts one question, or returns which limit it would pass. `at` defaults to the database's now(). */
export async function takeQuestion(db: Queryable, customerId: number, limits: Limits, at?: Date): Promise<'ok' | 'minute' | 'day'> {
  const taken = await db.query(
    `WITH t AS (SELECT coalesce($4::timestamptz, now()) AS at)
     INSERT INTO assistant_usage AS u (customer_id, minute_start, minute_count, day, day_count)
     SELECT $1, date_trunc('minute', t.at), 1, (t.at AT TIME ZONE 'Asia/Shanghai')::date, 1 FROM t
     ON CONFLICT (customer_id) DO UPDATE SET
       minute_count = CASE WHEN u.minute_start = EXCLUDED.minute_start THEN u.minute_count + 1 ELSE 1 END,
       minute_start = EXCLUDED.minute_start,
       day_count = CASE WHEN u.day = EXCLUDED.day THEN u.day_count + 1 ELSE 1 END,
       day = EXCLUDED.day
     WHERE (u.minute_start <> EXCLUDED.minute_start OR u.minute_count < $2)
       AND (u.day <> EXCLUDED.day OR u.day_count < $3)
     RETURNING 1`,
    [customerId, limits.perMinute, limits.perDay, at ?? null],
  );
  if (taken.rowCount === 1) return 'ok';
  const usage = await db.query<{ day_full: boolean }>(
    `SELECT day = (coalesce($3::timestamptz, now()) AT TIME ZONE 'Asia/Shanghai')::date AND day_count >= $2 AS day_full
       FROM assistant_usage WHERE customer_id = $1`,
    [customerId, limits.perDay, at ?? null],
  );
  return usage.rows[0]?.day_full ? 'day' : 'minute';
}

export function rateLimitError(which: 'minute' | 'day'): AppError {
  return new AppError(429, ERROR_CODES.RATE_LIMITED, which === 'day' ? RATE_LIMIT_DAY_MESSAGE : RATE_LIMIT_MINUTE_MESSAGE);
}

/** Today's (Beijing) questions and askers, for the back office. */
export async function usageToday(db: Queryable): Promise<{ questionsToday: number; customersToday: number }> {
  const result = await db.query<{ questions: number; customers: number }>(
    `SELECT coalesce(sum(day_count), 0)::int AS questions, count(*)::int AS customers
       FROM assistant_usage WHERE day = (now() AT TIME ZONE 'Asia/Shanghai')::date`,
  );
  return { questionsToday: result.rows[0]?.questions ?? 0, customersToday: result.rows[0]?.customers ?? 0 };
}
