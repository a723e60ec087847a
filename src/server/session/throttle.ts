// Login throttling. Per typed username (in the database, shared by every process): lock after N
// failures in a row. Per client address (in memory, per process): a ceiling on attempts per minute.
import type { Queryable } from '../db/pool.ts';

export async function currentLock(db: Queryable, usernameKey: string): Promise<Date | null> {
  const result = await db.query<{ locked_until: Date | null }>(
    'SELECT locked_until FROM login_throttle WHERE username_key = $1 AND locked_until > now()',
    [usernameKey],
  );
  return result.rows[0]?.locked_until ?? null;
}

/**
 * Counts a failure; failures older than the lock window no longer count. Returns the lock end when
 * this failure reached the limit.
 */
export async function recordFailure(
  db: Queryable,
  usernameKey: string,
  maxFailures: number,
  lockMs: number,
): Promise<Date | null> {
  await db.query(
    `INSERT INTO login_throttle AS t (username_key, failed_count, last_failed_at)
     VALUES ($1, 1, now())
     ON CONFLICT (username_key) DO UPDATE SET
       failed_count = CASE WHEN t.last_failed_at < now() - make_interval(secs => $2 / 1000.0)
                           OR t.locked_until IS NOT NULL THEN 1 ELSE t.failed_count + 1 END,
       last_failed_at = now(),
       locked_until = NULL`,
    [usernameKey, lockMs],
  );
  const locked = await db.query<{ locked_until: Date }>(
    `UPDATE login_throttle SET locked_until = now() + make_interval(secs => $3 / 1000.0)
      WHERE username_key = $1 AND failed_count >= $2 RETURNING locked_until`,
    [usernameKey, maxFailures, lockMs],
  );
  return locked.rows[0]?.locked_until ?? null;
}

export async function clearFailures(db: Queryable, usernameKey: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE username_key = $1', [usernameKey]);
}

/** A fixed-window counter per client address. */
export class AttemptLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt; false when the address is over its limit. */
  tryAcquire(key: string): boolean {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= 60_000) {
      if (this.windows.size > 50_000) this.prune(now);
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= this.perMinute;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= 60_000) this.windows.delete(key);
  }
}
