import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/pool.ts';
import { manualResultApproval } from '../../src/server/backoffice/draws/manual-result-approval.ts';
import type { ApprovalContext } from '../../src/server/backoffice/core/api.ts';
import { applyManualResult, checkIssueTakes, checkManualResultInput, defaultResettler, lockIssue, type ManualResultInput } from '../../src/server/draws/manual-results.ts';
import { noOrdersLifecycle } from '../../src/server/draws/lifecycle.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import type { ResultFeed } from '../../src/server/draws/feeds/feed.ts';
import type { EventHub } from '../../src/server/events/hub.ts';
import { ordersLifecycle, settleIssue } from '../../src/server/orders/lifecycle.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { payout } from '../../src/shared/lottery/index.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { balanceOf, fundedPlayer, orderRow, pendingOrder } from './settlement-support.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

let db: TestDatabase;
let clock: ManualClock;
let closedIssue: string;
let openIssue: string;

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
  const rows = await db.database.pool.query<{ issue_number: string; state: string }>(
    `SELECT issue_number, state FROM draw_issues WHERE draw_type = 'CQSSC' ORDER BY draw_at`,
  );
  closedIssue = rows.rows.find((r) => r.state === 'CLOSED')!.issue_number;
  openIssue = rows.rows.find((r) => r.state === 'OPEN')!.issue_number;
});
afterAll(() => db.drop());

const issue = async (issueNumber: string) =>
  (await db.database.pool.query<{ id: number; state: string; result: number[] | null; result_source: string | null }>(
    `SELECT id, state, result, result_source FROM draw_issues WHERE draw_type = 'CQSSC' AND issue_number = $1`,
    [issueNumber],
  )).rows[0]!;

let approvals = 0;

/** What the approving transaction of a manual result runs (the back office's draws.result approval). */
function apply(input: ManualResultInput, confirmedBy = 'op2') {
  return withTransaction(db.database.pool, (client) =>
    applyManualResult(client, { ...input, enteredBy: 'op1', confirmedBy, approvalId: 1_000 + approvals++, now: clock.now() }),
  );
}

/** What the request checks before it is queued for approval. */
function check(input: ManualResultInput) {
  return withTransaction(db.database.pool, async (client) => {
    checkManualResultInput(input.drawType, input.result);
    checkIssueTakes(await lockIssue(client, input.drawType, input.issueNumber), input);
  });
}

const entry = (issueNumber: string, result: number[], replaces: number[] | null = null): ManualResultInput => ({
  drawType: 'CQSSC',
  issueNumber,
  result,
  replaces,
});

