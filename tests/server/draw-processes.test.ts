// Real processes against one database: two schedulers side by side, and a scheduler killed with
// SIGKILL in the middle of a step of the draw cycle and restarted. Time is simulated (DRAW_CLOCK=scaled) so that a simulated
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

/** Waits until every issue drawn by `until` (simulated) is settled and later ones exist. */
async function waitForAllSettled(until: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await db!.database.pool.query<{ unsettled: boolean; later: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM draw_issues WHERE draw_at <= to_timestamp($1 / 1000.0) AND state <> 'SETTLED') AS unsettled,
              EXISTS (SELECT 1 FROM draw_issues WHERE draw_at > to_timestamp($1 / 1000.0)) AS later`,
      [until],
    );
    const { unsettled, later } = found.rows[0]!;
    if ((!unsettled && later) || Date.now() > deadline) return;
    await sleep(200);
  }
}

/** Waits until issues of every enabled draw type have been generated; false on timeout. */
async function untilEveryTypeHasIssues(timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await db!.database.pool.query('SELECT DISTINCT draw_type FROM draw_issues WHERE draw_type = ANY($1)', [ENABLED]);
    if (found.rowCount === ENABLED.length) return true;
    await sleep(50);
  }
  return false;
}

/** Waits until the process `pid` has made a transition (it is up and at work); false on timeout. */
async function untilTransitionBy(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await db!.database.pool.query('SELECT 1 FROM draw_issue_transitions WHERE actor LIKE $1 LIMIT 1', [`%:${pid}`]);
    if (found.rowCount) return true;
    await sleep(50);
  }
  return false;
}

/** Which step of the cycle names a statement on the issues (for the crash test's report). */
function stepOf(query: string): string {
  if (/INSERT INTO draw_issues|seed_chains/i.test(query)) return 'generate';
  if (/state = 'DRAWN', result|SET state = 'DRAWN'/i.test(query)) return 'draw';
  if (/'SETTLED'|state = 'DRAWN' ORDER BY/i.test(query)) return 'settle';
  if (/'CANCELLED'/i.test(query)) return 'cancel';
  if (/state = 'CLOSED' AND draw_at/i.test(query)) return 'due for draw';
  if (/opens_at|closes_at/i.test(query)) return 'open/close';
  return 'other';
}

/**
 * Waits until the (only) server process runs a statement on the issues — in flight, or inside an
 * open transaction — and names its step; null when none was seen in time.
 */
async function nextStepOfTheCycle(timeoutMs: number, pauseMs = 0): Promise<string | null> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const active = await db!.database.pool.query<{ query: string }>(
      `SELECT query FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IN ('active', 'idle in transaction')
          AND query ~* '(draw_issues|seed_chains)' AND query !~* 'autobet' LIMIT 1`,
    );
    if (active.rows[0]) return stepOf(active.rows[0].query);
    if (pauseMs > 0) await sleep(pauseMs);
  }
  return null;
}

describe('draw scheduler in real processes', () => {
  it('two processes against one database run a simulated hour without a double transition', async () => {
    const { env, virtualNow } = await prepare();
    processes.push(startServerProcess(env), startServerProcess(env));
    const pids = processes.map((p) => p.child.pid!);
    // Starting takes seconds (simulated minutes): the hour counts from when the scheduler is at work.
    // Each of its loops runs in the one process holding its lease (draws.<loop>, jobs/singletons.ts).
    await Promise.any(pids.map(async (pid) => (await untilTransitionBy(pid, 90_000)) || Promise.reject(new Error(`no transition by ${pid}`))));
    const end = virtualNow() + 60 * 60_000;
    await waitUntil(virtualNow, end + 2 * 60_000);
    await waitForAllSettled(end, 90_000);
    await Promise.all(processes.map((p) => p.kill('SIGTERM')));
    const drawn = await checkEveryIssueOnce(end);
    expect(drawn).toBeGreaterThan(60);
    // Both processes did work: each transition names the process (host:pid) that made it.
    const byActor = await db!.database.pool.query<{ actor: string; transitions: string }>(
      `SELECT actor, count(*) AS transitions FROM draw_issue_transitions WHERE actor IS NOT NULL GROUP BY actor`,
    );
    const byPid = new Map(byActor.rows.map((r) => [Number(r.actor.split(':').pop()), Number(r.transitions)]));
    console.info(`transitions per process: ${pids.map((pid) => `${pid}=${byPid.get(pid) ?? 0}`).join(', ')}`);
    // Only these two processes made transitions, and the lease holders made them all.
    expect([...byPid.keys()].every((pid) => pids.includes(pid))).toBe(true);
    expect([...byPid.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
  }, 240_000);

  it('a scheduler killed with SIGKILL in the middle of its work resumes: every issue drawn once, none twice, none skipped', async () => {
    const { env, virtualNow, start } = await prepare();
    const KILLS = 4;
    const hits = new Map<string, number>();
    let kills = 0;
    // A process takes seconds to start (minutes of simulated time): each is killed only once it has
    // made a transition (and the issues of every draw type exist) — at a random moment within the next ~1.5 simulated minutes, on the next statement it
    // runs on the issues — so that every kill lands inside a step of the draw cycle. Issues whose
    // time passed while no process ran are drawn by the next one.
    while (kills < KILLS || virtualNow() < start + 60 * 60_000) {
      const server = startServerProcess(env);
      processes.push(server);
      const working = (await untilTransitionBy(server.child.pid!, 90_000)) && (await untilEveryTypeHasIssues(90_000));
      if (working) await sleep(Math.random() * 400);
      const step = working ? await nextStepOfTheCycle(3_000) : null;
      await server.kill('SIGKILL');
      processes.splice(processes.indexOf(server), 1);
      kills++;
      if (step) hits.set(step, (hits.get(step) ?? 0) + 1);
    }
    const end = virtualNow();
    const last = startServerProcess(env);
    processes.push(last);
    await waitForAllSettled(end, 90_000);
    await last.kill('SIGTERM');
    const hit = [...hits.values()].reduce((a, b) => a + b, 0);
    console.info(`${kills} kills, ${hit} inside a step: ${[...hits].map(([step, n]) => `${step} ${n}`).join(', ')}`);
    expect(hit).toBeGreaterThanOrEqual(KILLS - 1);
    await checkEveryIssueOnce(end);
  }, 300_000);
});
