// Sessions in the database: revocable, with an idle expiry that slides (written at most every few
// minutes, not on every request).
import type pg from 'pg';
import type { Queryable } from '../db/pool.ts';
import { CUSTOMER_COLUMNS, type CustomerRow } from '../customer/view.ts';
import { hashToken, newSessionToken } from './tokens.ts';

const TOUCH_EVERY_MS = 5 * 60_000;

export interface SessionRecord {
  sessionId: number;
  remember: boolean;
  expiresAt: Date;
  lastSeenAt: Date;
  customer: CustomerRow;
}

export async function createSession(
  db: Queryable,
  input: { customerId: number; remember: boolean; lifetimeMs: number; userAgent?: string; ip?: string },
): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + input.lifetimeMs);
  const result = await db.query<{ id: number }>(
    `INSERT INTO sessions (token_hash, customer_id, remember, expires_at, user_agent, ip)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [hashToken(token), input.customerId, input.remember, expiresAt, input.userAgent ?? null, input.ip ?? null],
  );
  return { token, sessionId: result.rows[0]!.id, expiresAt };
}

const FIND_SESSION_SQL = `SELECT s.id AS session_id, s.remember, s.expires_at, s.last_seen_at, ${CUSTOMER_COLUMNS}
       FROM sessions s JOIN customers c ON c.id = s.customer_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`;

export async function findSession(db: Queryable, token: string): Promise<SessionRecord | null> {
  // A named statement: every request with a session runs it, so each connection plans it once.
  const result = await db.query<CustomerRow & { session_id: number; remember: boolean; expires_at: Date; last_seen_at: Date }>({
    name: 'find_session',
    text: FIND_SESSION_SQL,
    values: [hashToken(token)],
  });
  const row = result.rows[0];
  if (!row) return null;
  return { sessionId: row.session_id, remember: row.remember, expiresAt: row.expires_at, lastSeenAt: row.last_seen_at, customer: row };
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