describe('manual official results', () => {
  it('refuses a malformed result, an issue still on sale, a platform draw and a draw read from another', async () => {
    await expect(check(entry(closedIssue, [1, 2, 3]))).rejects.toMatchObject({ statusCode: 400, message: '开奖号码格式不正确：应为5 个 0–9 的号码，可重复' });
    await expect(check(entry(closedIssue, [1, 2, 3, 4, 10]))).rejects.toMatchObject({ statusCode: 400 });
    await expect(check(entry(openIssue, [1, 2, 3, 4, 5]))).rejects.toMatchObject({ statusCode: 409, message: '该期尚未截止销售，不能录入开奖结果' });
    const platform = await db.database.pool.query<{ issue_number: string }>(`SELECT issue_number FROM draw_issues WHERE draw_type = 'UUFFC' LIMIT 1`);
    await expect(check({ ...entry(platform.rows[0]!.issue_number, [1, 2, 3, 4, 5]), drawType: 'UUFFC' })).rejects.toMatchObject({
      message: '只有官方彩种可以录入开奖结果',
    });
    await expect(check({ ...entry('20261122001', [1, 2, 3]), drawType: 'JSTB' })).rejects.toMatchObject({ message: '江苏骰宝按江苏快3的开奖结果开奖，请录入江苏快3' });
    expect((await issue(closedIssue)).state).toBe('CLOSED');
  });

  it('draws a closed issue once; an entry made before it was drawn is stale afterwards', async () => {
    await check(entry(closedIssue, [3, 1, 4, 1, 5]));
    await apply(entry(closedIssue, [3, 1, 4, 1, 5]));
    expect(await issue(closedIssue)).toMatchObject({ state: 'DRAWN', result: [3, 1, 4, 1, 5], result_source: 'manual' });
    await expect(apply(entry(closedIssue, [2, 7, 1, 8, 2]))).rejects.toMatchObject({ statusCode: 409, message: '该期已开奖，此录入已失效；如结果有误请提交更正' });
    const recorded = await db.database.pool.query('SELECT result, entered_by, confirmed_by, state, is_correction FROM manual_results WHERE issue_id = $1', [
      (await issue(closedIssue)).id,
    ]);
    expect(recorded.rows).toEqual([{ result: [3, 1, 4, 1, 5], entered_by: 'op1', confirmed_by: 'op2', state: 'CONFIRMED', is_correction: false }]);
  });

  it('applies one manual result per approval', async () => {
    const closed = async (issueNumber: string) => {
      await db.database.pool.query(
        `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state)
         VALUES ('CQSSC', $1, '2026-11-22', 9000 + $2, to_timestamp($3 / 1000.0), to_timestamp($3 / 1000.0), to_timestamp($3 / 1000.0), 'CLOSED')`,
        [issueNumber, approvals, clock.now() - 60_000],
      );
      return issueNumber;
    };
    const first = await closed('M-ONCE-1');
    const second = await closed('M-ONCE-2');
    const approvalId = 9_999_000 + approvals++;
    const once = (issueNumber: string) =>
      withTransaction(db.database.pool, (client) =>
        applyManualResult(client, { ...entry(issueNumber, [1, 1, 1, 1, 1]), enteredBy: 'op1', confirmedBy: 'op2', approvalId, now: clock.now() }),
      );
    await once(first);
    await expect(once(second)).rejects.toMatchObject({ code: '23505' });
    expect((await issue(second)).state).toBe('CLOSED');
  });

  it('turns a later approved entry into a recorded correction that is re-settled', async () => {
    // A bet on the drawn result, settled as a win before the correction arrives.
    const pool = db.database.pool;
    const { id: issueId } = await issue(closedIssue);
    const player = await fundedPlayer(pool, 10_000, 'manual');
    const orderId = await pendingOrder(pool, { id: issueId, issueNumber: closedIssue }, player, 'CQSSC', {
      playMode: 'REGULAR',
      bets: [{ methodId: 'ZX5', selection: { rows: [[3], [1], [4], [1], [5]] }, mode: 'LI', multiplier: 1, prizeGroup: 1950 }],
    });
    expect(await settleIssue(pool, issueId, clock.now())).toBe(true);
    const prize = payout('CQSSC', 'ZX5', [1], { prizeGroup: 1950, mode: 'LI', multiplier: 1 }).amount;
    expect(await orderRow(pool, orderId)).toEqual({ status: 'WON', payout: prize, rebate: 0 });
    const paidBalance = await balanceOf(pool, player);

    await expect(check(entry(closedIssue, [3, 1, 4, 1, 5], [3, 1, 4, 1, 5]))).rejects.toMatchObject({ message: '录入的结果与当前开奖结果相同' });
    await expect(check(entry(closedIssue, [3, 1, 4, 1, 6], [9, 9, 9, 9, 9]))).rejects.toMatchObject({
      message: '该期开奖结果已变更，此更正已失效，请重新提交',
    });
    const outcome = await apply(entry(closedIssue, [3, 1, 4, 1, 6], [3, 1, 4, 1, 5]), 'op1');
    expect(outcome.correctionId).not.toBeNull();
    await defaultResettler.resettle(pool, outcome.correctionId!);
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
      [issueId],
    );
    expect(notes.rows).toHaveLength(1);
    // The correction it replaced is now stale too.
    await expect(apply(entry(closedIssue, [3, 1, 4, 1, 7], [3, 1, 4, 1, 5]))).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('a draw type others are drawn on (JSTB on JSK3)', () => {
  const pool = () => db.database.pool;
  const at = (time: string) => new Date(beijing(`2026-11-22 ${time}`));
  const jsk3Feed: ResultFeed = { name: 'http', fetchResult: async (i) => (i.drawType === 'JSK3' ? [1, 2, 3] : null) };
  const silentFeed: ResultFeed = { name: 'http', fetchResult: async () => null };
  const schedulerWith = (feed: ResultFeed, clockOf: ManualClock) =>
    new DrawScheduler({ pool: pool(), clock: clockOf, feed, lifecycle: ordersLifecycle(), feedTimeoutMs: 24 * 3_600_000 });

  /** JSK3's and JSTB's issue `issueNumber`, both closed and due (drawn at 09:50). */
  async function closedPair(issueNumber: string, sequence: number): Promise<Record<'JSK3' | 'JSTB', { id: number; issueNumber: string }>> {
    const ids: Record<string, { id: number; issueNumber: string }> = {};
    for (const drawType of ['JSK3', 'JSTB']) {
      const inserted = await pool().query<{ id: number }>(
        `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state)
         VALUES ($1, $2, '2026-11-22', $3, $4, $5, $6, 'CLOSED') RETURNING id`,
        [drawType, issueNumber, sequence, at('09:30:00'), at('09:49:00'), at('09:50:00')],
      );
      ids[drawType] = { id: inserted.rows[0]!.id, issueNumber };
    }
    return ids as Record<'JSK3' | 'JSTB', { id: number; issueNumber: string }>;
  }

  const pair = async (issueNumber: string) =>
    (
      await pool().query<{ draw_type: string; state: string; result: number[] | null; result_source: string | null }>(
        `SELECT draw_type, state, result, result_source FROM draw_issues WHERE draw_type IN ('JSK3', 'JSTB') AND issue_number = $1 ORDER BY draw_type`,
        [issueNumber],
      )
    ).rows;

  it('a correction of JSK3 also corrects (and re-settles) JSTB, which was drawn on the JSK3 result', async () => {
    const now = new ManualClock(beijing('2026-11-22 10:00:00'));
    const issueNumber = '20261122061';
    const { JSTB: jstb } = await closedPair(issueNumber, 61);
    // A JSTB bet on 小: wins on 1,2,3 (sum 6), loses on 4,5,6 (sum 15).
    const player = await fundedPlayer(pool(), 1_000_000, 'derived');
    const orderId = await pendingOrder(pool(), jstb, player, 'JSTB', {
      playMode: 'BOARD',
      bets: [{ betTypeId: 'TWO_SIDES', selection: 'SMALL', stake: 100_000 }],
    });
    const staked = await balanceOf(pool(), player);

    const scheduler = schedulerWith(jsk3Feed, now);
    await scheduler.tickResults(now.now()); // JSK3 from the feed
    await scheduler.tickResults(now.now()); // JSTB copied from JSK3
    await scheduler.tickSettlement(now.now());
    expect(await pair(issueNumber)).toEqual([
      { draw_type: 'JSK3', state: 'SETTLED', result: [1, 2, 3], result_source: 'http' },
      { draw_type: 'JSTB', state: 'SETTLED', result: [1, 2, 3], result_source: 'JSK3' },
    ]);
    const won = await orderRow(pool(), orderId);
    expect(won.status).toBe('WON');
    expect(await balanceOf(pool(), player)).toBe(staked + won.payout + won.rebate);

    // The official JSK3 result was wrong: the operator corrects JSK3 (JSTB itself takes no entry), and
    // a second operator approves it — the approval's transaction, then its after-commit work.
    const published: { type: string; payload: unknown }[] = [];
    const events = { publish: async (list: { type: string; payload: unknown }[]) => void published.push(...list) } as unknown as EventHub;
    const context = {
      approvalId: 1_000 + approvals++,
      requestedBy: { id: 1, username: 'op1' },
      approvedBy: { username: 'op2' },
      ctx: { clock: now, events, database: { pool: pool() } },
    } as unknown as ApprovalContext;
    const outcome = await withTransaction(pool(), async (client) => {
      const found = await pool().query<{ id: number }>(`SELECT id FROM draw_issues WHERE draw_type = 'JSK3' AND issue_number = $1`, [issueNumber]);
      const issueId = found.rows[0]!.id;
      return manualResultApproval.execute(client, { issueId, drawType: 'JSK3', issueNumber, result: [4, 5, 6], replaces: [1, 2, 3] }, context);
    });
    await outcome.afterCommit!();
    await scheduler.tickSettlement(now.now());

    expect(await pair(issueNumber)).toEqual([
      { draw_type: 'JSK3', state: 'SETTLED', result: [4, 5, 6], result_source: 'manual' },
      // JSTB is 江苏骰宝 settled on the 江苏快3 draw: its bets follow the corrected result; its result still comes from JSK3.
      { draw_type: 'JSTB', state: 'SETTLED', result: [4, 5, 6], result_source: 'JSK3' },
    ]);
    const corrections = await pool().query<{ id: number; draw_type: string; previous_result: number[]; corrected_result: number[]; resettled: boolean }>(
      `SELECT c.id, i.draw_type, c.previous_result, c.corrected_result, c.resettled_at IS NOT NULL AS resettled
         FROM result_corrections c JOIN draw_issues i ON i.id = c.issue_id WHERE i.issue_number = $1 ORDER BY i.draw_type`,
      [issueNumber],
    );
    expect(corrections.rows.map(({ id: _id, ...rest }) => rest)).toEqual([
      { draw_type: 'JSK3', previous_result: [1, 2, 3], corrected_result: [4, 5, 6], resettled: true },
      { draw_type: 'JSTB', previous_result: [1, 2, 3], corrected_result: [4, 5, 6], resettled: true },
    ]);
    const [jsk3Correction, jstbCorrection] = corrections.rows.map((r) => r.id);
    expect(outcome.after).toMatchObject({
      correctionId: jsk3Correction,
      derivedCorrections: [{ drawType: 'JSTB', issueId: jstb.id, correctionId: jstbCorrection }],
    });
    // Re-settled for real: the win is taken back.
    expect(await orderRow(pool(), orderId)).toEqual({ status: 'LOST', payout: 0, rebate: won.rebate });
    expect(await balanceOf(pool(), player)).toBe(staked + won.rebate);
    const changed = await pool().query('SELECT order_id, previous_status, status, amount FROM order_resettlements WHERE correction_id = $1', [jstbCorrection]);
    expect(changed.rows).toEqual([{ order_id: orderId, previous_status: 'WON', status: 'LOST', amount: -won.payout }]);
    expect((await reconcile(pool())).ok).toBe(true);
    // The same history as the corrected issue, and a live result for each draw type.
    const notes = await pool().query<{ note: string; actor: string }>(
      `SELECT note, actor FROM draw_issue_transitions WHERE issue_id = $1 AND note LIKE '开奖结果更正%'`,
      [jstb.id],
    );
    expect(notes.rows).toEqual([{ note: expect.stringContaining('开奖结果更正：1,2,3 → 4,5,6；随江苏快3第 20261122061 期更正'), actor: 'op2' }]);
    expect(published.filter((e) => e.type === 'drawResult').map((e) => e.payload)).toEqual([
      { drawType: 'JSK3', drawNumber: issueNumber, result: [4, 5, 6] },
      { drawType: 'JSTB', drawNumber: issueNumber, result: [4, 5, 6] },
    ]);
  });

  it('a JSTB issue not drawn yet when JSK3 is corrected takes the corrected result from the scheduler', async () => {
    const now = new ManualClock(beijing('2026-11-22 10:00:00'));
    const issueNumber = '20261122062';
    await closedPair(issueNumber, 62);
    const scheduler = schedulerWith(jsk3Feed, now);
    await scheduler.tickResults(now.now()); // JSK3 only: JSTB read it before it was written
    expect((await pair(issueNumber)).map((r) => r.state)).toEqual(['DRAWN', 'CLOSED']);

    const outcome = await apply({ drawType: 'JSK3', issueNumber, result: [4, 5, 6], replaces: [1, 2, 3] });
    expect(outcome.derived).toEqual([]);
    await defaultResettler.resettle(pool(), outcome.correctionId!);
    await scheduler.tickResults(now.now());
    expect(await pair(issueNumber)).toMatchObject([
      { draw_type: 'JSK3', result: [4, 5, 6] },
      { draw_type: 'JSTB', state: 'DRAWN', result: [4, 5, 6], result_source: 'JSK3' },
    ]);
    const jstbCorrections = await pool().query(
      `SELECT 1 FROM result_corrections c JOIN draw_issues i ON i.id = c.issue_id WHERE i.draw_type = 'JSTB' AND i.issue_number = $1`,
      [issueNumber],
    );
    expect(jstbCorrections.rowCount).toBe(0);
  });

  it('a JSK3 correction committing while the scheduler writes JSTB is what JSTB gets', async () => {
    const now = new ManualClock(beijing('2026-11-22 10:00:00'));
    const issueNumber = '20261122064';
    await closedPair(issueNumber, 64);
    const scheduler = schedulerWith(jsk3Feed, now);
    await scheduler.tickResults(now.now()); // JSK3 only: JSTB read it before it was written
    // A correction of JSK3 holds its row while JSTB is written from the result read before it.
    const correcting = await pool().connect();
    try {
      await correcting.query('BEGIN');
      await correcting.query(`UPDATE draw_issues SET result = '{4,5,6}' WHERE draw_type = 'JSK3' AND issue_number = $1`, [issueNumber]);
      const writing = scheduler.tickResults(now.now());
      await expect
        .poll(async () => (await pool().query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%derived%'`)).rowCount, {
          timeout: 30_000,
        })
        .toBe(1);
      await correcting.query('COMMIT');
      await writing;
    } finally {
      correcting.release();
    }
    expect(await pair(issueNumber)).toMatchObject([
      { draw_type: 'JSK3', result: [4, 5, 6] },
      { draw_type: 'JSTB', state: 'DRAWN', result: [4, 5, 6], result_source: 'JSK3' },
    ]);
  });

  it('a first manual result for JSK3 is copied to JSTB by the scheduler', async () => {
    const now = new ManualClock(beijing('2026-11-22 10:00:00'));
    const issueNumber = '20261122063';
    await closedPair(issueNumber, 63);
    const scheduler = schedulerWith(silentFeed, now);
    await scheduler.tickResults(now.now()); // the feed stays silent: both wait
    expect((await pair(issueNumber)).map((r) => r.state)).toEqual(['CLOSED', 'CLOSED']);

    clock.set(now.now()); // the entry is approved after the draw time (09:50)
    const outcome = await apply({ drawType: 'JSK3', issueNumber, result: [2, 2, 5], replaces: null });
    expect(outcome).toMatchObject({ correctionId: null, derived: [] });
    await scheduler.tickResults(now.now());
    await scheduler.tickSettlement(now.now());
    expect(await pair(issueNumber)).toEqual([
      { draw_type: 'JSK3', state: 'SETTLED', result: [2, 2, 5], result_source: 'manual' },
      { draw_type: 'JSTB', state: 'SETTLED', result: [2, 2, 5], result_source: 'JSK3' },
    ]);
  });
});

// Sales close before the draw: a first result approved in between would draw the issue before the official one exists.
describe('manual results before the draw time', () => {
  it('refuses a first result for an official issue whose draw time has not come yet', async () => {
    // Sales closed 60 s before the draw; the official draw is at 10:00. The scheduler itself only draws an
    // issue once draw_at <= now (dueForDraw), and the player API hides results before draw_at, but a
    // manual entry approved at 09:59:30 draws it (and the scheduler then settles it) before the draw.
    const now = beijing('2026-06-01 09:59:30');
    const inserted = await db.database.pool.query<{ id: number }>(
      `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state)
       VALUES ('CQSSC', 'M-EARLY-1', '2026-06-01', 9901, to_timestamp($1 / 1000.0), to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0), 'CLOSED')
       RETURNING id`,
      [now - 20 * 60_000, now - 30_000, now + 30_000],
    );
    const applying = withTransaction(db.database.pool, (client) =>
      applyManualResult(client, {
        drawType: 'CQSSC',
        issueNumber: 'M-EARLY-1',
        result: [1, 2, 3, 4, 5],
        replaces: null,
        enteredBy: 'op1',
        confirmedBy: 'op2',
        approvalId: 77_000_001,
        now,
      }),
    );
    await expect(applying).rejects.toMatchObject({ statusCode: 409 });
    const state = await db.database.pool.query<{ state: string }>('SELECT state FROM draw_issues WHERE id = $1', [inserted.rows[0]!.id]);
    expect(state.rows[0]!.state).toBe('CLOSED');
  });
});
