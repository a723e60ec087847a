// The weekly ranking (docs/campaigns/ranking-and-vip.md): incremental totals that never count an order
// twice (a second run, a crash between the statements), ties broken by who reached the total first,
// prizes paid exactly once when the week closes, and the public GET /ajax/weekly-ranking.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { accumulateRanking } from '../../src/server/weekly-ranking/accumulate.ts';
import { RANKING_PRIZE_STAKE_MULTIPLE_BP } from '../../src/server/weekly-ranking/close-week.ts';
import { runRankingJob } from '../../src/server/weekly-ranking/job.ts';
import { maskName } from '../../src/server/weekly-ranking/names.ts';
import { weeklyRanking } from '../../src/server/weekly-ranking/view.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { ordersLifecycle } from '../../src/server/orders/lifecycle.ts';
import { SETTLEMENT_LAG_MS } from '../../src/server/wallet/required-stake.ts';
import { drawnIssue, fundedPlayer, pendingOrder } from './settlement-support.ts';
import { WEEKLY_RANKING_PATHS } from '../../src/shared/api/weekly-ranking.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie } from '../support/http.ts';
import { at, balanceOf, earlierThisWeek, newPlayer, settledOrder, TEST_ACCOUNT_PASSWORD } from './vip-support.ts';

let server: TestServer;
let pool: pg.Pool;
const YUAN = 10_000;

beforeAll(async () => {
  server = await startTestServer();
  pool = server.db.database.pool;
});
afterAll(async () => {
  await server?.close();
});

async function resetRanking(cursor: Date): Promise<void> {
  await pool.query('ALTER TABLE weekly_ranking_payouts DISABLE TRIGGER weekly_ranking_payouts_append_only');
  await pool.query('DELETE FROM weekly_ranking_payouts');
  await pool.query('ALTER TABLE weekly_ranking_payouts ENABLE TRIGGER weekly_ranking_payouts_append_only');
  await pool.query('DELETE FROM weekly_ranking_weeks');
  await pool.query('DELETE FROM weekly_ranking_totals');
  await pool.query('UPDATE weekly_ranking_cursor SET counted_until = $1', [cursor]);
}

async function totalOf(week: string, customerId: number) {
  const found = await pool.query<{ net_win: number; orders: number }>('SELECT net_win, orders FROM weekly_ranking_totals WHERE week = $1 AND customer_id = $2', [week, customerId]);
  return found.rows[0] ?? null;
}

// Week of Monday 2027-06-07 (Shanghai) to Sunday 2027-06-13 24:00.
const WEEK = '2027-06-07';
const IN_WEEK = (day: number, time = '12:00:00') => at(`2027-06-${String(day).padStart(2, '0')}T${time}+08:00`);

describe('totals', () => {
  beforeEach(() => resetRanking(at('2027-06-01T00:00:00+08:00')));

  it('adds net wins by Shanghai week and never counts an order twice', async () => {
    const player = await newPlayer(pool);
    await settledOrder(pool, player.id, 10 * YUAN, 110 * YUAN, IN_WEEK(7, '00:00:01'));
    await settledOrder(pool, player.id, 20 * YUAN, 0, IN_WEEK(13, '23:59:59'));
    await settledOrder(pool, player.id, 5 * YUAN, 50 * YUAN, at('2027-06-06T23:59:59+08:00')); // the week before
    await accumulateRanking(pool, at('2027-06-10T00:00:00+08:00'));
    expect(await totalOf(WEEK, player.id)).toEqual({ net_win: 100 * YUAN, orders: 1 });
    await Promise.all(Array.from({ length: 5 }, () => accumulateRanking(pool, at('2027-06-20T00:00:00+08:00'))));
    expect(await totalOf(WEEK, player.id)).toEqual({ net_win: 80 * YUAN, orders: 2 });
    expect(await totalOf('2027-05-31', player.id)).toEqual({ net_win: 45 * YUAN, orders: 1 });
  });

  it('counts nothing of a batch that fails before its cursor moves, and all of it on the next run', async () => {
    const player = await newPlayer(pool);
    await settledOrder(pool, player.id, 10 * YUAN, 30 * YUAN, IN_WEEK(8));
    await pool.query(`CREATE FUNCTION h8_crash() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'crash'; END $$`);
    await pool.query('CREATE TRIGGER h8_crash BEFORE UPDATE ON weekly_ranking_cursor FOR EACH ROW EXECUTE FUNCTION h8_crash()');
    await expect(accumulateRanking(pool, IN_WEEK(9))).rejects.toThrow(/crash/);
    expect(await totalOf(WEEK, player.id)).toBeNull();
    await pool.query('DROP TRIGGER h8_crash ON weekly_ranking_cursor');
    await pool.query('DROP FUNCTION h8_crash()');
    await accumulateRanking(pool, IN_WEEK(9));
    expect(await totalOf(WEEK, player.id)).toEqual({ net_win: 20 * YUAN, orders: 1 });
  });

  it('leaves out trial accounts and orders settled in the last minutes (still settling)', async () => {
    const trial = await newPlayer(pool, { trial: true });
    const late = await newPlayer(pool);
    await settledOrder(pool, trial.id, 10 * YUAN, 100 * YUAN, IN_WEEK(8));
    await settledOrder(pool, late.id, 10 * YUAN, 100 * YUAN, IN_WEEK(9, '11:55:00'));
    await accumulateRanking(pool, IN_WEEK(9, '12:00:00'));
    expect(await totalOf(WEEK, trial.id)).toBeNull();
    expect(await totalOf(WEEK, late.id)).toBeNull();
    await accumulateRanking(pool, IN_WEEK(9, '12:10:00'));
    expect(await totalOf(WEEK, late.id)).toEqual({ net_win: 90 * YUAN, orders: 1 });
  });
});

