// The agent reports (issue 19 items 4 and 5): team overview and team profit, read from the statistics
// roll-up, and the roll-up's loop — started when the app is ready, stopped before it closes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AGENT_REPORT_PATHS, OverviewQuerySchema, OverviewSchema, ProfitQuerySchema, ProfitSchema } from '../../../shared/api/agent-reports.ts';
import type { ServerContext } from '../../context.ts';
import { requireSession, type AccessRule } from '../../session/access.ts';
import { teamOverview } from './overview.ts';
import { teamProfit } from './profit.ts';
import { runAgentStatsRollup, startRollupLoop } from './rollup.ts';

/** Browser tests run the roll-up on demand (the fuzz test skips /ajax/test/: this route writes). */
export const ROLLUP_TEST_PATH = '/ajax/test/agent-stats/run';

/**
 * AGENT_STATS_INTERVAL_SECONDS: how often the roll-up runs (default 30 s; 0 turns the loop off). Off
 * by default under test, where each test runs it when it wants to (a background run would change
 * tables under the fuzz test's feet).
 */
export function rollupIntervalMs(ctx: ServerContext, env: NodeJS.ProcessEnv = process.env): number {
  const fallback = ctx.config.env === 'test' ? 0 : 30;
  const raw = env.AGENT_STATS_INTERVAL_SECONDS;
  const seconds = raw === undefined || raw.trim() === '' ? fallback : Number(raw);
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 0;
}

export async function agentReportsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const agentOnly: AccessRule = { tier: 'agentOnly' };
  const agentOf = async (request: Parameters<typeof requireSession>[1]) => (await requireSession(ctx, request)).customer.id;

  const intervalMs = rollupIntervalMs(ctx);
  if (intervalMs > 0) {
    let loop: { stop(): Promise<void> } | null = null;
    app.addHook('onReady', async () => {
      loop = startRollupLoop(pool, intervalMs, app.log, {}, ctx.singletons);
    });
    app.addHook('preClose', async () => {
      await loop?.stop();
    });
  }

  r.get(
    AGENT_REPORT_PATHS.overview,
    { config: { access: agentOnly }, schema: { querystring: OverviewQuerySchema, response: { 200: OverviewSchema } } },
    async (request) => teamOverview(pool, await agentOf(request), request.query),
  );

  r.get(
    AGENT_REPORT_PATHS.profit,
    { config: { access: agentOnly }, schema: { querystring: ProfitQuerySchema, response: { 200: ProfitSchema } } },
    async (request) => teamProfit(pool, await agentOf(request), request.query),
  );

  if (ctx.config.env === 'test') {
    r.post(ROLLUP_TEST_PATH, async () => {
      const run = await runAgentStatsRollup(pool);
      return { days: run.days, coveredUntil: run.coveredUntil.toISOString() };
    });
  }
}
