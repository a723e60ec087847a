// The commission and bonus jobs of this process: one loop, started when the app is ready and stopped
// before it closes. A run that dies half-way is finished by the next.
import type pg from 'pg';
import { Loop } from '../../jobs/loop.ts';
import type { Singletons } from '../../jobs/singletons.ts';
import { runBonusJob } from './bonus.ts';
import { runCommissionBatch } from './batch.ts';

export const JOB_INTERVAL_MS = 5 * 60_000;

/** Without `singletons` (a caller not yet passing them) every process runs it (safe: the batch locks). */
export function startCommissionLoop(pool: pg.Pool, intervalMs: number, log: { error: (obj: object, msg: string) => void }, singletons?: Singletons): Loop {
  const pass = async () => {
    await runCommissionBatch(pool);
    await runBonusJob(pool);
  };
  if (!singletons) return new Loop('agents.commission', pass, intervalMs, log, { runAtStart: false }).start();
  return singletons.loop('agents.commission', pass, intervalMs, log, { runAtStart: false }).start();
}
