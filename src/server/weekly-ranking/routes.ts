// The weekly ranking (issue 22 item 4): GET /ajax/weekly-ranking (public; the player's own place when
// logged in), and the ranking job of this process.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WEEKLY_RANKING_PATHS, WeeklyRankingSchema } from '../../shared/api/weekly-ranking.ts';
import type { ServerContext } from '../context.ts';
import { liveSessionOf } from '../session/access.ts';
import { runWhileUp } from '../vip/jobs.ts';
import { startRankingJob } from './job.ts';
import { weeklyRanking } from './view.ts';

export async function weeklyRankingRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  runWhileUp(app, () => startRankingJob(ctx, app.log));

  r.get(WEEKLY_RANKING_PATHS.ranking, { schema: { response: { 200: WeeklyRankingSchema } } }, async (request, reply) => {
    const session = await liveSessionOf(ctx, request);
    reply.header('cache-control', 'no-store');
    return weeklyRanking(ctx.database.pool, session?.customer.id ?? null);
  });
}
