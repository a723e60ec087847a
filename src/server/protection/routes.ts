// Player protection in the personal centre (decisions §8, docs/accounts.md): limits, cooling-off,
// self-exclusion, the reality-check interval. Betting and deposits enforce them through guards.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CoolingOffBodySchema,
  PROTECTION_PATHS,
  ProtectionStatusSchema,
  RealityCheckBodySchema,
  SelfExclusionBodySchema,
  SetLimitBodySchema,
} from '../../shared/api/accounts.ts';
import type { ServerContext } from '../context.ts';
import { withTransaction } from '../db/pool.ts';
import { requireAccess, requireSession } from '../session/access.ts';
import { setLimit } from './limits.ts';
import { addMonths, beijingDateTime } from './periods.ts';
import { audit, extendBlock, setRealityCheck } from './settings.ts';
import { protectionStatus } from './status.ts';

const WEEK_MS = 7 * 86_400_000;

export async function protectionRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const loggedIn = requireAccess(ctx, { tier: 'loggedIn' });
  const status = { 200: ProtectionStatusSchema };

  r.get(PROTECTION_PATHS.status, { preValidation: loggedIn, schema: { response: status } }, async (request, reply) => {
    const session = await requireSession(ctx, request);
    reply.header('cache-control', 'no-store');
    return protectionStatus(pool, session.customer.id, session.sessionId);
  });

  r.put(PROTECTION_PATHS.limits, { preValidation: loggedIn, schema: { body: SetLimitBodySchema, response: status } }, async (request) => {
    const session = await requireSession(ctx, request);
    await withTransaction(pool, (client) => setLimit(client, session.customer.id, request.body, new Date()));
    return protectionStatus(pool, session.customer.id, session.sessionId);
  });

  r.put(PROTECTION_PATHS.coolingOff, { preValidation: loggedIn, schema: { body: CoolingOffBodySchema, response: status } }, async (request) => {
    const session = await requireSession(ctx, request);
    const until = await extendBlock(pool, session.customer.id, 'cooling_off_until', new Date(Date.now() + request.body.weeks * WEEK_MS));
    await audit(pool, session.customer.id, 'COOLING_OFF', `${request.body.weeks} 周，至 ${beijingDateTime(until)}`);
    return protectionStatus(pool, session.customer.id, session.sessionId);
  });

  r.put(
    PROTECTION_PATHS.selfExclusion,
    { preValidation: loggedIn, schema: { body: SelfExclusionBodySchema, response: status } },
    async (request) => {
      const session = await requireSession(ctx, request);
      const until = await extendBlock(pool, session.customer.id, 'self_excluded_until', addMonths(new Date(), request.body.months));
      await audit(pool, session.customer.id, 'SELF_EXCLUSION', `${request.body.months} 个月，至 ${beijingDateTime(until)}`);
      request.log.info({ customerId: session.customer.id }, 'self-exclusion set');
      return protectionStatus(pool, session.customer.id, session.sessionId);
    },
  );

  r.put(
    PROTECTION_PATHS.realityCheck,
    { preValidation: loggedIn, schema: { body: RealityCheckBodySchema, response: status } },
    async (request) => {
      const session = await requireSession(ctx, request);
      await setRealityCheck(pool, session.customer.id, request.body.minutes);
      return protectionStatus(pool, session.customer.id, session.sessionId);
    },
  );
}