describe('closing a week', () => {
  // A week of its own: the orders of the tests above stay in the orders table.
  const LATER = '2027-06-21';
  const LATER_WEEK = (day: number) => at(`2027-06-${day + 14}T12:00:00+08:00`);

  beforeEach(() => resetRanking(at('2027-06-15T00:00:00+08:00')));

  it('pays the prizes of the top places exactly once, ties going to the total reached first', async () => {
    const [first, tieEarly, tieLate, fourth, loser] = await Promise.all(Array.from({ length: 5 }, () => newPlayer(pool)));
    await settledOrder(pool, first!.id, 10 * YUAN, 1010 * YUAN, LATER_WEEK(8));
    await settledOrder(pool, tieLate!.id, 10 * YUAN, 510 * YUAN, LATER_WEEK(10));
    await settledOrder(pool, tieEarly!.id, 10 * YUAN, 510 * YUAN, LATER_WEEK(9));
    await settledOrder(pool, fourth!.id, 10 * YUAN, 20 * YUAN, LATER_WEEK(11));
    await settledOrder(pool, loser!.id, 10 * YUAN, 0, LATER_WEEK(11));

    // Before the week has ended (and been counted past its end) nothing is paid.
    await runRankingJob(pool, at('2027-06-28T00:05:00+08:00'));
    expect(await balanceOf(pool, first!.id)).toBe(0);

    const now = at('2027-06-28T00:15:00+08:00');
    const runs = await Promise.all(Array.from({ length: 6 }, () => runRankingJob(pool, now)));
    // Seeded prizes (0039_vip.sql): 888, 588, 388 元 for places 1–3.
    expect(await balanceOf(pool, first!.id)).toBe(888 * YUAN);
    expect(await balanceOf(pool, tieEarly!.id)).toBe(588 * YUAN);
    expect(await balanceOf(pool, tieLate!.id)).toBe(388 * YUAN);
    expect(await balanceOf(pool, fourth!.id)).toBe(0);
    const payouts = await pool.query('SELECT rank, customer_id, amount FROM weekly_ranking_payouts WHERE week = $1 ORDER BY rank', [LATER]);
    expect(payouts.rows.map((r) => [r.rank, Number(r.customer_id), r.amount])).toEqual([
      [1, first!.id, 888 * YUAN],
      [2, tieEarly!.id, 588 * YUAN],
      [3, tieLate!.id, 388 * YUAN],
      [4, fourth!.id, 0],
    ]);
    const transfers = await pool.query(`SELECT idempotency_key, type FROM ledger_transfers WHERE idempotency_key LIKE 'weekly-ranking:${LATER}:%' ORDER BY 1`);
    expect(transfers.rows).toEqual([1, 2, 3].map((rank) => ({ idempotency_key: `weekly-ranking:${LATER}:${rank}`, type: 'REW' })));
    expect(runs.flat().filter((e) => e.type === 'textPopup')).toHaveLength(3);
    expect((await reconcile(pool)).ok).toBe(true);

    const view = await weeklyRanking(pool, fourth!.id, at('2027-06-29T12:00:00+08:00'));
    expect(view.lastWeek?.week).toBe(LATER);
    expect(view.lastWeek?.winners[0]).toEqual({ rank: 1, name: maskName(first!.username), netWin: 1000 * YUAN, prize: 888 * YUAN });
  });
});

