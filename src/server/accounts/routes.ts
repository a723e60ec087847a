// The accounts domain (docs/accounts.md): registration and captcha, trial accounts, first login and
// verification codes, profile, avatar, money password, sessions, password reset (忘记密码).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { avatarRoutes } from './avatar/routes.ts';
import { codeRoutes } from './codes/routes.ts';
import { firstLoginRoutes } from './first-login/routes.ts';
import { passwordResetRoutes } from './password-reset/routes.ts';
import { moneyPasswordRoutes } from './profile/money-password-routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { pruneOldEvents } from './rate-limit.ts';
import { pruneLoginThrottle } from '../session/throttle.ts';
import { registrationRoutes } from './registration/routes.ts';
import { accountServices } from './services.ts';
import { sessionListRoutes } from './sessions/routes.ts';
import { trialRoutes } from './trial/routes.ts';

const PRUNE_EVERY_MS = 3_600_000;

export async function accountsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const services = accountServices(ctx, app.log);
  await registrationRoutes(app, ctx, services);
  await trialRoutes(app, ctx);
  await codeRoutes(app, ctx, services);
  await firstLoginRoutes(app, ctx);
  await profileRoutes(app, ctx);
  await moneyPasswordRoutes(app, ctx);
  await avatarRoutes(app, ctx);
  await sessionListRoutes(app, ctx);
  await passwordResetRoutes(app, ctx, services);

  const prune = ctx.singletons.loop('accounts.prune', () => Promise.all([
    pruneOldEvents(ctx.database.pool).catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit pruning failed')),
    pruneLoginThrottle(ctx.database.pool, ctx.config.loginLockMs).catch((error: unknown) =>
      app.log.warn({ err: error }, 'login throttle pruning failed'),
    ),
  ]), PRUNE_EVERY_MS, app.log, { runAtStart: false }).start();
  app.addHook('onClose', () => prune.stop());
}
