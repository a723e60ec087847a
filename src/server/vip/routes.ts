// VIP programme (issue 22 item 5): GET /ajax/vip, and the VIP job of this process.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VIP_PATHS, VipOverviewSchema } from '../../shared/api/vip.ts';
import type { ServerContext } from '../context.ts';
import { requireSession } from '../session/access.ts';
import { runWhileUp, startVipJob } from './jobs.ts';
import { vipOverview } from './overview.ts';

export async function vipRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  runWhileUp(app, () => startVipJob(ctx, app.log));

  r.get(
    VIP_PATHS.overview,
    { config: { access: { tier: 'nonTrial', operation: '查看 VIP 等级' } }, schema: { response: { 200: VipOverviewSchema } } },
    async (request) => vipOverview(ctx.database.pool, (await requireSession(ctx, request)).customer.id),
  );
}
