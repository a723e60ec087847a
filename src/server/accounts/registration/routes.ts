// Registration (spec §4, §7): the image captcha, the registration data of a link, registering through
// a link (or the main site's registerId, the same call) and logging in with the returned token.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNTS_PATHS,
  CaptchaSchema,
  LoginTokenBodySchema,
  RegisterResponseSchema,
  RegistrationDataSchema,
  registerBodySchema,
  type RegisterBody,
} from '../../../shared/api/accounts.ts';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import { CurrentCustomerSchema } from '../../../shared/api/session.ts';
import type { ServerContext } from '../../context.ts';
import { AppError, errors } from '../../http/errors.ts';
import { AttemptLimiter } from '../../session/throttle.ts';
import { loadCurrentCustomer } from '../customers.ts';
import { issueLoginToken, redeemLoginToken } from '../login-token.ts';
import { releaseSlot, reserveSlot } from '../rate-limit.ts';
import type { AccountServices } from '../services.ts';
import { signIn } from '../../session/sign-in.ts';
import { findActiveLink } from './links.ts';
import { isUsernameTaken, registerPlayer, usernameUnavailable } from './register.ts';
import { announceNewCustomer } from '../../agent-chat/presence.ts';

const LinkParams = z.object({ id: z.string().min(1).max(64) });
const HOUR_MS = 3_600_000;
const tooMany = (message: string) => new AppError(429, ERROR_CODES.RATE_LIMITED, message);
export const REGISTER_RATE_MESSAGE = '注册过于频繁，请稍后再试';

export async function registrationRoutes(app: FastifyInstance, ctx: ServerContext, services: AccountServices): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const settings = ctx.config.accounts;
  // Per-process brakes on anonymous calls; the rules that matter are counted in the database.
  const captchaBrake = new AttemptLimiter(30);
  const registerBrake = new AttemptLimiter(20);
  const tokenBrake = new AttemptLimiter(ctx.config.loginRatePerMinute);

  r.get(ACCOUNTS_PATHS.captcha, { schema: { response: { 200: CaptchaSchema } } }, async (request, reply) => {
    const imageCaptcha = services.imageCaptcha;
    if (!imageCaptcha) throw errors.notFound('当前使用人机验证，无需图形验证码');
    if (!captchaBrake.tryAcquire(request.ip)) throw tooMany('获取验证码过于频繁，请稍后再试');
    reply.header('cache-control', 'no-store');
    return imageCaptcha.issue();
  });

  r.get('/ajax/registration-link/:id', { schema: { params: LinkParams, response: { 200: RegistrationDataSchema } } }, async (request) => {
    const link = await findActiveLink(pool, request.params.id);
    return { id: link.id, recaptchaRequired: services.captcha.kind === 'recaptcha', recaptchaSiteKey: services.captcha.siteKey };
  });

  r.post(
    '/ajax/registration-link/:id/register',
    { schema: { params: LinkParams, body: registerBodySchema(services.captcha.kind), response: { 200: RegisterResponseSchema } } },
    async (request, reply) => {
      if (!registerBrake.tryAcquire(request.ip)) throw tooMany(REGISTER_RATE_MESSAGE);
      // The slot is taken before anything else and given back on failure: only registrations count,
      // and parallel requests from one address cannot all pass the same free count.
      const slot = await reserveSlot(pool, {
        bucket: 'register-address',
        key: request.ip,
        limit: settings.registerPerAddressPerHour,
        windowMs: HOUR_MS,
      });
      if (slot === null) throw tooMany(REGISTER_RATE_MESSAGE);
      const body = request.body as RegisterBody;
      const register = async () => {
        const link = await findActiveLink(pool, request.params.id);
        await services.captcha.verify({ ...body, remoteIp: request.ip, userAgent: request.headers['user-agent'] });
        // Only past the captcha may a taken name be told apart (docs/accounts.md).
        if (await isUsernameTaken(pool, body.username)) throw usernameUnavailable();
        return { link, player: await registerPlayer(pool, link.id, body, request.ip) };
      };
      let registered: Awaited<ReturnType<typeof register>>;
      try {
        registered = await register();
      } catch (error) {
        await releaseSlot(pool, slot);
        throw error;
      }
      const { link, player } = registered;
      request.log.info({ customerId: player.customerId, linkId: link.id }, 'player registered');
      await announceNewCustomer(ctx, player.customerId, request.log);
      reply.header('cache-control', 'no-store');
      return { alias: player.alias, loginToken: await issueLoginToken(pool, player.customerId, settings.loginTokenTtlMs) };
    },
  );

  r.put(
    ACCOUNTS_PATHS.loginToken,
    { schema: { body: LoginTokenBodySchema, response: { 200: CurrentCustomerSchema } } },
    async (request, reply) => {
      if (!tokenBrake.tryAcquire(request.ip)) throw tooMany('登录尝试过于频繁，请稍后再试');
      const customerId = await redeemLoginToken(pool, request.body.token);
      if (customerId === null) throw new AppError(401, ERROR_CODES.BAD_CREDENTIALS, '登录凭证无效或已过期，请重新登录');
      // The one-time token, not a password, proves this login (issued by the registration minutes ago).
      await signIn(ctx, request, reply, customerId, { verifiedHash: null });
      return loadCurrentCustomer(pool, customerId);
    },
  );
}
