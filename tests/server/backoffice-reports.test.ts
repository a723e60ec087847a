// The sales report's figures against orders this file places and settles itself, on sales days no
// other data uses: turnover, payouts, rebates, gross gaming revenue, actual and theoretical return
// to player, active and new players, the Beijing day boundary and the per-draw-type split.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { settleIssue } from '../../src/server/orders/lifecycle.ts';
import { reloadGameSettings } from '../../src/server/games/settings.ts';
import { dailyReport, drawTypeReport } from '../../src/server/backoffice/reports/sales-report.ts';
import { boardRtp } from '../../src/shared/lottery/board/index.ts';
import { payout, rebate } from '../../src/shared/lottery/index.ts';
import { yuan } from '../../src/shared/money.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { fundedPlayer, orderRow, pendingOrder } from './settlement-support.ts';

let db: TestDatabase;
const pool = () => db.database.pool;

const DAY = '2031-01-10';
const NEXT_DAY = '2031-01-11';
const RESULT = [1, 2, 3, 4, 5];
const PK10_RESULT = [3, 1, 4, 5, 9, 2, 6, 8, 7, 10];
const winning = { methodId: 'ZX5', selection: { rows: RESULT.map((d) => [d]) }, mode: 'JIAO', multiplier: 1, prizeGroup: 1950 };
const losingAt1900 = { methodId: 'ZX5', selection: { rows: [[9], [9], [9], [9], [9]] }, mode: 'YUAN', multiplier: 3, prizeGroup: 1900 };
const NOW = Date.parse('2031-01-10T12:00:00Z');

let issueCounter = 0;
/** An issue of `drawType` on sales day `day`, drawn with `result` (or still open with null). */
async function issueOn(drawType: string, day: string, result: number[] | null): Promise<{ id: number; issueNumber: string }> {
  const issueNumber = `R${process.pid}${String(issueCounter++).padStart(4, '0')}`;
  const at = new Date(`${day}T04:00:00Z`);
  const inserted = await pool().query<{ id: number }>(
    `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state, result, result_source, drawn_at)
     VALUES ($1, $2, $3, $4, $5, $5, $5, $6, $7, 'manual', $8) RETURNING id`,
    [drawType, issueNumber, day, 200_000 + issueCounter, at, result ? 'DRAWN' : 'OPEN', result, result ? at : null],
  );
  return { id: inserted.rows[0]!.id, issueNumber };
}

/** A settled instant (秒开) order: no issue, placed at `placedAt`, one ZX5 bet at group 1950. */
async function instantOrder(customerId: number, placedAt: string, stake: number, won: number): Promise<void> {
  const order = await pool().query<{ id: number }>(
    `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_id, issue_number, status, bet_count, total_stake, payout, prize_group, created_at, settled_at)
     VALUES ($1, gen_random_uuid()::text, 'MKSSC', 'REGULAR', NULL, 'instant', $2, 1, $3, $4, 1950, $5, $5) RETURNING id`,
    [customerId, won > 0 ? 'WON' : 'LOST', stake, won, placedAt],
  );
  await pool().query(
    `INSERT INTO order_bets (order_id, seq, code, name, selection, mode, multiplier, prize_group, bet_count, stake, payout, outcome)
     VALUES ($1, 1, 'ZX5', '五星直选复式', '{}', 'YUAN', 1, 1950, 1, $2, $3, $4)`,
    [order.rows[0]!.id, stake, won, won > 0 ? 'WIN' : 'LOSE'],
  );
}

const registeredAt = (customerId: number, at: string, client: pg.Pool = pool()) =>
  client.query('UPDATE customers SET created_at = $2 WHERE id = $1', [customerId, at]);