describe('GET /ajax/weekly-ranking', () => {
  it("is public, masks names and gives a logged-in player's own place", async () => {
    const now = new Date();
    await resetRanking(new Date(now.getTime() - 3_600_000));
    const [top, me] = await Promise.all([newPlayer(pool), newPlayer(pool)]);
    await settledOrder(pool, top.id, 10 * YUAN, 500 * YUAN, earlierThisWeek(30 * 60_000));
    await settledOrder(pool, me.id, 10 * YUAN, 100 * YUAN, earlierThisWeek(30 * 60_000));
    await accumulateRanking(pool, now);

    const anonymous = await server.app.inject({ method: 'GET', url: WEEKLY_RANKING_PATHS.ranking });
    expect(anonymous.statusCode).toBe(200);
    const body = anonymous.json();
    expect(body.me).toBeNull();
    const names = body.top.map((e: { name: string }) => e.name);
    expect(names).toContain(maskName(top.username));
    expect(JSON.stringify(body)).not.toContain(top.username);

    const cookie = await loginCookie(server.app, me.username, TEST_ACCOUNT_PASSWORD);
    const mine = (await server.app.inject({ method: 'GET', url: WEEKLY_RANKING_PATHS.ranking, headers: { cookie } })).json();
    expect(mine.me).toEqual({ rank: 2, netWin: 90 * YUAN });
  });

  it('masks names', () => {
    expect(maskName('abcdef9')).toBe('ab***9');
    expect(maskName('abc')).toBe('a***');
  });
});

// A prize is house money: like every bonus it must be staked before it can be withdrawn.
describe('prize money', () => {
  it('a weekly-ranking prize (promotional REW money) adds required stake like every other bonus', async () => {
    await resetRanking(at('2028-03-01T00:00:00+08:00'));
    const winner = await newPlayer(pool);
    await settledOrder(pool, winner.id, 10 * YUAN, 100_000 * YUAN, at('2028-03-07T12:00:00+08:00'));
    await runRankingJob(pool, at('2028-03-14T00:30:00+08:00'));
    const paid = await pool.query('SELECT amount FROM weekly_ranking_payouts WHERE customer_id = $1', [winner.id]);
    expect(Number(paid.rows[0]?.amount ?? 0)).toBeGreaterThan(0);
    const required = await pool.query<{ remaining: number }>('SELECT remaining FROM required_stakes WHERE customer_id = $1', [winner.id]);
    expect(Number(required.rows[0]?.remaining ?? 0)).toBe(Number(paid.rows[0]!.amount) * RANKING_PRIZE_STAKE_MULTIPLE_BP / 10_000);
    expect((await reconcile(pool)).ok).toBe(true);
  });
});

// A settlement pass over a backlog stamps each issue when it reaches it, so the ranking (behind SETTLEMENT_LAG_MS) counts it.
describe('settlement stamps of a long pass', () => {
  it('counts in the weekly ranking a win settled late in a long settlement pass', async () => {
    // The scheduler's settlement pass hands up to 500 drawn issues to settleDrawn with ONE `now`, read
    // when the pass starts; every order of every issue is stamped settled_at = that instant, however
    // long the pass runs. The jobs that count settlements by time (weekly ranking, required stake) only
    // stay SETTLEMENT_LAG_MS (10 min) behind, assuming a stamp is at most one transaction old.
    const t0 = Date.parse('2026-09-09T12:00:00+08:00'); // a Wednesday
    await pool.query('UPDATE weekly_ranking_cursor SET counted_until = $1', [new Date(t0 - 60_000)]);
    const player = await fundedPlayer(pool, 1_000_000, 'auditrank');
    const issue = await drawnIssue(pool, 'CQSSC', [1, 2, 3, 4, 5]);
    await pendingOrder(pool, issue, player, 'CQSSC', {
      playMode: 'REGULAR',
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
    });
    // The pass started at t0; the ranking job runs while the pass is still on earlier issues…
    await accumulateRanking(pool, new Date(t0 + SETTLEMENT_LAG_MS + 30_000));
    // …and this issue is reached 11 minutes into the pass (the clock: the pass's start, then 11 minutes on).
    let reading = 0;
    const clock = () => (reading++ === 0 ? 0 : 11 * 60_000);
    const settled = await ordersLifecycle({ clock }).settleDrawn(pool, [{ id: issue.id, drawType: 'CQSSC', issueNumber: issue.issueNumber }], t0);
    expect(settled).toEqual([issue.id]);
    await accumulateRanking(pool, new Date(t0 + 3_600_000));
    const total = await pool.query<{ net_win: string }>('SELECT net_win FROM weekly_ranking_totals WHERE customer_id = $1', [player]);
    // The win (payout − stake > 0) is never counted: the cursor had already passed its stamp.
    expect(total.rows.map((r) => Number(r.net_win) > 0)).toEqual([true]);
  });
});
