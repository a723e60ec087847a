// Operator sessions: an opaque token in the jinli_operator cookie (only its SHA-256 is stored), a
// stage (second factor pending, enrolment pending, active), an idle and an absolute lifetime, and
// revocation. A disabled operator has no session.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperatorRole } from '../../../shared/backoffice/permissions.ts';
import type { OperatorsConfig } from '../../config.ts';
import type { Queryable } from '../../db/pool.ts';
import { hashToken, newSessionToken } from '../../session/tokens.ts';

export const OPERATOR_COOKIE = 'jinli_operator';
export const OPERATOR_COOKIE_PATH = '/ajax/backoffice';
/** A session whose second factor or enrolment is pending lasts this long. */
export const PENDING_STAGE_MS = 10 * 60_000;
/** last_seen_at is written at most this often (the idle expiry is accurate to it). */
const TOUCH_EVERY_MS = 30_000;

export type SessionStage = 'SECOND_FACTOR' | 'ENROLMENT' | 'ACTIVE';

export interface OperatorSessionRecord {
  sessionId: number;
  stage: SessionStage;
  pendingTotpSecret: string | null;
  lastSeenAt: Date;
  operator: {
    id: number;
    username: string;
    displayName: string;
    role: OperatorRole;
    enrolled: boolean;
  };
}

interface SessionRow {
  session_id: number;
  stage: SessionStage;
  pending_totp_secret: string | null;
  last_seen_at: Date;
  operator_id: number;
  username: string;
  display_name: string;
  role: OperatorRole;
  enrolled: boolean;
}

/**
 * Creates the pending session of a password step, only while the operator still has the password hash
 * the step checked, is enabled and is (or is not) enrolled as the step saw it: one INSERT … SELECT that
 * takes a share lock on the operator's row, so it waits for a password reset, a disabling or a second
 * factor reset in progress and then sees it (and such a change that starts later revokes this session).
 * Null when the operator changed meanwhile.
 */
export async function createOperatorSession(
  db: Queryable,
  input: {
    operatorId: number;
    stage: Exclude<SessionStage, 'ACTIVE'>;
    pendingTotpSecret: string | null;
    ip: string;
    userAgent: string | undefined;
    checkedPasswordHash: string;
  },
): Promise<{ token: string; sessionId: number } | null> {
  const token = newSessionToken();
  const created = await db.query<{ id: number }>(
    `INSERT INTO operator_sessions (token_hash, operator_id, stage, pending_totp_secret, ip, user_agent)
     SELECT $1::bytea, o.id, $3::text, $4::text, $5::text, $6::text FROM operators o
      WHERE o.id = $2 AND o.password_hash = $7 AND o.disabled_at IS NULL AND (o.enrolled_at IS NOT NULL) = ($3::text = 'SECOND_FACTOR')
      FOR SHARE OF o
     RETURNING id`,
    [hashToken(token), input.operatorId, input.stage, input.pendingTotpSecret, input.ip, input.userAgent?.slice(0, 300) ?? null, input.checkedPasswordHash],
  );
  const row = created.rows[0];
  return row ? { token, sessionId: row.id } : null;
}

/** The live session of `token`: not revoked, operator enabled, within the idle and absolute limits of its stage. */
export async function findOperatorSession(db: Queryable, token: string, limits: OperatorsConfig): Promise<OperatorSessionRecord | null> {
  const found = await db.query<SessionRow>({
    name: 'find_operator_session',
    text: `SELECT s.id AS session_id, s.stage, s.pending_totp_secret, s.last_seen_at,
                  o.id AS operator_id, o.username, o.display_name, o.role, o.enrolled_at IS NOT NULL AS enrolled
             FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
            WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND o.disabled_at IS NULL
              AND CASE WHEN s.stage = 'ACTIVE'
                       THEN s.last_seen_at > now() - make_interval(secs => $2 / 1000.0)
                            AND s.created_at > now() - make_interval(secs => $3 / 1000.0)
                       ELSE s.created_at > now() - make_interval(secs => $4 / 1000.0) END`,
    values: [hashToken(token), limits.idleMs, limits.absoluteMs, PENDING_STAGE_MS],
  });
  const row = found.rows[0];
  if (!row) return null;
  return {
    sessionId: row.session_id,
    stage: row.stage,
    pendingTotpSecret: row.pending_totp_secret,
    lastSeenAt: row.last_seen_at,
    operator: { id: row.operator_id, username: row.username, displayName: row.display_name, role: row.role, enrolled: row.enrolled },
  };
}

/** Slides the idle expiry (at most every TOUCH_EVERY_MS). */
export async function touchOperatorSession(db: Queryable, session: OperatorSessionRecord): Promise<void> {
  if (Date.now() - session.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
  await db.query('UPDATE operator_sessions SET last_seen_at = now() WHERE id = $1 AND revoked_at IS NULL', [session.sessionId]);
}

/**
 * Moves a pending session to ACTIVE under a new token (the token that was known before the second
 * factor is worth nothing after it). False when the session is no longer in `from`.
 */
export async function activateOperatorSession(db: Queryable, sessionId: number, from: SessionStage): Promise<string | null> {
  const token = newSessionToken();
  const updated = await db.query(
    `UPDATE operator_sessions SET stage = 'ACTIVE', token_hash = $3, pending_totp_secret = NULL, last_seen_at = now()
      WHERE id = $1 AND stage = $2 AND revoked_at IS NULL`,
    [sessionId, from, hashToken(token)],
  );
  return (updated.rowCount ?? 0) > 0 ? token : null;
}

export async function revokeOperatorSession(db: Queryable, sessionId: number): Promise<boolean> {
  const revoked = await db.query('UPDATE operator_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
  return (revoked.rowCount ?? 0) > 0;
}

/** Ends every session of an operator (disabled, role changed, second factor reset, password reset). */
export async function revokeOperatorSessions(db: Queryable, operatorId: number): Promise<number> {
  const revoked = await db.query('UPDATE operator_sessions SET revoked_at = now() WHERE operator_id = $1 AND revoked_at IS NULL', [operatorId]);
  return revoked.rowCount ?? 0;
}

export function setOperatorCookie(reply: FastifyReply, request: FastifyRequest, token: string, cookieSecure: 'auto' | boolean): void {
  reply.setCookie(OPERATOR_COOKIE, token, {
    path: OPERATOR_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure,
  });
}

export function clearOperatorCookie(reply: FastifyReply): void {
  reply.clearCookie(OPERATOR_COOKIE, { path: OPERATOR_COOKIE_PATH });
}