interface Placed {
  players: { a: number; b: number; cancelledOnly: number; trial: number };
  orders: { win: number; lose: number; board: number };
  stakes: { win: number; lose: number; board: number; pending: number };
}
let placed: Placed;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoData(pool());
  const a = await fundedPlayer(pool(), yuan(1000), 'rep');
  const b = await fundedPlayer(pool(), yuan(1000), 'rep');
  const cancelledOnly = await fundedPlayer(pool(), yuan(1000), 'rep');
  const trial = await fundedPlayer(pool(), yuan(1000), 'rep');
  await pool().query(`UPDATE customers SET test_mode = 'USER_TEST' WHERE id = $1`, [trial]);

  const ssc = await issueOn('CQSSC', DAY, RESULT);
  const pk10 = await issueOn('UUPK10', DAY, PK10_RESULT);
  const open = await issueOn('CQSSC', DAY, null);
  const win = await pendingOrder(pool(), ssc, a, 'CQSSC', { playMode: 'REGULAR', bets: [winning] });
  const lose = await pendingOrder(pool(), ssc, a, 'CQSSC', { playMode: 'REGULAR', bets: [losingAt1900] });
  const board = await pendingOrder(pool(), pk10, b, 'UUPK10', {
    playMode: 'BOARD',
    bets: [
      { betTypeId: 'RANK_1', selection: '3', stake: yuan(100) },
      { betTypeId: 'RANK_2', selection: '7', stake: yuan(50) },
    ],
  });
  const pending = await pendingOrder(pool(), open, a, 'CQSSC', { playMode: 'REGULAR', bets: [winning] });
  const cancelled = await pendingOrder(pool(), open, cancelledOnly, 'CQSSC', { playMode: 'REGULAR', bets: [winning] });
  await pool().query(`UPDATE orders SET status = 'CUSTOMER_CANCELED', cancelled_at = now() WHERE id = $1`, [cancelled]);
  // The trial account's order is settled like any other, but the report leaves it out.
  await pendingOrder(pool(), ssc, trial, 'CQSSC', { playMode: 'REGULAR', bets: [winning] });
  expect(await settleIssue(pool(), ssc.id, NOW)).toBe(true);
  expect(await settleIssue(pool(), pk10.id, NOW)).toBe(true);

  // Instant orders belong to the Beijing date they were placed: 23:59:59 on DAY, 00:00 of the next.
  await instantOrder(b, '2031-01-10T15:59:59Z', yuan(10), yuan(19));
  await instantOrder(b, '2031-01-10T16:00:00Z', yuan(7), 0);

  // Registered: two on DAY in Beijing time (one at 23:30), one just after its midnight, a trial one.
  await registeredAt(a, '2031-01-10T02:00:00Z');
  await registeredAt(b, '2031-01-10T15:30:00Z');
  await registeredAt(cancelledOnly, '2031-01-10T16:30:00Z');
  await registeredAt(trial, '2031-01-10T03:00:00Z');

  const stake = async (orderId: number) =>
    (await pool().query<{ total_stake: number }>('SELECT total_stake FROM orders WHERE id = $1', [orderId])).rows[0]!.total_stake;
  placed = {
    players: { a, b, cancelledOnly, trial },
    orders: { win, lose, board },
    stakes: { win: await stake(win), lose: await stake(lose), board: await stake(board), pending: await stake(pending) },
  };
});
afterAll(() => db.drop());

function boardItemRtp(betTypeId: string, item: string): { num: bigint; den: bigint } {
  const entry = boardRtp('UUPK10').betTypes.find((t) => t.betTypeId === betTypeId)!.entries.find((e) => e.selection === item)!;
  return entry.rtp;
}
const times = (stake: number, r: { num: bigint; den: bigint }) => Number((BigInt(stake) * r.num) / r.den);

describe('daily report', () => {
  it('adds up the orders settled on the day, by sales day, leaving out cancelled and trial orders', async () => {
    const { stakes, orders } = placed;
    expect(stakes).toEqual({ win: 2000, lose: yuan(6), board: yuan(150), pending: 2000 });
    const won = await orderRow(pool(), orders.win);
    const lost = await orderRow(pool(), orders.lose);
    const board = await orderRow(pool(), orders.board);
    // Independent figures: the engine's prize for the winning ticket, the rebate of the bet placed
    // below the player's own group, the board's odds for the winning item.
    expect(won.payout).toBe(payout('CQSSC', 'ZX5', [1], { prizeGroup: 1950, mode: 'JIAO', multiplier: 1 }).amount);
    expect(lost).toEqual({ status: 'LOST', payout: 0, rebate: rebate(yuan(6), 1950, 1900) });
    expect(board.status).toBe('WON');

    const report = await dailyReport(pool(), { from: DAY, to: NEXT_DAY });
    expect(report.rows.map((r) => r.day)).toEqual([DAY, NEXT_DAY]);
    const day = report.rows[0]!;
    const turnover = stakes.win + stakes.lose + stakes.board + yuan(10);
    const payouts = won.payout + board.payout + yuan(19);
    const rebates = lost.rebate + board.rebate;
    expect(day).toMatchObject({
      orders: 4,
      turnover,
      pendingStake: stakes.pending,
      payouts,
      rebates,
      grossGamingRevenue: turnover - payouts - rebates,
      activePlayers: 2,
      newPlayers: 2,
    });
    expect(day.actualRtp).toBeCloseTo(payouts / turnover, 12);

    // Theoretical: G/2000 of each regular stake (at the bet's own group), the exact board odds.
    const expected =
      (stakes.win * 1950) / 2000 +
      (stakes.lose * 1900) / 2000 +
      times(yuan(100), boardItemRtp('RANK_1', '3')) +
      times(yuan(50), boardItemRtp('RANK_2', '7')) +
      (yuan(10) * 1950) / 2000;
    expect(day.expectedPayouts).toBe(expected);
    expect(day.theoreticalRtp).toBeCloseTo(expected / turnover, 12);

    const next = report.rows[1]!;
    expect(next).toMatchObject({ orders: 1, turnover: yuan(7), payouts: 0, activePlayers: 1, newPlayers: 1 });
    expect(report.total).toMatchObject({
      orders: 5,
      turnover: turnover + yuan(7),
      payouts,
      rebates,
      pendingStake: stakes.pending,
      // Player b is active on both days: counted once over the range.
      activePlayers: 2,
      newPlayers: 3,
    });
  });

  it('lists every day of the range, zeros included, and nothing outside it', async () => {
    const report = await dailyReport(pool(), { from: '2031-01-08', to: '2031-01-09' });
    expect(report.rows).toHaveLength(2);
    for (const row of [...report.rows, report.total]) {
      expect(row).toMatchObject({ orders: 0, turnover: 0, payouts: 0, activePlayers: 0, newPlayers: 0, actualRtp: null, theoreticalRtp: null });
    }
  });

  it('narrows to one draw type', async () => {
    const report = await dailyReport(pool(), { from: DAY, to: DAY, drawType: 'UUPK10' });
    const board = await orderRow(pool(), placed.orders.board);
    expect(report.rows[0]).toMatchObject({ orders: 1, turnover: yuan(150), payouts: board.payout, pendingStake: 0, activePlayers: 1 });
    expect(report.drawType).toBe('UUPK10');
  });
});

