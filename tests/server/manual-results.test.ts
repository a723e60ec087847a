import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmManualResult, enterManualResult } from '../../src/server/draws/manual-results.ts';
import { noOrdersLifecycle } from '../../src/server/draws/lifecycle.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import type { ResultFeed } from '../../src/server/draws/feeds/feed.ts';
import { settleIssue } from '../../src/server/orders/lifecycle.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { payout } from '../../src/shared/lottery/index.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { balanceOf, fundedPlayer, orderRow, pendingOrder } from './settlement-support.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

let db: TestDatabase;
let clock: ManualClock;
let closedIssue: number;
let openIssue: number;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoData(db.database.pool);
  await db.database.pool.query(`UPDATE own_games SET enabled = draw_type IN ('CQSSC', 'UUFFC')`);
  clock = new ManualClock(beijing('2026-11-22 09:00:00'));
  const silent: ResultFeed = { name: 'silent', fetchResult: async () => null };
  const scheduler = new DrawScheduler({ pool: db.database.pool, clock, feed: silent, lifecycle: noOrdersLifecycle, feedTimeoutMs: 3_600_000 });
  await scheduler.tick();
  clock.set(beijing('2026-11-22 09:31:00'));
  await scheduler.tick();
  const rows = await db.database.pool.query<{ id: number; state: string }>(
    `SELECT id, state FROM draw_issues WHERE draw_type = 'CQSSC' ORDER BY draw_at`,
  );
  closedIssue = rows.rows.find((r) => r.state === 'CLOSED')!.id;
  openIssue = rows.rows.find((r) => r.state === 'OPEN')!.id;
});
afterAll(() => db.drop());

const issue = async (id: number) =>
  (await db.database.pool.query<{ state: string; result: number[] | null; result_source: string | null }>(
    'SELECT state, result, result_source FROM draw_issues WHERE id = $1',
    [id],
  )).rows[0]!;

describe('manual official results', () => {
  it('refuses a malformed result, an issue still on sale, and a platform draw', async () => {
    await expect(enterManualResult(db.database.pool, { issueId: closedIssue, result: [1, 2, 3], enteredBy: 'op1' })).rejects.toMatchObject({
      message: '开奖号码格式不正确',
    });
    await expect(enterManualResult(db.database.pool, { issueId: closedIssue, result: [1, 2, 3, 4, 10], enteredBy: 'op1' })).rejects.toMatchObject({
      message: '开奖号码格式不正确',
    });
    await expect(enterManualResult(db.database.pool, { issueId: openIssue, result: [1, 2, 3, 4, 5], enteredBy: 'op1' })).rejects.toMatchObject({
      message: '该期尚未截止销售，不能录入开奖结果',
    });
    const platform = await db.database.pool.query<{ id: number }>(`SELECT id FROM draw_issues WHERE draw_type = 'UUFFC' LIMIT 1`);
    await expect(enterManualResult(db.database.pool, { issueId: platform.rows[0]!.id, result: [1, 2, 3, 4, 5], enteredBy: 'op1' })).rejects.toMatchObject({
      message: '只有官方彩种可以录入开奖结果',
    });
  });

  it('draws the issue only after a second operator confirms', async () => {
    const entry = await enterManualResult(db.database.pool, { issueId: closedIssue, result: [3, 1, 4, 1, 5], enteredBy: 'op1' });
    expect((await issue(closedIssue)).state).toBe('CLOSED');
    await expect(confirmManualResult(db.database.pool, { entryId: entry.id, confirmedBy: 'op1', now: clock.now() })).rejects.toMatchObject({
      message: '录入与确认必须由两位不同的操作员完成',
    });
    await confirmManualResult(db.database.pool, { entryId: entry.id, confirmedBy: 'op2', now: clock.now() });
    expect(await issue(closedIssue)).toEqual({ state: 'DRAWN', result: [3, 1, 4, 1, 5], result_source: 'manual' });
    await expect(confirmManualResult(db.database.pool, { entryId: entry.id, confirmedBy: 'op3', now: clock.now() })).rejects.toMatchObject({
      message: '该录入记录已处理',
    });
  });

  it('turns a later confirmed entry into a recorded correction that is re-settled', async () => {
    // A bet on the drawn result, settled as a win before the correction arrives.
    const pool = db.database.pool;
    const { issue_number: issueNumber } = (await pool.query<{ issue_number: string }>('SELECT issue_number FROM draw_issues WHERE id = $1', [closedIssue])).rows[0]!;
    const player = await fundedPlayer(pool, 10_000, 'manual');
    const orderId = await pendingOrder(pool, { id: closedIssue, issueNumber }, player, 'CQSSC', {
      playMode: 'REGULAR',
      bets: [{ methodId: 'ZX5', selection: { rows: [[3], [1], [4], [1], [5]] }, mode: 'LI', multiplier: 1, prizeGroup: 1950 }],
    });
    expect(await settleIssue(pool, closedIssue, clock.now())).toBe(true);
    const prize = payout('CQSSC', 'ZX5', [1], { prizeGroup: 1950, mode: 'LI', multiplier: 1 }).amount;
    expect(await orderRow(pool, orderId)).toEqual({ status: 'WON', payout: prize, rebate: 0 });
    const paidBalance = await balanceOf(pool, player);

    const entry = await enterManualResult(db.database.pool, { issueId: closedIssue, result: [3, 1, 4, 1, 6], enteredBy: 'op2' });
    expect(entry.isCorrection).toBe(true);
    const outcome = await confirmManualResult(db.database.pool, { entryId: entry.id, confirmedBy: 'op1', now: clock.now() });
    expect(outcome.correctionId).not.toBeNull();
    // Re-settled for real: the win is taken back by a new transfer, and the change is recorded.
    expect(await orderRow(pool, orderId)).toEqual({ status: 'LOST', payout: 0, rebate: 0 });
    expect(await balanceOf(pool, player)).toBe(paidBalance - prize);
    const changed = await pool.query('SELECT order_id, previous_status, status, amount FROM order_resettlements WHERE correction_id = $1', [outcome.correctionId]);
    expect(changed.rows).toEqual([{ order_id: orderId, previous_status: 'WON', status: 'LOST', amount: -prize }]);
    expect((await reconcile(pool)).ok).toBe(true);
    const correction = await db.database.pool.query(
      'SELECT previous_result, corrected_result, resettled_at IS NOT NULL AS resettled FROM result_corrections WHERE id = $1',
      [outcome.correctionId],
    );
    expect(correction.rows[0]).toEqual({ previous_result: [3, 1, 4, 1, 5], corrected_result: [3, 1, 4, 1, 6], resettled: true });
    expect((await issue(closedIssue)).result).toEqual([3, 1, 4, 1, 6]);
    const notes = await db.database.pool.query<{ note: string }>(
      `SELECT note FROM draw_issue_transitions WHERE issue_id = $1 AND note LIKE '开奖结果更正%'`,
      [closedIssue],
    );
    expect(notes.rows).toHaveLength(1);
  });
});
