// The VIP job of a running server, every config.promotions.vipJobIntervalMs (VIP_JOB_INTERVAL_MS;
// 0: off, as under NODE_ENV=test, where tests call runVipJob).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { Loop } from '../jobs/loop.ts';
import { runVipJobAndPublish } from './job.ts';

export function startVipJob(ctx: ServerContext, log: FastifyBaseLogger): Loop | null {
  const interval = ctx.config.promotions.vipJobIntervalMs;
  if (interval <= 0) return null;
  return ctx.singletons.loop('vip.job', () => runVipJobAndPublish(ctx, new Date(), log), interval, log).start();
}

/** Starts a job when the server is ready and stops it (waiting for its pass) when it closes. */
export function runWhileUp(app: FastifyInstance, start: () => Loop | null): void {
  let job: Loop | null = null;
  app.addHook('onReady', async () => {
    job = start();
  });
  app.addHook('preClose', async () => job?.stop());
}
