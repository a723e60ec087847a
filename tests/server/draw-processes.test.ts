// Real processes against one database: two schedulers side by side, and a scheduler killed with
// SIGKILL at random points and restarted. Time is simulated (DRAW_CLOCK=scaled) so that a simulated
// hour passes in seconds.
import { afterEach, describe, expect, it } from 'vitest';
import { verifyPeriodicDraw } from '../../src/shared/draws/index.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { beijing } from '../support/clock.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { sleep, startServerProcess, type ServerProcess } from '../support/server-process.ts';

const ENABLED = ['UUFFC', 'UU2FC', 'UU90SSC', 'UU3K3', 'CQSSC'];
const SPEED = 240; // one real second = four simulated minutes

let db: TestDatabase | undefined;
const processes: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.kill('SIGKILL')));
  await db?.drop();
  db = undefined;
});

async function prepare(): Promise<{ env: Record<string, string>; virtualNow: () => number; start: number }> {
  db = await createTestDatabase();
  await runMigrations(db.url);
  await seedDemoData(db.database.pool);
  await db.database.pool.query('UPDATE own_games SET enabled = draw_type = ANY($1)', [ENABLED]);
  const start = beijing('2026-11-22 09:00:00');
  const realStart = Date.now();
  return {
    start,
    virtualNow: () => start + (Date.now() - realStart) * SPEED,
    env: { DATABASE_URL: db.url, DRAW_CLOCK: `scaled:${start}:${realStart}:${SPEED}`, DRAW_TICK_MS: '50' },
  };
}

async function waitUntil(virtualNow: () => number, target: number) {
  while (virtualNow() < target) await sleep(100);
}

async function checkEveryIssueOnce(until: number) {
  const pool = db!.database.pool;
  const doubles = await pool.query(
    'SELECT issue_id, to_state, count(*) FROM draw_issue_transitions GROUP BY issue_id, to_state HAVING count(*) > 1',
  );
  expect(doubles.rows).toEqual([]);
  const issues = await pool.query<{ draw_type: string; issue_number: string; sequence: number; state: string; result: number[] | null; seed: string | null; commitment: string | null }>(
    `SELECT draw_type, issue_number, sequence, state, result, seed, commitment FROM draw_issues
      WHERE draw_at <= to_timestamp($1 / 1000.0) ORDER BY draw_type, draw_at`,
    [until],
  );
  for (const drawType of ENABLED) {
    const rows = issues.rows.filter((r) => r.draw_type === drawType);
    expect(rows.length, drawType).toBeGreaterThan(0);
    // Nothing skipped: consecutive issue numbers, all drawn (and settled).
    rows.forEach((row, i) => i > 0 && expect(row.sequence, `${drawType} ${row.issue_number}`).toBe(rows[i - 1]!.sequence + 1));
    expect(rows.filter((r) => r.state !== 'SETTLED').map((r) => `${r.issue_number}:${r.state}`), drawType).toEqual([]);
  }
  for (const row of issues.rows.filter((r) => r.seed)) {
    const check = await verifyPeriodicDraw({
      drawType: row.draw_type,
      issueNumber: row.issue_number,
      seed: row.seed!,
      commitment: row.commitment!,
      publishedResult: row.result!,
    });
    expect(check.verdict, `${row.draw_type} ${row.issue_number}`).toBe('PASS');
  }
  return issues.rowCount ?? 0;
}

describe('draw scheduler in real processes', () => {
  it('two processes against one database run a simulated hour without a double transition', async () => {
    const { env, virtualNow, start } = await prepare();
    processes.push(startServerProcess(env), startServerProcess(env));
    const end = start + 60 * 60_000;
    await waitUntil(virtualNow, end + 2 * 60_000);
    await Promise.all(processes.map((p) => p.kill('SIGTERM')));
    const drawn = await checkEveryIssueOnce(end);
    expect(drawn).toBeGreaterThan(60);
    // Both processes did work: transitions were written by whichever held the rows.
  }, 120_000);

  it('a scheduler killed with SIGKILL at random points resumes: every issue drawn once, none twice, none skipped', async () => {
    const { env, virtualNow, start } = await prepare();
    const end = start + 60 * 60_000;
    let kills = 0;
    while (virtualNow() < end) {
      const server = startServerProcess(env);
      processes.push(server);
      await sleep(1_500 + Math.random() * 2_000);
      await server.kill('SIGKILL');
      processes.splice(processes.indexOf(server), 1);
      kills++;
    }
    const last = startServerProcess(env);
    processes.push(last);
    await waitUntil(virtualNow, virtualNow() + 8 * 60_000);
    await last.kill('SIGTERM');
    expect(kills).toBeGreaterThanOrEqual(3);
    await checkEveryIssueOnce(end);
  }, 180_000);
});
