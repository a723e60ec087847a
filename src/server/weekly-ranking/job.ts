// The weekly-ranking job: counts new settlements, then closes and pays every ended week. Events are
// published after the commits, every config.promotions.rankingJobIntervalMs (WEEKLY_RANKING_JOB_INTERVAL_MS;
// 0: off, as under NODE_ENV=test, where tests call runRankingJob).
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { ServerContext } from '../context.ts';
import type { Loop } from '../jobs/loop.ts';
import type { VipEvent } from '../vip/events.ts';
import { accumulateRanking } from './accumulate.ts';
import { closeEndedWeeks } from './close-week.ts';

export async function runRankingJob(pool: pg.Pool, now = new Date()): Promise<VipEvent[]> {
  await accumulateRanking(pool, now);
  return closeEndedWeeks(pool);
}

export function startRankingJob(ctx: ServerContext, log: FastifyBaseLogger): Loop | null {
  const interval = ctx.config.promotions.rankingJobIntervalMs;
  if (interval <= 0) return null;
  const pass = async () => {
    const events = await runRankingJob(ctx.database.pool);
    if (events.length > 0) void ctx.events.publish(events).catch((error: unknown) => log.warn({ err: error }, 'ranking events not published'));
  };
  return ctx.singletons.loop('weekly-ranking.job', pass, interval, log).start();
}
