// Sessions in the database: revocable, with an idle expiry that slides (written at most every few
// minutes, not on every request).
import type pg from 'pg';
import type { Queryable } from '../db/pool.ts';
import { CUSTOMER_COLUMNS, type CustomerRow } from '../customer/view.ts';
import { accountFrozen } from './frozen.ts';
import { hashToken, newSessionToken } from './tokens.ts';

const TOUCH_EVERY_MS = 5 * 60_000;

export interface SessionRecord {
  sessionId: number;
  remember: boolean;
  expiresAt: Date;
  lastSeenAt: Date;
  customer: CustomerRow & { password_change_required: boolean };
}

export interface NewSessionInput {
  customerId: number;
  remember: boolean;
  lifetimeMs: number;
  userAgent?: string;
  ip?: string;
  /**
   * The password hash the login verified the typed password against: the session is made only while
   * the customer still has it. Null or absent when no password proved the login (a registration's
   * one-time token, a new trial account).
   */
  verifiedHash?: string | null;
}

export interface NewSession {
  token: string;
  sessionId: number;
  expiresAt: Date;
}

/** A new session; or why none was made: the customer is frozen, or no longer has the verified password. */
export type SessionStart = ({ kind: 'created' } & NewSession) | { kind: 'frozen' } | { kind: 'password-changed' };

/**
 * A new session, unless the customer is frozen or its password changed since the login checked it.
 * One statement: the customer row is read FOR SHARE, so a freeze, a password change or a reset
 * committing meanwhile either waits for this session (and then ends it with the others, in its own
 * transaction) or is seen here (and no session is made).
 */
export async function startSession(db: Queryable, input: NewSessionInput): Promise<SessionStart> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + input.lifetimeMs);
  const result = await db.query<{ id: number }>(
    `INSERT INTO sessions (token_hash, customer_id, remember, expires_at, user_agent, ip)
     SELECT $1, c.id, $3, $4, $5, $6 FROM customers c
      WHERE c.id = $2 AND c.frozen_at IS NULL AND ($7::text IS NULL OR c.password_hash = $7::text) FOR SHARE
     RETURNING id`,
    [hashToken(token), input.customerId, input.remember, expiresAt, input.userAgent ?? null, input.ip ?? null, input.verifiedHash ?? null],
  );
  const created = result.rows[0];
  if (created) return { kind: 'created', token, sessionId: created.id, expiresAt };
  // Refused; this read only chooses the answer (the decision was the statement above).
  const state = await db.query<{ frozen: boolean }>('SELECT frozen_at IS NOT NULL AS frozen FROM customers WHERE id = $1', [input.customerId]);
  return state.rows[0]?.frozen ? { kind: 'frozen' } : { kind: 'password-changed' };
}

/** A new session, or null when the customer is frozen (or no longer has `verifiedHash`). */
export async function createSessionUnlessFrozen(db: Queryable, input: NewSessionInput): Promise<NewSession | null> {
  const started = await startSession(db, input);
  return started.kind === 'created' ? { token: started.token, sessionId: started.sessionId, expiresAt: started.expiresAt } : null;
}

/** As createSessionUnlessFrozen, refusing a frozen customer with the freeze's message. */
export async function createSession(db: Queryable, input: NewSessionInput): Promise<NewSession> {
  const created = await createSessionUnlessFrozen(db, input);
  if (!created) throw accountFrozen();
  return created;
}

// Ended sessions are found too: the cookie of a frozen customer is answered with the freeze, not
// with "log in again".
const FIND_SESSION_SQL = `SELECT s.id AS session_id, s.remember, s.expires_at, s.last_seen_at,
       s.revoked_at IS NULL AND s.expires_at > now() AS live, c.frozen_at IS NOT NULL AS frozen, c.password_change_required, ${CUSTOMER_COLUMNS}
       FROM sessions s JOIN customers c ON c.id = s.customer_id
      WHERE s.token_hash = $1`;

/** What a session cookie stands for: a live session, a frozen customer's (ended or not), or nothing. */
export type SessionLookup = { kind: 'live'; session: SessionRecord } | { kind: 'frozen' } | { kind: 'none' };

export async function findSession(db: Queryable, token: string): Promise<SessionLookup> {
  // A named statement: every request with a session runs it, so each connection plans it once.
  const result = await db.query<
    CustomerRow & {
      session_id: number;
      remember: boolean;
      expires_at: Date;
      last_seen_at: Date;
      live: boolean;
      frozen: boolean;
      password_change_required: boolean;
    }
  >({
    name: 'find_session',
    text: FIND_SESSION_SQL,
    values: [hashToken(token)],
  });
  const row = result.rows[0];
  if (!row) return { kind: 'none' };
  if (row.frozen) return { kind: 'frozen' };
  if (!row.live) return { kind: 'none' };
  return {
    kind: 'live',
    session: { sessionId: row.session_id, remember: row.remember, expiresAt: row.expires_at, lastSeenAt: row.last_seen_at, customer: row },
  };
}

/** Ends every session of the customer still open; returns their ids (for their live streams). */
export async function revokeCustomerSessions(db: Queryable, customerId: number): Promise<number[]> {
  const revoked = await db.query<{ id: number }>(
    'UPDATE sessions SET revoked_at = now() WHERE customer_id = $1 AND revoked_at IS NULL RETURNING id',
    [customerId],
  );
  return revoked.rows.map((row) => row.id);
}

/** Slides the idle expiry forward, at most once per TOUCH_EVERY_MS per session. */
export async function touchSession(db: Queryable, session: SessionRecord, lifetimeMs: number): Promise<void> {
  if (Date.now() - session.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
  await db.query('UPDATE sessions SET last_seen_at = now(), expires_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
    session.sessionId,
    new Date(Date.now() + lifetimeMs),
  ]);
}

export async function revokeSession(db: Queryable, sessionId: number): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

export async function isSessionActive(db: pg.Pool, sessionId: number): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM sessions WHERE id = $1 AND revoked_at IS NULL AND expires_at > now()', [
    sessionId,
  ]);
  return (result.rowCount ?? 0) > 0;
}
