// POST /ajax/trial: the /trial/{id} page creates a trial account on the link and is logged in as it.
// Limited per client address (counted in the database) so demo accounts cannot be farmed.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNTS_PATHS, TrialBodySchema } from '../../../shared/api/accounts.ts';
import { CurrentCustomerSchema } from '../../../shared/api/session.ts';
import type { ServerContext } from '../../context.ts';
import { loadCurrentCustomer } from '../customers.ts';
import { consumeOrRefuse } from '../rate-limit.ts';
import { findActiveLink } from '../registration/links.ts';
import { signIn } from '../../session/sign-in.ts';
import { createTrialAccount } from './create-trial.ts';

export const TRIAL_RATE_MESSAGE = '试玩账号申请过于频繁，请稍后再试';

export async function trialRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const pool = ctx.database.pool;
  const settings = ctx.config.accounts;
  app.withTypeProvider<ZodTypeProvider>().post(
    ACCOUNTS_PATHS.trial,
    { schema: { body: TrialBodySchema, response: { 200: CurrentCustomerSchema } } },
    async (request, reply) => {
      const link = await findActiveLink(pool, request.body.registrationId);
      await consumeOrRefuse(
        pool,
        { bucket: 'trial-address', key: request.ip, limit: settings.trialPerAddressPerHour, windowMs: 3_600_000 },
        TRIAL_RATE_MESSAGE,
      );
      const customerId = await createTrialAccount(pool, link.id, settings.trialFundsYuan);
      // signIn logs out whoever was logged in on this browser: the cookie now belongs to the trial.
      // A trial has no usable password: nothing to compare.
      await signIn(ctx, request, reply, customerId, { verifiedHash: null });
      request.log.info({ customerId, linkId: link.id }, 'trial account created');
      return loadCurrentCustomer(pool, customerId);
    },
  );
}
