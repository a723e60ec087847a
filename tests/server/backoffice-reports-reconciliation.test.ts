// Reconciliation runs are recorded with their verdict and mismatches, newest first; a ledger broken
// on purpose (in this file's own database) is reported as such.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/pool.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { listReconciliationRuns, runReconciliation } from '../../src/server/backoffice/reports/reconciliation-runs.ts';
import { runScheduledReconciliation } from '../../src/server/backoffice/reports/reconciliation-schedule.ts';
import { RECONCILIATION_PAGE_SIZE } from '../../src/shared/backoffice/reports.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

let db: TestDatabase;
const pool = () => db.database.pool;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoData(pool());
});
afterAll(() => db.drop());

const runCount = async () => (await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM reconciliation_runs')).rows[0]!.n;

describe("the scheduler's daily run", () => {
  it('runs once however many processes check at once, then not again within 24 hours', async () => {
    expect(await runCount()).toBe(0);
    const made = await Promise.all(Array.from({ length: 10 }, () => runScheduledReconciliation(pool())));
    expect(made.filter((run) => run !== null)).toHaveLength(1);
    expect(made.find((run) => run !== null)).toMatchObject({ trigger: 'SCHEDULER', operatorUsername: null, ok: true });
    expect(await runCount()).toBe(1);
    expect(await runScheduledReconciliation(pool())).toBeNull();

    await pool().query(`UPDATE reconciliation_runs SET started_at = started_at - interval '25 hours'`);
    expect(await runScheduledReconciliation(pool())).toMatchObject({ trigger: 'SCHEDULER' });
    expect(await runCount()).toBe(2);
    await pool().query('DELETE FROM reconciliation_runs');
  });
});

describe('reconciliation runs', () => {
  it('records a clean run of the scheduler, then a run that finds a transfer without entries', async () => {
    const clean = await withTransaction(pool(), (client) => runReconciliation(client, { kind: 'SCHEDULER' }));
    expect(clean).toMatchObject({ trigger: 'SCHEDULER', operatorUsername: null, ok: true, totalOfEntries: 0, mismatchCount: 0 });

    const bogus = await pool().query<{ id: number }>(
      `INSERT INTO ledger_transfers (idempotency_key, type) VALUES ('report-test:empty', 'DEP') RETURNING id`,
    );
    const broken = await withTransaction(pool(), (client) =>
      runReconciliation(client, { kind: 'OPERATOR', operatorId: 42, username: 'finance_1' }),
    );
    expect(broken).toMatchObject({ trigger: 'OPERATOR', operatorUsername: 'finance_1', ok: false, mismatchCount: 1 });
    expect(broken.mismatches.emptyTransfers).toEqual([bogus.rows[0]!.id]);
    expect(Date.parse(broken.finishedAt)).toBeGreaterThanOrEqual(Date.parse(broken.startedAt));

    const list = await listReconciliationRuns(pool(), 1);
    expect(list.total).toBe(2);
    expect(list.last?.id).toBe(broken.id);
    expect(list.runs.map((r) => r.id)).toEqual([broken.id, clean.id]);
    expect(list.pageSize).toBe(RECONCILIATION_PAGE_SIZE);

    const beyond = await listReconciliationRuns(pool(), 2);
    expect(beyond.runs).toEqual([]);
    expect(beyond.last?.id).toBe(broken.id);
  });

  it('refuses an operator run without an operator, in the database', async () => {
    await expect(
      pool().query(
        `INSERT INTO reconciliation_runs (started_at, trigger, ok, total_of_entries, mismatch_count, mismatches)
         VALUES (now(), 'OPERATOR', true, 0, 0, '{}')`,
      ),
    ).rejects.toThrow(/check constraint/);
  });
});
