// The scheduler's reconciliation: once a day, recorded as run by the scheduler. The process holding
// the lease `reports.reconciliation` checks hourly; the check and the run also hold the
// reconciliation lock, so even two checks at once make one run per day.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Loop } from '../../jobs/loop.ts';
import type { Singletons } from '../../jobs/singletons.ts';
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

/** Without `singletons` (a caller not yet passing them) every process checks (safe: the lock above). */
export function scheduleReconciliation(app: FastifyInstance, pool: pg.Pool, singletons?: Singletons): void {
  const check = () => runScheduledReconciliation(pool);
  const options = { runAtStart: false };
  const loop = singletons
    ? singletons.loop('reports.reconciliation', check, CHECK_EVERY_MS, app.log, options)
    : new Loop('reports.reconciliation', check, CHECK_EVERY_MS, app.log, options);
  app.addHook('onReady', async () => void loop.start());
  app.addHook('preClose', () => loop.stop());
}
