// Sliding-window counters in the database, shared by every process: registrations and trial
// accounts per address, codes per address and destination, wrong passwords per customer. (The
// login route's per-address brake stays in memory on purpose; these are rules, not brakes.)
import type pg from 'pg';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import { withTransaction, type Queryable } from '../db/pool.ts';
import { AppError } from '../http/errors.ts';

export interface Window {
  bucket: string;
  key: string;
  limit: number;
  windowMs: number;
}

// Namespace of the transaction-scoped advisory locks that serialize one counter.
const RATE_LOCK = 7_412_101;

/** Events of `bucket`/`key` within the window. */
export async function recentCount(db: Queryable, bucket: string, key: string, windowMs: number): Promise<number> {
  const result = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM rate_limit_events
      WHERE bucket = $1 AND key = $2 AND created_at > now() - make_interval(secs => $3 / 1000.0)`,
    [bucket, key, windowMs],
  );
  return result.rows[0]!.count;
}

export async function recordEvent(db: Queryable, bucket: string, key: string): Promise<void> {
  await db.query('INSERT INTO rate_limit_events (bucket, key) VALUES ($1, $2)', [bucket, key]);
}

export async function clearEvents(db: Queryable, bucket: string, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limit_events WHERE bucket = $1 AND key = $2', [bucket, key]);
}

/**
 * Counts one event unless the window is full; false when it is. Concurrent calls for one key take
 * turns, so a burst cannot slip past the limit.
 */
export async function tryConsume(pool: pg.Pool, window: Window): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RATE_LOCK, `${window.bucket}:${window.key}`]);
    await client.query(
      `DELETE FROM rate_limit_events
        WHERE bucket = $1 AND key = $2 AND created_at <= now() - make_interval(secs => $3 / 1000.0)`,
      [window.bucket, window.key, window.windowMs],
    );
    if ((await recentCount(client, window.bucket, window.key, window.windowMs)) >= window.limit) return false;
    await recordEvent(client, window.bucket, window.key);
    return true;
  });
}

/**
 * Like tryConsume, for a rule that counts only successes: the slot is taken at once (so parallel
 * requests cannot all see the same free count) and given back with `releaseSlot` if the action
 * then fails. Returns the slot's id, or null when the window is full.
 */
export async function reserveSlot(pool: pg.Pool, window: Window): Promise<number | null> {
  return withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RATE_LOCK, `${window.bucket}:${window.key}`]);
    if ((await recentCount(client, window.bucket, window.key, window.windowMs)) >= window.limit) return null;
    const inserted = await client.query<{ id: number }>('INSERT INTO rate_limit_events (bucket, key) VALUES ($1, $2) RETURNING id', [
      window.bucket,
      window.key,
    ]);
    return inserted.rows[0]!.id;
  });
}

export async function releaseSlot(db: Queryable, slotId: number): Promise<void> {
  await db.query('DELETE FROM rate_limit_events WHERE id = $1', [slotId]);
}

/** tryConsume, refusing with 429 and `message` when the window is full. */
export async function consumeOrRefuse(pool: pg.Pool, window: Window, message: string): Promise<void> {
  if (!(await tryConsume(pool, window))) throw new AppError(429, ERROR_CODES.RATE_LIMITED, message);
}

/** Counters of keys that never came back are removed now and then. */
export async function pruneOldEvents(db: Queryable, olderThanMs = 2 * 86_400_000): Promise<void> {
  await db.query('DELETE FROM rate_limit_events WHERE created_at < now() - make_interval(secs => $1 / 1000.0)', [olderThanMs]);
}
