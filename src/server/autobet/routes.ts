// Autobet calls (spec §2.1 /account/autobet, §2.2 autobet screen and detail): not for trial accounts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTOBET_PATHS, AutobetDetailSchema, AutobetListQuerySchema, AutobetListSchema, CreateAutobetSchema } from '../../shared/api/autobet.ts';
import type { ServerContext } from '../context.ts';
import { errors } from '../http/errors.ts';
import { requireSession, type AccessRule } from '../session/access.ts';
import { createAutobet } from './create.ts';
import { assertDrawTypeOffered } from '../draws/sources.ts';
import { AutobetRunner, stopAutobet } from './runner.ts';
import { autobetDetail, listAutobets } from './views.ts';

const IdParams = z.object({ autobetId: z.string().regex(/^\d{1,15}$/, '追号编号格式不正确') });

export async function autobetRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const nonTrial: AccessRule = { tier: 'nonTrial', operation: '追号' };
  const runner = new AutobetRunner(pool, ctx.events, app.log);

  r.post(AUTOBET_PATHS.autobets, { config: { access: nonTrial }, schema: { body: CreateAutobetSchema, response: { 200: AutobetDetailSchema } } }, async (request) => {
    const session = await requireSession(ctx, request);
    assertDrawTypeOffered(ctx.config, request.body.drawType);
    const id = await createAutobet(pool, { customerId: session.customer.id, prizeGroup: session.customer.prize_group }, request.body, ctx.clock.now());
    // The first entry's issue is on sale now: place it at once rather than at the next tick (this
    // plan's entries only; the sweeps over every plan run after the scheduler's ticks).
    await runner.placePlan(ctx.clock.now(), id);
    return (await autobetDetail(pool, session.customer.id, id))!;
  });

  r.get(AUTOBET_PATHS.autobets, { config: { access: nonTrial }, schema: { querystring: AutobetListQuerySchema, response: { 200: AutobetListSchema } } }, async (request) => {
    const session = await requireSession(ctx, request);
    const { tab, page, pageSize } = request.query;
    return listAutobets(pool, session.customer.id, tab, page, pageSize);
  });

  r.get('/ajax/autobet/:autobetId', { config: { access: nonTrial }, schema: { params: IdParams, response: { 200: AutobetDetailSchema } } }, async (request) => {
    const session = await requireSession(ctx, request);
    const detail = await autobetDetail(pool, session.customer.id, Number(request.params.autobetId));
    if (!detail) throw errors.notFound('追号记录不存在');
    return detail;
  });

  r.put('/ajax/autobet/:autobetId/stop', { config: { access: nonTrial }, schema: { params: IdParams, response: { 200: AutobetDetailSchema } } }, async (request) => {
    const session = await requireSession(ctx, request);
    const id = Number(request.params.autobetId);
    if (!(await stopAutobet(pool, session.customer.id, id))) throw errors.notFound('追号记录不存在');
    return (await autobetDetail(pool, session.customer.id, id))!;
  });
}
