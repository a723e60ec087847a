// Whom a reset request is about: the customer with this login name whose verified phone or e-mail is
// the one typed. Trial accounts (no password, no contacts) and frozen accounts never match.
import type { MessageChannel } from '../../adapters/messaging/messenger.ts';
import type { Queryable } from '../../db/pool.ts';

export interface ResetContact {
  channel: MessageChannel;
  /** A phone number, or a lower-cased e-mail address. */
  destination: string;
}

/** The login throttle's key of a typed name, as the login route makes it. */
export const usernameKeyOf = (username: string): string => username.trim().toLowerCase();

export async function findResetTarget(db: Queryable, usernameKey: string, contact: ResetContact): Promise<number | null> {
  const column = contact.channel === 'SMS' ? 'phone' : 'lower(email)';
  const found = await db.query<{ id: number }>(
    `SELECT id FROM customers
      WHERE username_key = $1 AND ${column} = $2 AND test_mode IS NULL AND frozen_at IS NULL`,
    [usernameKey, contact.destination],
  );
  return found.rows[0]?.id ?? null;
}

/**
 * The login_throttle key that counts failed resets of a typed name, apart from its login failures
 * (docs/accounts.md#password-reset). Upper case: a login's key is lower-cased, so no typed login name
 * can count on it.
 */
export const resetThrottleKey = (usernameKey: string): string => `RESET:${usernameKey}`;

/** The end of a login lock on the typed name, if it is locked now. */
export async function lockedUntil(db: Queryable, usernameKey: string): Promise<Date | null> {
  const found = await db.query<{ locked_until: Date }>(
    'SELECT locked_until FROM login_throttle WHERE username_key = $1 AND locked_until > now()',
    [usernameKey],
  );
  return found.rows[0]?.locked_until ?? null;
}

/** The end of a lock that refuses the name's resets and reset codes: its login lock or its reset lock. */
export async function resetLockedUntil(db: Queryable, usernameKey: string): Promise<Date | null> {
  const found = await db.query<{ locked_until: Date | null }>(
    'SELECT max(locked_until) AS locked_until FROM login_throttle WHERE username_key IN ($1, $2) AND locked_until > now()',
    [usernameKey, resetThrottleKey(usernameKey)],
  );
  return found.rows[0]?.locked_until ?? null;
}
