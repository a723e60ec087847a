// Session calls of spec §7: PUT /ajax/login, PUT /ajax/logout, GET /ajax/current-customer,
// GET /ajax/login/config.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, ERROR_CODES } from '../../shared/api/errors.ts';
import {
  CurrentCustomerResponseSchema,
  CurrentCustomerSchema,
  LoginBodySchema,
  LoginConfigSchema,
  SESSION_PATHS,
} from '../../shared/api/session.ts';
import { requiredMessage } from '../../shared/validation/index.ts';
import type { ServerContext } from '../context.ts';
import { CUSTOMER_COLUMNS, type CustomerRow } from '../customer/view.ts';
import { AppError } from '../http/errors.ts';
import { hasActiveLink } from '../accounts/registration/links.ts';
import { captchaServices } from '../accounts/services.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { liveSessionOf } from './access.ts';
import { ACCOUNT_FROZEN_MESSAGE } from './frozen.ts';
import { recordLogin } from './login-history.ts';
import { presentCustomer } from './present.ts';
import { signIn } from './sign-in.ts';
import { announcePresence } from '../agent-chat/presence.ts';
import { revokeSession } from './store.ts';
import { AttemptLimiter, clearFailures, reserveAttempt, type LoginThrottleRules } from './throttle.ts';
import { SESSION_COOKIE } from './tokens.ts';

const BAD_CREDENTIALS = '账号或密码错误';
// Spec §5's required message: a name that needs a captcha was sent without one.
const CAPTCHA_MISSING = requiredMessage('验证码');

export function lockedError(until: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new AppError(
    423,
    ERROR_CODES.ACCOUNT_LOCKED,
    `密码错误次数过多，账号已被锁定，请 ${minutes} 分钟后再试`,
  );
}

/** CAPTCHA_REQUIRED tells the form to show the captcha; the message says what happened to this attempt. */
const captchaRequired = (message: string, fields?: Record<string, string>) =>
  new AppError(401, ERROR_CODES.CAPTCHA_REQUIRED, message, fields);

export async function sessionRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { config, database } = ctx;
  const limiter = new AttemptLimiter(config.loginRatePerMinute);
  const { captcha } = captchaServices(ctx);
  const rules: LoginThrottleRules = {
    captchaAfter: config.loginCaptchaAfterFailures,
    lockAfter: config.loginMaxFailures,
    windowMs: config.loginLockMs,
  };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    SESSION_PATHS.currentCustomer,
    { schema: { response: { 200: CurrentCustomerResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = await liveSessionOf(ctx, request);
      return session ? presentCustomer(session.customer) : null;
    },
  );

  r.get(SESSION_PATHS.loginConfig, { schema: { response: { 200: LoginConfigSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      captchaRequired: false,
      captchaAfterFailures: rules.captchaAfter,
      captchaKind: captcha.kind,
      recaptchaSiteKey: captcha.siteKey,
      maxFailedAttempts: rules.lockAfter,
      lockoutMinutes: Math.round(rules.windowMs / 60_000),
      registrationEnabled: await hasActiveLink(database.pool),
    };
  });

  r.put(
    SESSION_PATHS.login,
    {
      schema: {
        body: LoginBodySchema,
        response: { 200: CurrentCustomerSchema, 401: ApiErrorSchema, 423: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!limiter.tryAcquire(request.ip)) {
        throw new AppError(429, ERROR_CODES.RATE_LIMITED, '登录尝试过于频繁，请稍后再试');
      }
      const { username, password, remember = false, captchaId, captcha: captchaAnswer, recaptchaToken } = request.body;
      const usernameKey = username.trim().toLowerCase();
      // A captcha that was sent must be right (it is used up either way); a wrong one counts nothing.
      const captchaOffered = captchaId !== undefined || captchaAnswer !== undefined || recaptchaToken !== undefined;
      if (captchaOffered) {
        await captcha.verify({
          captchaId,
          captcha: captchaAnswer,
          recaptchaToken,
          action: 'LOGIN',
          remoteIp: request.ip,
          userAgent: request.headers['user-agent'],
        });
      }
      // The attempt is counted before the password is checked: a locked name, or one that needs a
      // captcha, is refused without spending an Argon2 check, whatever the password.
      const reservation = await reserveAttempt(database.pool, usernameKey, captchaOffered, rules);
      if (reservation.kind === 'locked') throw lockedError(reservation.until);
      if (reservation.kind === 'captcha') throw captchaRequired(CAPTCHA_MISSING, { captcha: CAPTCHA_MISSING });

      const found = await database.pool.query<CustomerRow & { password_hash: string; password_change_required: boolean }>(
        `SELECT ${CUSTOMER_COLUMNS}, c.password_hash, c.password_change_required FROM customers c WHERE c.username_key = $1`,
        [usernameKey],
      );
      const row = found.rows[0];
      const refuse = async (customerId: number | undefined): Promise<never> => {
        if (customerId !== undefined) {
          await recordLogin(database.pool, { customerId, outcome: 'BAD_PASSWORD', ip: request.ip, userAgent: request.headers['user-agent'] });
        }
        if (reservation.lockedUntil) throw lockedError(reservation.lockedUntil);
        if (reservation.failures >= rules.captchaAfter) throw captchaRequired(BAD_CREDENTIALS);
        throw new AppError(401, ERROR_CODES.BAD_CREDENTIALS, BAD_CREDENTIALS);
      };
      const valid = row ? await verifyPassword(row.password_hash, password) : await verifyAgainstDummy(password);
      if (!row || !valid) return refuse(row?.id);

      // The session is made only if the customer still has the hash just verified: a password change
      // or reset committing meanwhile leaves this login with a wrong password (and its try counted).
      let signedIn: boolean;
      try {
        signedIn = await signIn(ctx, request, reply, row.id, { remember, verifiedHash: row.password_hash });
      } catch (error) {
        // Frozen: the password was right, so the name starts afresh all the same.
        if (error instanceof AppError && error.message === ACCOUNT_FROZEN_MESSAGE) await clearFailures(database.pool, usernameKey);
        throw error;
      }
      if (!signedIn) return refuse(row.id);
      await clearFailures(database.pool, usernameKey);
      return presentCustomer(row);
    },
  );

  r.put(SESSION_PATHS.logout, { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, async (request, reply) => {
    const session = await liveSessionOf(ctx, request);
    if (session) {
      await revokeSession(database.pool, session.sessionId);
      await ctx.events.closeSession(session.customer.id, session.sessionId);
      await announcePresence(ctx, session.customer.id, false, request.log);
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });
}
