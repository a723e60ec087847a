// The scheduler's loops are independent: while a settlement is slow, sales still open and close on
// time; official results are checked before they are stored; a drawn issue that cannot be settled is
// reported, not left silently.
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAt, nextIssue } from '../../src/shared/draws/index.ts';
import type { ResultFeed } from '../../src/server/draws/feeds/feed.ts';
import { noOrdersLifecycle, type IssueLifecycle } from '../../src/server/draws/lifecycle.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoData(db.database.pool);
  await db.database.pool.query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC', 'CQSSC')`);
});
afterAll(() => db.drop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const stateOf = async (drawType: string, issueNumber: string) =>
  (await db.database.pool.query<{ state: string }>('SELECT state FROM draw_issues WHERE draw_type = $1 AND issue_number = $2', [drawType, issueNumber]))
    .rows[0]?.state;

/** A logger that keeps what was logged at warn and error. */
function recordingLog() {
  const lines: { level: string; msg: string; data: Record<string, unknown> }[] = [];
  const at = (level: string) => (data: Record<string, unknown>, msg: string) => void lines.push({ level, msg, data });
  const log = { warn: at('warn'), error: at('error'), info: () => {}, debug: () => {} } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('independent loops', () => {
  it('opens and closes sales on time while a settlement is still running', async () => {
    const clock = new ManualClock(beijing('2026-11-22 09:00:10'));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let settling = false;
    const slowSettlement: IssueLifecycle = {
      async settleDrawn(pool, issues, now) {
        if (issues.length === 0) return [];
        settling = true;
        await released;
        settling = false;
        return noOrdersLifecycle.settleDrawn(pool, issues, now);
      },
      afterCancel: noOrdersLifecycle.afterCancel,
    };
    const scheduler = new DrawScheduler({
      pool: db.database.pool,
      clock,
      feed: 'simulated',
      lifecycle: slowSettlement,
      feedTimeoutMs: 30 * 60_000,
      tickMs: 20,
    });
    const first = issueAt('UUFFC', clock.now())!;
    try {
      scheduler.start();
      await waitFor(async () => (await stateOf('UUFFC', first.issueNumber)) === 'OPEN', 'the first issue on sale');

      // The first issue is drawn; its settlement hangs.
      clock.set(first.drawAt);
      await waitFor(async () => settling, 'the settlement to start');
      const second = issueAt('UUFFC', clock.now())!;
      await waitFor(async () => (await stateOf('UUFFC', second.issueNumber)) === 'OPEN', 'the second issue on sale');

      // A minute later, with the settlement still running: the second closes and is drawn, the third opens.
      clock.set(second.drawAt);
      const third = nextIssue('UUFFC', clock.now());
      await waitFor(async () => (await stateOf('UUFFC', third.issueNumber)) === 'OPEN', 'the third issue on sale');
      await waitFor(async () => (await stateOf('UUFFC', second.issueNumber)) === 'DRAWN', 'the second issue drawn');
      expect(settling).toBe(true);
      expect(await stateOf('UUFFC', first.issueNumber)).toBe('DRAWN');

      release();
      await waitFor(async () => (await stateOf('UUFFC', second.issueNumber)) === 'SETTLED', 'the settlements');
      expect(await stateOf('UUFFC', first.issueNumber)).toBe('SETTLED');
    } finally {
      release();
      await scheduler.stop();
    }
  });
});

describe('official results', () => {
  it('never stores a malformed feed result: it asks again, then cancels at the timeout', async () => {
    const clock = new ManualClock(beijing('2026-11-22 12:00:00'));
    const answers: number[][] = [];
    const malformed: ResultFeed = {
      name: 'malformed',
      async fetchResult() {
        const answer = [1, 2, 3, 4, 10]; // an SSC result has five digits 0–9
        answers.push(answer);
        return answer;
      },
    };
    const { log, lines } = recordingLog();
    const scheduler = new DrawScheduler({ pool: db.database.pool, clock, feed: malformed, lifecycle: noOrdersLifecycle, feedTimeoutMs: 10 * 60_000, log });
    await scheduler.tick();
    const issue = nextIssue('CQSSC', clock.now());
    clock.set(issue.drawAt + 1_000);
    await scheduler.tick();
    clock.advance(60_000);
    await scheduler.tick();
    const stored = async () =>
      (
        await db.database.pool.query<{ state: string; result: number[] | null }>(
          `SELECT state, result FROM draw_issues WHERE draw_type = 'CQSSC' AND issue_number = $1`,
          [issue.issueNumber],
        )
      ).rows[0]!;
    expect(await stored()).toEqual({ state: 'CLOSED', result: null });
    expect(answers.length).toBeGreaterThanOrEqual(2);
    expect(lines.filter((l) => l.level === 'error' && l.msg.includes('feed result rejected') && l.data.issue === issue.issueNumber)).toHaveLength(2);

    clock.set(issue.drawAt + 10 * 60_000);
    await scheduler.tick();
    expect(await stored()).toEqual({ state: 'CANCELLED', result: null });
  });

  it('stores a valid feed result once it arrives after an invalid one', async () => {
    const clock = new ManualClock(beijing('2026-11-22 14:00:00'));
    let valid = false;
    const feed: ResultFeed = { name: 'flaky', fetchResult: async () => (valid ? [3, 1, 4, 1, 5] : [3, 1, 4, 1]) };
    const scheduler = new DrawScheduler({ pool: db.database.pool, clock, feed, lifecycle: noOrdersLifecycle, feedTimeoutMs: 30 * 60_000 });
    await scheduler.tick();
    const issue = nextIssue('CQSSC', clock.now());
    clock.set(issue.drawAt + 1_000);
    await scheduler.tick();
    expect(await stateOf('CQSSC', issue.issueNumber)).toBe('CLOSED');
    valid = true;
    clock.advance(10_000);
    await scheduler.tick();
    const row = await db.database.pool.query<{ result: number[]; result_source: string }>(
      `SELECT result, result_source FROM draw_issues WHERE draw_type = 'CQSSC' AND issue_number = $1`,
      [issue.issueNumber],
    );
    expect(row.rows[0]).toEqual({ result: [3, 1, 4, 1, 5], result_source: 'flaky' });
  });
});

describe('settlement that keeps failing', () => {
  it('reports a drawn issue still unsettled after ten minutes, and again every ten minutes, without cancelling it', async () => {
    const clock = new ManualClock(beijing('2026-11-22 16:00:10'));
    const failing: IssueLifecycle = {
      async settleDrawn() {
        throw new Error('settlement database error');
      },
      afterCancel: noOrdersLifecycle.afterCancel,
    };
    const { log, lines } = recordingLog();
    const scheduler = new DrawScheduler({ pool: db.database.pool, clock, feed: 'simulated', lifecycle: failing, feedTimeoutMs: 30 * 60_000, log });
    await scheduler.tick();
    const issue = issueAt('UUFFC', clock.now())!;
    clock.set(issue.drawAt);
    await scheduler.tick();
    const reports = () => lines.filter((l) => l.msg.includes('still not settled') && l.data.issue === issue.issueNumber).length;
    expect(reports()).toBe(0);
    clock.advance(9 * 60_000);
    await scheduler.tick();
    expect(reports()).toBe(0);
    clock.advance(2 * 60_000);
    await scheduler.tick();
    await scheduler.tick();
    expect(reports()).toBe(1);
    clock.advance(10 * 60_000);
    await scheduler.tick();
    expect(reports()).toBe(2);
    expect(lines.some((l) => l.msg === 'settlement failed')).toBe(true);
    expect(await stateOf('UUFFC', issue.issueNumber)).toBe('DRAWN');
  });
});
