import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildHashChain,
  chainSeed,
  issueCommitment,
  issuesOfSalesDay,
  verifyPeriodicDraw,
  type HashChain,
} from '../../src/shared/draws/index.ts';
import type { ResultFeed } from '../../src/server/draws/feeds/feed.ts';
import { noOrdersLifecycle } from '../../src/server/draws/lifecycle.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

const ENABLED = ['UUFFC', 'UU5FC', 'CQSSC', 'JSK3', 'JSTB', 'XYFT', 'UU11X5'];

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoData(db.database.pool);
  await db.database.pool.query('UPDATE own_games SET enabled = draw_type = ANY($1)', [ENABLED]);
});
afterAll(() => db.drop());

async function runUntil(scheduler: DrawScheduler, clock: ManualClock, end: number, stepMs: number) {
  while (clock.now() < end) {
    clock.advance(stepMs);
    await scheduler.tick();
  }
}

interface IssueRow {
  id: number;
  draw_type: string;
  issue_number: string;
  state: string;
  result: number[] | null;
  seed: string | null;
  commitment: string | null;
  result_source: string | null;
}

const issuesOf = async (drawType: string, untilMs: number) =>
  (
    await db.database.pool.query<IssueRow>(
      `SELECT id, draw_type, issue_number, state, result, seed, commitment, result_source FROM draw_issues
        WHERE draw_type = $1 AND draw_at <= to_timestamp($2 / 1000.0) ORDER BY draw_at`,
      [drawType, untilMs],
    )
  ).rows;

