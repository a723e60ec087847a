// The commission and bonus jobs of this process: one loop, started when the app is ready and stopped
// before it closes. A run that dies half-way is finished by the next.
import type pg from 'pg';
import { Loop } from '../../jobs/loop.ts';
import { runBonusJob } from './bonus.ts';
import { runCommissionBatch } from './batch.ts';

export const JOB_INTERVAL_MS = 5 * 60_000;

export function startCommissionLoop(pool: pg.Pool, intervalMs: number, log: { error: (obj: object, msg: string) => void }): Loop {
  const pass = async () => {
    await runCommissionBatch(pool);
    await runBonusJob(pool);
  };
  return new Loop('commission job', pass, intervalMs, log, { runAtStart: false }).start();
}
