// Operator accounts: creation (the command line, the admin page, the seed, the test endpoint), the
// sign-in failure counter with its lock, and the one-step-once rule of TOTP codes.
import { randomBytes, randomInt } from 'node:crypto';
import type { OperatorRole } from '../../../shared/backoffice/permissions.ts';
import type { OperatorListItem } from '../../../shared/backoffice/auth.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { hashPassword } from '../../session/passwords.ts';

export interface NewOperator {
  username: string;
  displayName: string;
  role: OperatorRole;
  password: string;
  /** Already enrolled with this secret (the demo seed, the test endpoint); otherwise enrolment at first sign-in. */
  totpSecret?: string;
  isDemo?: boolean;
}

export const USERNAME_TAKEN_MESSAGE = '该用户名已被使用';

/** Inserts an operator; a username taken in any case is refused with 409 (one statement: the unique index decides). */
export async function insertOperator(db: Queryable, input: NewOperator): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  const inserted = await db.query<{ id: number }>(
    `INSERT INTO operators (username, display_name, role, password_hash, totp_secret, enrolled_at, is_demo)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $5::text IS NULL THEN NULL ELSE now() END, $6)
     ON CONFLICT ((lower(username))) DO NOTHING RETURNING id`,
    [input.username, input.displayName, input.role, passwordHash, input.totpSecret ?? null, input.isDemo ?? false],
  );
  const row = inserted.rows[0];
  if (!row) throw errors.conflict(USERNAME_TAKEN_MESSAGE);
  return row.id;
}

// Letters and digits that cannot be mistaken for one another when read aloud or copied by hand.
const PASSWORD_LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const PASSWORD_DIGITS = '23456789';

