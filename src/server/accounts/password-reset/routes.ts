// 忘记密码 (docs/accounts.md#password-reset): anonymous calls under /ajax/password-reset/*. A code to
// the verified phone or e-mail of the typed login name, then the new password with that code.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema, ERROR_CODES } from '../../../shared/api/errors.ts';
import {
  CodeSentSchema,
  OkSchema,
  PASSWORD_RESET_PATHS,
  PasswordResetBodySchema,
  ResetEmailCodeBodySchema,
  ResetPhoneCodeBodySchema,
} from '../../../shared/api/password-reset.ts';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { AttemptLimiter } from '../../session/throttle.ts';
import type { AccountServices } from '../services.ts';
import { resetPassword } from './reset-password.ts';
import { usernameKeyOf } from './reset-target.ts';
import { sendResetCode } from './send-reset-code.ts';

export async function passwordResetRoutes(app: FastifyInstance, ctx: ServerContext, services: AccountServices): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The login's per-address brake, with its own count.
  const limiter = new AttemptLimiter(ctx.config.loginRatePerMinute);
  const brake = async (request: { ip: string }) => {
    if (!limiter.tryAcquire(request.ip)) throw new AppError(429, ERROR_CODES.RATE_LIMITED, '操作过于频繁，请稍后再试');
  };
  const deps = (channel: 'SMS' | 'EMAIL') => ({
    pool: ctx.database.pool,
    settings: ctx.config.accounts,
    messenger: services.messengers[channel],
    log: app.log,
  });
  const refusals = { 400: ApiErrorSchema, 423: ApiErrorSchema, 429: ApiErrorSchema };

  r.post(
    PASSWORD_RESET_PATHS.phoneSend,
    { onRequest: brake, schema: { body: ResetPhoneCodeBodySchema, response: { 200: CodeSentSchema, ...refusals } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { username, phone } = request.body;
      return sendResetCode(deps('SMS'), { usernameKey: usernameKeyOf(username), channel: 'SMS', destination: phone, ip: request.ip });
    },
  );

  r.post(
    PASSWORD_RESET_PATHS.emailSend,
    { onRequest: brake, schema: { body: ResetEmailCodeBodySchema, response: { 200: CodeSentSchema, ...refusals } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { username, email } = request.body;
      return sendResetCode(deps('EMAIL'), { usernameKey: usernameKeyOf(username), channel: 'EMAIL', destination: email.toLowerCase(), ip: request.ip });
    },
  );

  r.put(
    PASSWORD_RESET_PATHS.reset,
    { onRequest: brake, schema: { body: PasswordResetBodySchema, response: { 200: OkSchema, ...refusals } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await resetPassword(ctx, request.body);
      return { ok: true as const };
    },
  );
}
