// The jackpot jobs of a running server: the settings refresh (the settlement hook's rate), the round
// cycle (commit rounds ahead, sweep contributions into the pool, draw the rounds that closed) and the
// throttled broadcast of the pool total (only when it changed, at most every BROADCAST_MS). Off under
// NODE_ENV=test unless JACKPOT_JOB_INTERVAL_MS sets the cycle: tests drive runJackpotCycle directly.
// Rounds use the system clock, not the draw clock: their windows are compared with database times.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { ServerContext } from '../context.ts';
import { Loop } from '../jobs/loop.ts';
import { drawDueRounds } from './draw-round.ts';
import { jackpotPoolBalance } from './pool-account.ts';
import { ensureRounds } from './schedule.ts';
import { loadJackpotSettings } from './settings.ts';
import { sweepContributions } from './sweep.ts';

export const BROADCAST_MS = 10_000;
const SETTINGS_REFRESH_MS = 30_000;

/** One pass: rounds ahead, the sweep (so the pool holds what was contributed), then due draws. */
export async function runJackpotCycle(pool: pg.Pool, ctx: Pick<ServerContext, 'events'>, now: number, log?: FastifyBaseLogger) {
  await ensureRounds(pool, now);
  const sweep = await sweepContributions(pool);
  const outcomes = await drawDueRounds(pool, now);
  const events = outcomes.flatMap((o) => o.events);
  if (events.length > 0) void ctx.events.publish(events).catch((error: unknown) => log?.warn({ err: error }, 'jackpot events not published'));
  return { sweep, outcomes };
}

/** Publishes the pool total when it changed since the last broadcast. */
export class TotalBroadcaster {
  private last: number | null = null;

  constructor(private readonly ctx: Pick<ServerContext, 'events' | 'database'>) {}

  async run(): Promise<boolean> {
    const total = await jackpotPoolBalance(this.ctx.database.pool);
    if (total === this.last) return false;
    await this.ctx.events.publishToAll('totalJackpotPoolPrize', { totalPrize: total });
    this.last = total;
    return true;
  }
}

export class JackpotJobs {
  private loops: Loop[] = [];

  constructor(
    private readonly ctx: ServerContext,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    if (this.intervalMs <= 0) return;
    const pool = this.ctx.database.pool;
    const broadcaster = new TotalBroadcaster(this.ctx);
    this.loops.push(
      new Loop('jackpot settings', () => loadJackpotSettings(pool), SETTINGS_REFRESH_MS, this.log).start(),
      this.ctx.singletons.loop('jackpot.rounds', () => runJackpotCycle(pool, this.ctx, Date.now(), this.log), this.intervalMs, this.log).start(),
      this.ctx.singletons.loop('jackpot.total', () => broadcaster.run(), BROADCAST_MS, this.log).start(),
    );
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.loops.map((loop) => loop.stop()));
    this.loops = [];
  }
}
