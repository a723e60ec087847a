// Ledger reconciliation runs: the ledger's own `reconcile` (wallet/ledger.ts), recorded with when it
// ran, who asked for it (an operator or the scheduler), its verdict and what did not match.
import type pg from 'pg';
import type { Queryable } from '../../db/pool.ts';
import { reconcile } from '../../wallet/ledger.ts';
import {
  RECONCILIATION_PAGE_SIZE,
  type ReconciliationList,
  type ReconciliationMismatches,
  type ReconciliationRun,
} from '../../../shared/backoffice/reports.ts';

export type ReconciliationTrigger = { kind: 'OPERATOR'; operatorId: number; username: string } | { kind: 'SCHEDULER' };

/** At most this many ids of each kind of mismatch are stored with a run (the count is always exact). */
export const STORED_MISMATCHES = 1000;

interface RunRow {
  id: number;
  started_at: Date;
  finished_at: Date;
  trigger: 'OPERATOR' | 'SCHEDULER';
  operator_username: string | null;
  ok: boolean;
  total_of_entries: number;
  mismatch_count: number;
  mismatches: ReconciliationMismatches;
}

const COLUMNS = 'id, started_at, finished_at, trigger, operator_username, ok, total_of_entries, mismatch_count, mismatches';

function runOf(row: RunRow): ReconciliationRun {
  return {
    id: row.id,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at.toISOString(),
    trigger: row.trigger,
    operatorUsername: row.operator_username,
    ok: row.ok,
    totalOfEntries: row.total_of_entries,
    mismatchCount: row.mismatch_count,
    mismatches: row.mismatches,
  };
}

/** Runs the reconciliation on `client` (inside the caller's transaction) and records the run. */
export async function runReconciliation(client: pg.PoolClient, trigger: ReconciliationTrigger): Promise<ReconciliationRun> {
  const startedAt = new Date();
  const report = await reconcile(client);
  const mismatches: ReconciliationMismatches = {
    unbalancedTransfers: report.unbalancedTransfers.slice(0, STORED_MISMATCHES),
    driftingAccounts: report.driftingAccounts.slice(0, STORED_MISMATCHES),
    negativeAccounts: report.negativeAccounts.slice(0, STORED_MISMATCHES),
    emptyTransfers: report.emptyTransfers.slice(0, STORED_MISMATCHES),
  };
  const count =
    report.unbalancedTransfers.length + report.driftingAccounts.length + report.negativeAccounts.length + report.emptyTransfers.length;
  const operator = trigger.kind === 'OPERATOR' ? trigger : null;
  const inserted = await client.query<RunRow>(
    `INSERT INTO reconciliation_runs (started_at, finished_at, trigger, operator_id, operator_username, ok, total_of_entries, mismatch_count, mismatches)
     VALUES ($1, clock_timestamp(), $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [startedAt, trigger.kind, operator?.operatorId ?? null, operator?.username ?? null, report.ok, report.totalOfEntries, count, JSON.stringify(mismatches)],
  );
  return runOf(inserted.rows[0]!);
}

/** One page of runs, newest first, and the newest run. */
export async function listReconciliationRuns(db: Queryable, page: number): Promise<ReconciliationList> {
  const [runs, total] = await Promise.all([
    db.query<RunRow>(`SELECT ${COLUMNS} FROM reconciliation_runs ORDER BY started_at DESC, id DESC LIMIT $1 OFFSET $2`, [
      RECONCILIATION_PAGE_SIZE,
      (page - 1) * RECONCILIATION_PAGE_SIZE,
    ]),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM reconciliation_runs'),
  ]);
  const last =
    page === 1
      ? (runs.rows[0] ?? null)
      : ((await db.query<RunRow>(`SELECT ${COLUMNS} FROM reconciliation_runs ORDER BY started_at DESC, id DESC LIMIT 1`)).rows[0] ?? null);
  return {
    last: last ? runOf(last) : null,
    runs: runs.rows.map(runOf),
    page,
    pageSize: RECONCILIATION_PAGE_SIZE,
    total: total.rows[0]!.total,
  };
}

/** Every run of the last `limit`, newest first, for the CSV export. */
export async function recentReconciliationRuns(db: Queryable, limit: number): Promise<ReconciliationRun[]> {
  const found = await db.query<RunRow>(`SELECT ${COLUMNS} FROM reconciliation_runs ORDER BY started_at DESC, id DESC LIMIT $1`, [limit]);
  return found.rows.map(runOf);
}
