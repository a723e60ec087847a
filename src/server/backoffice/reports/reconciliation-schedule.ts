// The scheduler's reconciliation: once a day, recorded as run by the scheduler. Every process that
// runs the draw scheduler checks hourly; the check and the run hold the reconciliation lock, so
// however many processes check at once, one run is made per day.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { withTransaction } from '../../db/pool.ts';
import { runReconciliation, type ReconciliationTrigger } from './reconciliation-runs.ts';
import type { ReconciliationRun } from '../../../shared/backoffice/reports.ts';

const CHECK_EVERY_MS = 60 * 60 * 1000;

/** Only one reconciliation at a time: each reads the whole ledger. The negative class is no issue id. */
export async function tryReconciliationLock(client: pg.PoolClient): Promise<boolean> {
  const taken = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(-20, 1) AS locked');
  return taken.rows[0]!.locked;
}

/** Runs the reconciliation for the scheduler unless one ran in the last 24 hours (or is running). */
export async function runScheduledReconciliation(pool: pg.Pool): Promise<ReconciliationRun | null> {
  const trigger: ReconciliationTrigger = { kind: 'SCHEDULER' };
  return withTransaction(pool, async (client) => {
    if (!(await tryReconciliationLock(client))) return null;
    const recent = await client.query(`SELECT 1 FROM reconciliation_runs WHERE started_at > now() - interval '24 hours' LIMIT 1`);
    if (recent.rowCount) return null;
    return runReconciliation(client, trigger);
  });
}

export function scheduleReconciliation(app: FastifyInstance, pool: pg.Pool): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      runScheduledReconciliation(pool).catch((error: unknown) => app.log.error({ err: error }, 'scheduled reconciliation failed'));
    }, CHECK_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));
}
