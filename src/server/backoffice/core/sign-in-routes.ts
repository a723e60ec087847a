// Operator sign-in: password → TOTP code or recovery code, or (first sign-in, or after a reset) the
// TOTP enrolment with its recovery codes; sign-out; GET /session. Every step that checks a secret is
// counted before it is checked, twice: against its address (the in-process FailureBrake: 429 over
// LOGIN_RATE_PER_MINUTE, the slot given back when the step proves right) and against the operator
// (operators.reserveSignInAttempt: locked after OPERATOR_MAX_FAILURES).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import {
  CORE_PATHS,
  EnrolBodySchema,
  EnrolmentSchema,
  EnrolResponseSchema,
  OkSchema,
  SignedInSchema,
  SignInCodeBodySchema,
  SignInPasswordBodySchema,
  SignInPasswordResponseSchema,
  type Enrolment,
} from '../../../shared/backoffice/auth.ts';
import { permissionsOf, type OperatorRole } from '../../../shared/backoffice/permissions.ts';
import { BACKOFFICE_API, OperatorSessionSchema, type OperatorView } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { withTransaction } from '../../db/pool.ts';
import { AppError, errors } from '../../http/errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../../session/passwords.ts';
import { activeOperator, operatorSessionOf } from './access.ts';
import { FailureBrake, type BrakeSlot } from './failure-brake.ts';
import { insertAuditRows, type AuditActor } from './audit.ts';
import { claimTotpStep, clearSignInFailures, findOperatorByUsername, reserveSignInAttempt, type LockRules } from './operators.ts';
import { qrSvg } from './qr.ts';
import { looksLikeRecoveryCode, replaceRecoveryCodes, unusedRecoveryCodes, useRecoveryCode } from './recovery-codes.ts';
import {
  activateOperatorSession,
  clearOperatorCookie,
  createOperatorSession,
  revokeOperatorSession,
  setOperatorCookie,
  type OperatorSessionRecord,
} from './sessions.ts';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp.ts';

export const TOTP_ISSUER = 'Jinli';
const BAD_CREDENTIALS = '用户名或密码错误';
const BAD_CODE = '验证码错误';
const STEP_EXPIRED = '登录已失效，请重新输入用户名和密码';

const path = (p: string) => `${BACKOFFICE_API}${p}`;

export function operatorView(operator: { id: number; username: string; displayName: string; role: OperatorRole }): OperatorView {
  return { id: operator.id, username: operator.username, displayName: operator.displayName, role: operator.role, permissions: permissionsOf(operator.role) };
}

function lockedError(until: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new AppError(423, ERROR_CODES.ACCOUNT_LOCKED, `错误次数过多，账号已被锁定，请 ${minutes} 分钟后再试`);
}

function enrolmentOf(username: string, secret: string): Enrolment {
  const url = otpauthUrl(TOTP_ISSUER, username, secret);
  return { secret, otpauthUrl: url, qrSvg: qrSvg(url), issuer: TOTP_ISSUER, account: username };
}

function actorOf(session: OperatorSessionRecord, request: FastifyRequest): AuditActor {
  return { id: session.operator.id, username: session.operator.username, role: session.operator.role, ip: request.ip };
}