/** A generated initial password: 14 characters, letters and digits, at least one of each. */
export function generatePassword(): string {
  const all = PASSWORD_LETTERS + PASSWORD_DIGITS;
  const chars = Array.from({ length: 12 }, () => all[randomInt(all.length)]!);
  chars.push(PASSWORD_LETTERS[randomInt(PASSWORD_LETTERS.length)]!, PASSWORD_DIGITS[randomInt(PASSWORD_DIGITS.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** A username no one has: for the test endpoint. */
export function uniqueUsername(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

export interface OperatorRow {
  id: number;
  username: string;
  display_name: string;
  role: OperatorRole;
  password_hash: string;
  totp_secret: string | null;
  enrolled_at: Date | null;
  is_demo: boolean;
  disabled_at: Date | null;
}

export async function findOperatorByUsername(db: Queryable, username: string): Promise<OperatorRow | null> {
  const found = await db.query<OperatorRow>(
    `SELECT id, username, display_name, role, password_hash, totp_secret, enrolled_at, is_demo, disabled_at
       FROM operators WHERE lower(username) = lower($1)`,
    [username.trim()],
  );
  return found.rows[0] ?? null;
}

// ── Failed sign-in steps ────────────────────────────────────────────────────────────────────────

export interface LockRules {
  maxFailures: number;
  lockMs: number;
}

export type AttemptReservation =
  /**
   * Counted; `lockedUntil` when this step locked the operator. The password hash and the account's state
   * are those the counting UPDATE saw under the row lock, so a password reset or a disabling that
   * committed before it is never missed (a step checks these, not an earlier unlocked read).
   */
  | { kind: 'reserved'; lockedUntil: Date | null; passwordHash: string; disabledAt: Date | null; enrolledAt: Date | null }
  | { kind: 'locked'; until: Date }
  | { kind: 'unknown' };

/**
 * Counts one sign-in step of an operator as failed *before* it is checked (one statement: the row
 * lock orders parallel guesses, each sees the count the previous one left), unless the operator is
 * locked, which refuses the step unchecked. A step that proves right is not uncounted: only a
 * complete sign-in clears the counter, so a known password cannot reset the budget of code guesses.
 * Returns the row as the statement saw it under its lock (after any password reset that held the row).
 */
export async function reserveSignInAttempt(db: Queryable, operatorId: number, rules: LockRules): Promise<AttemptReservation> {
  const reserved = await db.query<{ locked_until: Date | null; password_hash: string; disabled_at: Date | null; enrolled_at: Date | null }>(
    `UPDATE operators SET
       failed_attempts = CASE WHEN last_failed_at IS NULL OR last_failed_at <= now() - make_interval(secs => $3 / 1000.0) THEN 1 ELSE failed_attempts + 1 END,
       last_failed_at = now(),
       locked_until = CASE
         WHEN (CASE WHEN last_failed_at IS NULL OR last_failed_at <= now() - make_interval(secs => $3 / 1000.0) THEN 1 ELSE failed_attempts + 1 END) >= $2
         THEN now() + make_interval(secs => $3 / 1000.0)
       END
     WHERE id = $1 AND (locked_until IS NULL OR locked_until <= now())
     RETURNING locked_until, password_hash, disabled_at, enrolled_at`,
    [operatorId, rules.maxFailures, rules.lockMs],
  );
  const row = reserved.rows[0];
  if (row) {
    return { kind: 'reserved', lockedUntil: row.locked_until, passwordHash: row.password_hash, disabledAt: row.disabled_at, enrolledAt: row.enrolled_at };
  }
  const state = await db.query<{ locked_until: Date }>('SELECT locked_until FROM operators WHERE id = $1 AND locked_until > now()', [operatorId]);
  const until = state.rows[0]?.locked_until;
  return until ? { kind: 'locked', until } : { kind: 'unknown' };
}

export async function clearSignInFailures(db: Queryable, operatorId: number): Promise<void> {
  await db.query(
    'UPDATE operators SET failed_attempts = 0, last_failed_at = NULL, locked_until = NULL, last_sign_in_at = now() WHERE id = $1',
    [operatorId],
  );
}

/** Claims a TOTP step for the operator: false when this step (or a newer one) was already used. */
export async function claimTotpStep(db: Queryable, operatorId: number, step: number): Promise<boolean> {
  const claimed = await db.query('UPDATE operators SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)', [
    operatorId,
    step,
  ]);
  return (claimed.rowCount ?? 0) > 0;
}

// ── The admin list ──────────────────────────────────────────────────────────────────────────────

export const OPERATOR_LIST_COLUMNS = `o.id, o.username, o.display_name, o.role, o.enrolled_at IS NOT NULL AS enrolled,
  o.disabled_at IS NOT NULL AS disabled, CASE WHEN o.locked_until > now() THEN o.locked_until END AS locked_until,
  o.created_at, o.last_sign_in_at,
  (SELECT count(*)::int FROM operator_sessions s WHERE s.operator_id = o.id AND s.revoked_at IS NULL AND s.stage = 'ACTIVE'
      AND s.last_seen_at > now() - make_interval(secs => $IDLE / 1000.0)
      AND s.created_at > now() - make_interval(secs => $ABSOLUTE / 1000.0)) AS active_sessions`;

export interface OperatorListRow {
  id: number;
  username: string;
  display_name: string;
  role: OperatorRole;
  enrolled: boolean;
  disabled: boolean;
  locked_until: Date | null;
  created_at: Date;
  last_sign_in_at: Date | null;
  active_sessions: number;
}

/** The list columns with the session limits as the parameters numbered `idle` and `absolute`. */
export function operatorListColumns(idle: number, absolute: number): string {
  return OPERATOR_LIST_COLUMNS.replace('$IDLE', `$${idle}`).replace('$ABSOLUTE', `$${absolute}`);
}

export function operatorListItem(row: OperatorListRow): OperatorListItem {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    role: row.role,
    enrolled: row.enrolled,
    disabled: row.disabled,
    lockedUntil: row.locked_until?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
    activeSessions: row.active_sessions,
  };
}