describe('draw type report', () => {
  it('splits the same orders per draw type, highest turnover first, with the same total', async () => {
    const report = await drawTypeReport(pool(), { from: DAY, to: DAY });
    expect(report.rows.map((r) => [r.drawType, r.drawTypeName !== r.drawType])).toEqual([
      ['UUPK10', true],
      ['MKSSC', true],
      ['CQSSC', true],
    ]);
    const { stakes } = placed;
    const cqssc = report.rows.find((r) => r.drawType === 'CQSSC')!;
    expect(cqssc).toMatchObject({ orders: 2, turnover: stakes.win + stakes.lose, pendingStake: stakes.pending, activePlayers: 1 });
    const daily = await dailyReport(pool(), { from: DAY, to: DAY });
    const { newPlayers: _, ...dailyFigures } = daily.total;
    expect(report.total).toEqual(dailyFigures);
    const sum = (pick: (r: (typeof report.rows)[number]) => number) => report.rows.reduce((n, r) => n + pick(r), 0);
    expect(sum((r) => r.turnover)).toBe(report.total.turnover);
    expect(sum((r) => r.expectedPayouts)).toBe(report.total.expectedPayouts);
  });
});

describe('theoretical return of board bets', () => {
  it('rates them at the odds in force when they were placed, as their settlement paid them', async () => {
    const day = '2031-01-20';
    // 冠军 3 pays 9.7 by default; from 2020 the operator's odds are 9.0, from 2099 they will be 8.0.
    await pool().query(
      `INSERT INTO game_board_settings (draw_type, odds, effective_at)
       VALUES ('UU3PK10', '{"RANK_1":{"3":90000}}', '2020-01-01T00:00:00Z'), ('UU3PK10', '{"RANK_1":{"3":80000}}', '2099-01-01T00:00:00Z')`,
    );
    await reloadGameSettings(pool());
    const issue = await issueOn('UU3PK10', day, PK10_RESULT);
    const player = await fundedPlayer(pool(), yuan(100), 'rep');
    const order = await pendingOrder(pool(), issue, player, 'UU3PK10', {
      playMode: 'BOARD',
      bets: [{ betTypeId: 'RANK_1', selection: '3', stake: yuan(10) }],
    });
    expect(await settleIssue(pool(), issue.id, NOW)).toBe(true);
    expect((await orderRow(pool(), order)).payout).toBe(yuan(90));

    const report = await dailyReport(pool(), { from: day, to: day });
    // One chance in ten at 9.0: 90 % of the stake.
    expect(report.rows[0]).toMatchObject({ turnover: yuan(10), payouts: yuan(90), expectedPayouts: yuan(9), theoreticalRtp: 0.9, actualRtp: 9 });
  });
});

describe('theoretical return of fixed-prize games', () => {
  it('reads the official prize table: 选一 pays 4.5 元 on a 20-in-80 chance, 56.25 % of the stake', async () => {
    const day = '2031-01-21';
    const result = Array.from({ length: 20 }, (_, i) => i * 4 + 1);
    const issue = await issueOn('UUFFKENO', day, result);
    const player = await fundedPlayer(pool(), yuan(100), 'rep');
    await pendingOrder(pool(), issue, player, 'UUFFKENO', {
      playMode: 'REGULAR',
      bets: [{ methodId: 'RX1', selection: { rows: [[1, 2]] }, mode: 'YUAN', multiplier: 1 }],
    });
    expect(await settleIssue(pool(), issue.id, NOW)).toBe(true);
    const report = await dailyReport(pool(), { from: day, to: day });
    expect(report.rows[0]).toMatchObject({ turnover: yuan(4), payouts: yuan(4.5), expectedPayouts: yuan(2.25), theoreticalRtp: 0.5625 });
  });
});