export async function signInRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { database, config } = ctx;
  const pool = database.pool;
  const brake = new FailureBrake(config.loginRatePerMinute);
  const rules: LockRules = { maxFailures: config.operators.maxFailures, lockMs: config.operators.lockMs };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { operator: { permission: null } } as const;

  /** Counts a step of the request's address as failed before it is checked; 429 when the address has used its minute. */
  function brakeSlot(request: FastifyRequest): BrakeSlot {
    const slot = brake.tryReserve(request.ip);
    if (!slot) throw new AppError(429, ERROR_CODES.RATE_LIMITED, '登录尝试过于频繁，请稍后再试');
    return slot;
  }

  /** The session of a pending step, or 401: a step cannot be taken out of order. */
  async function pendingSession(request: FastifyRequest, stage: 'SECOND_FACTOR' | 'ENROLMENT'): Promise<OperatorSessionRecord> {
    const session = await operatorSessionOf(ctx, request);
    if (!session || session.stage !== stage) throw new AppError(401, ERROR_CODES.UNAUTHENTICATED, STEP_EXPIRED);
    return session;
  }

  /** Counts the step; a locked operator's pending session ends with it (refused unchecked: the address's slot is given back). */
  async function reserve(session: OperatorSessionRecord, slot: BrakeSlot): Promise<Date | null> {
    const reservation = await reserveSignInAttempt(pool, session.operator.id, rules);
    if (reservation.kind === 'reserved') return reservation.lockedUntil;
    brake.forgive(slot);
    await revokeOperatorSession(pool, session.sessionId);
    if (reservation.kind === 'locked') throw lockedError(reservation.until);
    throw new AppError(401, ERROR_CODES.UNAUTHENTICATED, STEP_EXPIRED);
  }

  async function refuseCode(session: OperatorSessionRecord, lockedUntil: Date | null, reply: FastifyReply, message = BAD_CODE): Promise<never> {
    if (lockedUntil) {
      await revokeOperatorSession(pool, session.sessionId);
      clearOperatorCookie(reply);
      throw lockedError(lockedUntil);
    }
    throw new AppError(401, ERROR_CODES.BAD_CREDENTIALS, message);
  }

  r.get(path(CORE_PATHS.session), { config: open, schema: { response: { 200: OperatorSessionSchema } } }, async (request) => {
    const operator = await activeOperator(ctx, request);
    return { operator: operator ? operatorView(operator) : null };
  });

  r.post(
    path(CORE_PATHS.signInPassword),
    { config: open, schema: { body: SignInPasswordBodySchema, response: { 200: SignInPasswordResponseSchema } } },
    async (request, reply) => {
      const slot = brakeSlot(request);
      const previous = await operatorSessionOf(ctx, request);
      if (previous) await revokeOperatorSession(pool, previous.sessionId);
      const { username, password } = request.body;
      const operator = await findOperatorByUsername(pool, username);
      if (!operator) {
        await verifyAgainstDummy(password);
        throw new AppError(401, ERROR_CODES.BAD_CREDENTIALS, BAD_CREDENTIALS);
      }
      // The hash and the account's state are read by the counting UPDATE, under the row lock: a
      // password reset or a disabling in progress is waited for, then seen.
      const reservation = await reserveSignInAttempt(pool, operator.id, rules);
      if (reservation.kind === 'locked') {
        brake.forgive(slot);
        throw lockedError(reservation.until);
      }
      if (reservation.kind === 'unknown') throw new AppError(401, ERROR_CODES.BAD_CREDENTIALS, BAD_CREDENTIALS);
      const valid = await verifyPassword(reservation.passwordHash, password);
      if (valid) brake.forgive(slot);
      if (reservation.lockedUntil) throw lockedError(reservation.lockedUntil);
      if (!valid) throw new AppError(401, ERROR_CODES.BAD_CREDENTIALS, BAD_CREDENTIALS);
      if (reservation.disabledAt) throw errors.forbidden('该账号已停用，请联系超级管理员');

      const enrolled = reservation.enrolledAt !== null;
      const pendingSecret = enrolled ? null : newTotpSecret();
      // Created only if the operator still has the hash just checked (a reset committed since refuses it).
      const created = await createOperatorSession(pool, {
        operatorId: operator.id,
        stage: enrolled ? 'SECOND_FACTOR' : 'ENROLMENT',
        pendingTotpSecret: pendingSecret,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        checkedPasswordHash: reservation.passwordHash,
      });
      if (!created) throw new AppError(401, ERROR_CODES.BAD_CREDENTIALS, BAD_CREDENTIALS);
      setOperatorCookie(reply, request, created.token, config.cookieSecure);
      return pendingSecret === null
        ? { next: 'SECOND_FACTOR' as const }
        : { next: 'ENROLMENT' as const, enrolment: enrolmentOf(operator.username, pendingSecret) };
    },
  );

  r.post(
    path(CORE_PATHS.signInCode),
    { config: open, schema: { body: SignInCodeBodySchema, response: { 200: SignedInSchema } } },
    async (request, reply) => {
      const session = await pendingSession(request, 'SECOND_FACTOR');
      const slot = brakeSlot(request);
      const lockedUntil = await reserve(session, slot);
      const code = request.body.code.trim();
      const operatorId = session.operator.id;
      let method: 'totp' | 'recovery_code';
      if (/^\d{6}$/.test(code)) {
        const secret = await pool.query<{ totp_secret: string | null }>('SELECT totp_secret FROM operators WHERE id = $1', [operatorId]);
        const step = secret.rows[0]?.totp_secret ? matchTotp(secret.rows[0].totp_secret, code) : null;
        if (step === null) return refuseCode(session, lockedUntil, reply);
        if (!(await claimTotpStep(pool, operatorId, step))) return refuseCode(session, lockedUntil, reply, '该验证码已使用，请等待下一个验证码');
        method = 'totp';
        brake.forgive(slot);
      } else if (looksLikeRecoveryCode(code) && (await useRecoveryCode(pool, operatorId, code))) {
        method = 'recovery_code';
        brake.forgive(slot);
      } else {
        return refuseCode(session, lockedUntil, reply);
      }
      const token = await withTransaction(pool, async (client) => {
        const activated = await activateOperatorSession(client, session.sessionId, 'SECOND_FACTOR');
        if (!activated) throw new AppError(401, ERROR_CODES.UNAUTHENTICATED, STEP_EXPIRED);
        await clearSignInFailures(client, operatorId);
        const after = method === 'recovery_code' ? { method, unusedRecoveryCodes: await unusedRecoveryCodes(client, operatorId) } : { method };
        await insertAuditRows(client, actorOf(session, request), [
          { action: 'operator.sign_in', targetType: 'operator', targetId: operatorId, before: null, after },
        ]);
        return activated;
      });
      setOperatorCookie(reply, request, token, config.cookieSecure);
      return { operator: operatorView(session.operator) };
    },
  );

  r.get(path(CORE_PATHS.signInEnrolment), { config: open, schema: { response: { 200: EnrolmentSchema } } }, async (request) => {
    const session = await pendingSession(request, 'ENROLMENT');
    return enrolmentOf(session.operator.username, session.pendingTotpSecret!);
  });

  r.post(
    path(CORE_PATHS.signInEnrol),
    { config: open, schema: { body: EnrolBodySchema, response: { 200: EnrolResponseSchema } } },
    async (request, reply) => {
      const session = await pendingSession(request, 'ENROLMENT');
      const slot = brakeSlot(request);
      const lockedUntil = await reserve(session, slot);
      const secret = session.pendingTotpSecret!;
      const step = matchTotp(secret, request.body.code);
      if (step === null) return refuseCode(session, lockedUntil, reply, '验证码错误，请确认手机时间准确后重试');
      brake.forgive(slot);
      const operatorId = session.operator.id;
      const { token, recoveryCodes } = await withTransaction(pool, async (client) => {
        const enrolled = await client.query(
          'UPDATE operators SET totp_secret = $2, enrolled_at = now(), totp_last_step = $3 WHERE id = $1 AND enrolled_at IS NULL',
          [operatorId, secret, step],
        );
        if ((enrolled.rowCount ?? 0) === 0) throw errors.conflict('该账号已绑定动态验证码，请重新登录');
        const activated = await activateOperatorSession(client, session.sessionId, 'ENROLMENT');
        if (!activated) throw new AppError(401, ERROR_CODES.UNAUTHENTICATED, STEP_EXPIRED);
        const codes = await replaceRecoveryCodes(client, operatorId);
        await clearSignInFailures(client, operatorId);
        await insertAuditRows(client, actorOf(session, request), [
          { action: 'operator.enrol', targetType: 'operator', targetId: operatorId, before: { enrolled: false }, after: { enrolled: true, recoveryCodes: codes.length } },
        ]);
        return { token: activated, recoveryCodes: codes };
      });
      setOperatorCookie(reply, request, token, config.cookieSecure);
      return { operator: operatorView(session.operator), recoveryCodes };
    },
  );

  r.post(path(CORE_PATHS.signOut), { config: open, schema: { response: { 200: OkSchema } } }, async (request, reply) => {
    const session = await operatorSessionOf(ctx, request);
    if (session) {
      await withTransaction(pool, async (client) => {
        const revoked = await revokeOperatorSession(client, session.sessionId);
        if (revoked && session.stage === 'ACTIVE') {
          await insertAuditRows(client, actorOf(session, request), [
            { action: 'operator.sign_out', targetType: 'operator_session', targetId: session.sessionId, before: null, after: null },
          ]);
        }
      });
    }
    clearOperatorCookie(reply);
    return { ok: true as const };
  });
}