describe('draw scheduler with a controllable clock', () => {
  const start = beijing('2026-11-22 08:59:00');
  const end = beijing('2026-11-22 10:00:00');
  const clock = new ManualClock(start);

  it('opens, closes, draws and settles every issue exactly once over a simulated hour', async () => {
    const scheduler = new DrawScheduler({
      pool: db.database.pool,
      clock,
      feed: 'simulated',
      lifecycle: noOrdersLifecycle,
      feedTimeoutMs: 30 * 60_000,
    });
    await scheduler.tick();
    await runUntil(scheduler, clock, end, 15_000);

    const uuffc = await issuesOf('UUFFC', end);
    const expected = issuesOfSalesDay('UUFFC', '2026-11-22').filter((i) => i.drawAt > start && i.drawAt <= end);
    expect(uuffc.map((i) => i.issue_number)).toEqual(expected.map((i) => i.issueNumber));
    expect(uuffc).toHaveLength(61);
    expect(uuffc.every((i) => i.state === 'SETTLED' && i.result?.length === 5)).toBe(true);

    const transitions = await db.database.pool.query<{ issue_id: number; path: string }>(
      `SELECT issue_id, string_agg(to_state, '>' ORDER BY id) AS path FROM draw_issue_transitions GROUP BY issue_id`,
    );
    const paths = new Map(transitions.rows.map((r) => [r.issue_id, r.path]));
    for (const issue of uuffc) expect(paths.get(issue.id)).toBe('OPEN>CLOSED>DRAWN>SETTLED');

    // Feed draws come from the simulated feed and say so, committed and verifiable like platform draws;
    // JSTB reads JSK3's result.
    const cqssc = await issuesOf('CQSSC', end);
    expect(cqssc.length).toBeGreaterThan(0);
    for (const issue of cqssc) {
      expect(issue.result_source).toBe('simulated');
      const verification = await verifyPeriodicDraw({
        drawType: 'CQSSC',
        issueNumber: issue.issue_number,
        seed: issue.seed!,
        commitment: issue.commitment!,
        publishedResult: issue.result!,
      });
      expect(verification.verdict, issue.issue_number).toBe('PASS');
    }
    const jsk3 = await issuesOf('JSK3', end);
    const jstb = await issuesOf('JSTB', end);
    expect(jstb.map((i) => [i.issue_number, i.result])).toEqual(jsk3.map((i) => [i.issue_number, i.result]));
    expect(jstb.every((i) => i.result_source === 'JSK3')).toBe(true);
  });

  it('publishes verifiable platform results: every seed matches its commitment, links to the previous seed and recomputes the result', async () => {
    for (const drawType of ['UUFFC', 'UU5FC', 'UU11X5']) {
      const issues = await issuesOf(drawType, end);
      for (const [i, issue] of issues.entries()) {
        const verification = await verifyPeriodicDraw({
          drawType,
          issueNumber: issue.issue_number,
          seed: issue.seed!,
          commitment: issue.commitment!,
          // The chain links issue to issue: SHA-256 of each revealed seed is the seed revealed before it.
          previousSeed: i > 0 ? issues[i - 1]!.seed! : undefined,
          publishedResult: issue.result!,
        });
        expect(verification.verdict, `${drawType} ${issue.issue_number}`).toBe('PASS');
        expect(verification.checks.length).toBe(i > 0 ? 3 : 2);
      }
      // No commitment is a seed: the one published for an issue is never the seed of the issue before.
      const seeds = new Set(issues.map((issue) => issue.seed));
      expect(issues.filter((issue) => seeds.has(issue.commitment))).toEqual([]);
    }
    const [first] = await issuesOf('UUFFC', end);
    const tampered = await verifyPeriodicDraw({
      drawType: 'UUFFC',
      issueNumber: first!.issue_number,
      seed: first!.seed!,
      commitment: first!.commitment!,
      publishedResult: first!.result!.map((n) => (n + 1) % 10),
    });
    expect(tampered.verdict).not.toBe('PASS');
  });

  it('keeps the seeds of issues not yet drawn secret; their commitments are SHA-256(seed ‖ 期号), never a seed', async () => {
    const future = await db.database.pool.query<{ issue_number: string; sales_day: string; sequence: number; seed: string | null; commitment: string | null }>(
      `SELECT issue_number, to_char(sales_day, 'YYYY-MM-DD') AS sales_day, sequence, seed, commitment FROM draw_issues
        WHERE draw_type = 'UUFFC' AND state IN ('SCHEDULED', 'OPEN')`,
    );
    expect(future.rows.length).toBeGreaterThan(0);
    expect(future.rows.every((r) => r.seed === null)).toBe(true);
    const chains = new Map<string, HashChain>();
    for (const day of new Set(future.rows.map((r) => r.sales_day))) {
      const stored = await db.database.pool.query<{ terminal_seed: string; length: number }>(
        `SELECT terminal_seed, length FROM seed_chains WHERE draw_type = 'UUFFC' AND sales_day = $1`,
        [day],
      );
      chains.set(day, await buildHashChain(stored.rows[0]!.terminal_seed, stored.rows[0]!.length));
    }
    const seeds = new Set([...chains.values()].flatMap((chain) => [chain.anchor, ...chain.seeds]));
    for (const row of future.rows) {
      expect(row.commitment).toBe(await issueCommitment(chainSeed(chains.get(row.sales_day)!, row.sequence), row.issue_number));
      expect(seeds.has(row.commitment!)).toBe(false);
    }
  });

  it('draws issues whose time passed while the scheduler was down, once, in order', async () => {
    const scheduler = new DrawScheduler({
      pool: db.database.pool,
      clock,
      feed: 'simulated',
      lifecycle: noOrdersLifecycle,
      feedTimeoutMs: 30 * 60_000,
    });
    const downUntil = end + 25 * 60_000;
    clock.set(downUntil);
    await scheduler.tick();
    await scheduler.tick();
    const uuffc = await issuesOf('UUFFC', downUntil);
    expect(uuffc).toHaveLength(61 + 25);
    expect(uuffc.every((i) => i.state === 'SETTLED')).toBe(true);
    const doubles = await db.database.pool.query(
      'SELECT issue_id, to_state FROM draw_issue_transitions GROUP BY issue_id, to_state HAVING count(*) > 1',
    );
    expect(doubles.rowCount).toBe(0);
  });

  it('cancels an official issue whose result never arrives and records why', async () => {
    const silentFeed: ResultFeed = { name: 'silent', fetchResult: async () => null };
    const scheduler = new DrawScheduler({
      pool: db.database.pool,
      clock,
      feed: silentFeed,
      lifecycle: noOrdersLifecycle,
      feedTimeoutMs: 10 * 60_000,
    });
    const from = clock.now();
    await runUntil(scheduler, clock, from + 45 * 60_000, 60_000);
    const cancelled = await db.database.pool.query<{ cancel_reason: string; drawn: boolean }>(
      `SELECT cancel_reason, result IS NOT NULL AS drawn FROM draw_issues
        WHERE draw_type = 'CQSSC' AND draw_at > to_timestamp($1 / 1000.0) AND draw_at <= to_timestamp($2 / 1000.0)`,
      [from, from + 30 * 60_000],
    );
    expect(cancelled.rows.length).toBeGreaterThan(0);
    expect(cancelled.rows.every((r) => r.cancel_reason === 'NO_RESULT' && !r.drawn)).toBe(true);
    // Platform draws do not depend on the feed.
    const platform = await issuesOf('UUFFC', from + 30 * 60_000);
    expect(platform.every((i) => i.state === 'SETTLED')).toBe(true);
  });
});
