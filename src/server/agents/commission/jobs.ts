// The commission and bonus jobs of this process: one loop, started when the app is ready and stopped
// before it closes (like the deposit expiry loop). A run that dies half-way is finished by the next.
import type pg from 'pg';
import { runBonusJob } from './bonus.ts';
import { runCommissionBatch } from './batch.ts';

export const JOB_INTERVAL_MS = 5 * 60_000;

export function startCommissionLoop(pool: pg.Pool, intervalMs: number, log: { error: (obj: object, msg: string) => void }): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    running = runCommissionBatch(pool)
      .then(() => runBonusJob(pool))
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'commission job failed'))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
