// Login throttling (docs/accounts.md). Per typed username, in the database and shared by every
// process: every attempt is counted *before* its password is checked, so parallel requests cannot
// all be checked; after `captchaAfter` failures the name needs a solved captcha, after `lockAfter` it
// is locked for the window. A success clears the name. Per client address, in memory and per process:
// a ceiling on attempts per minute (a brake; many players can share one address).
import type { Queryable } from '../db/pool.ts';

export interface LoginThrottleRules {
  /** Failures in the window after which an attempt needs a solved captcha. */
  captchaAfter: number;
  /** Failures in the window that lock the name. */
  lockAfter: number;
  /** How long failures count, and how long a lock lasts. */
  windowMs: number;
}

export type Reservation =
  /** The attempt is counted as a failure until its password proves right; `lockedUntil` when it locked the name. */
  | { kind: 'reserved'; failures: number; lockedUntil: Date | null }
  /** Refused unchecked: the name is locked. */
  | { kind: 'locked'; until: Date }
  /** Refused unchecked: the name needs a captcha and none was solved. */
  | { kind: 'captcha' };

/**
 * Counts one attempt on `usernameKey` unless the name is locked, or needs a captcha that was not
 * solved: one statement, so the row lock orders concurrent attempts and each sees the count the
 * previous one left. Failures older than the window no longer count (a lock lasts exactly as long).
 * A refusal changes nothing: a lock is never extended or cleared by an attempt it refuses.
 */
export async function reserveAttempt(
  db: Queryable,
  usernameKey: string,
  captchaSolved: boolean,
  rules: LoginThrottleRules,
): Promise<Reservation> {
  const reserved = await db.query<{ failed_count: number; locked_until: Date | null }>(
    `INSERT INTO login_throttle AS t (username_key, failed_count, last_failed_at, locked_until)
     VALUES ($1, 1, now(), CASE WHEN $4 <= 1 THEN now() + make_interval(secs => $5 / 1000.0) END)
     ON CONFLICT (username_key) DO UPDATE SET
       failed_count = CASE WHEN t.last_failed_at <= now() - make_interval(secs => $5 / 1000.0) THEN 1 ELSE t.failed_count + 1 END,
       last_failed_at = now(),
       locked_until = CASE
         WHEN (CASE WHEN t.last_failed_at <= now() - make_interval(secs => $5 / 1000.0) THEN 1 ELSE t.failed_count + 1 END) >= $4
         THEN now() + make_interval(secs => $5 / 1000.0)
       END
     WHERE (t.locked_until IS NULL OR t.locked_until <= now())
       AND ($2::boolean OR t.last_failed_at <= now() - make_interval(secs => $5 / 1000.0) OR t.failed_count < $3)
     RETURNING failed_count, locked_until`,
    [usernameKey, captchaSolved, rules.captchaAfter, rules.lockAfter, rules.windowMs],
  );
  const row = reserved.rows[0];
  if (row) return { kind: 'reserved', failures: row.failed_count, lockedUntil: row.locked_until };
  // Refused; this read only chooses the message (the decision was the statement above).
  const state = await db.query<{ locked_until: Date }>(
    'SELECT locked_until FROM login_throttle WHERE username_key = $1 AND locked_until > now()',
    [usernameKey],
  );
  const lockedUntil = state.rows[0]?.locked_until;
  return lockedUntil ? { kind: 'locked', until: lockedUntil } : { kind: 'captcha' };
}

/** After a right password: the name starts afresh. */
export async function clearFailures(db: Queryable, usernameKey: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE username_key = $1', [usernameKey]);
}

/** Names whose failures no longer count are forgotten now and then (every unknown name typed leaves one). */
export async function pruneLoginThrottle(db: Queryable, windowMs: number): Promise<void> {
  await db.query(
    `DELETE FROM login_throttle
      WHERE last_failed_at <= now() - make_interval(secs => $1 / 1000.0) AND (locked_until IS NULL OR locked_until <= now())`,
    [windowMs],
  );
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
