// Payout caps at settlement: the per-order cap on an order's bets together (regular and board), the
// per-issue cap across a player's orders of an issue, the per-issue cap of instant draws (one player,
// one draw type, one calendar minute), refunds of pushed bets (never capped), and the jackpot hook's amounts.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { settleIssue } from '../../src/server/orders/lifecycle.ts';
import { placeOrder } from '../../src/server/orders/place.ts';
import type { JackpotHook, PendingOrder } from '../../src/server/orders/settlement.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { deriveInstantDraw } from '../../src/shared/draws/index.ts';
import { configureDrawType, payout, resetDrawTypeConfig } from '../../src/shared/lottery/index.ts';
import { yuan } from '../../src/shared/money.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { drawnIssue, fundedPlayer, orderRow, pendingOrder, walletMoves } from './settlement-support.ts';

let db: TestDatabase;
const pool = () => db.database.pool;
const NOW = Date.parse('2026-11-22T02:01:00Z');
const A = [1, 2, 3, 4, 5];
const onA = { methodId: 'ZX5', selection: { rows: A.map((d) => [d]) }, mode: 'LI', multiplier: 1, prizeGroup: 1950 };
const WIN = payout('CQSSC', 'ZX5', [1], { prizeGroup: 1950, mode: 'LI', multiplier: 1 }).amount; // 195 元

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoData(pool());
  await pool().query(`UPDATE own_games SET enabled = draw_type IN ('MKSSC', 'CQSSC', 'UUPK10')`);
});
afterAll(() => db.drop());
afterEach(() => resetDrawTypeConfig());

const betPayouts = async (orderId: number) =>
  (await pool().query<{ payout: number }>('SELECT payout FROM order_bets WHERE order_id = $1 ORDER BY seq', [orderId])).rows.map((r) => r.payout);

/** The per-order lines of a player's WIN transfer for an issue. */
const winDetail = async (issueId: number, customerId: number) =>
  (await pool().query<{ detail: unknown }>(`SELECT detail FROM issue_credits WHERE issue_id = $1 AND customer_id = $2 AND type = 'WIN'`, [issueId, customerId])).rows[0]
    ?.detail;

describe('per-order cap', () => {
  it('caps a regular order of several winning bets as a whole, not bet by bet', async () => {
    configureDrawType('CQSSC', { maxPayoutPerOrder: yuan(300), maxPayoutPerIssue: yuan(100_000) });
    const issue = await drawnIssue(pool(), 'CQSSC', A);
    const player = await fundedPlayer(pool(), yuan(10));
    const order = await pendingOrder(pool(), issue, player, 'CQSSC', { playMode: 'REGULAR', bets: [onA, onA] });
    expect(await settleIssue(pool(), issue.id, NOW)).toBe(true);
    expect(WIN).toBe(yuan(195));
    expect(await orderRow(pool(), order)).toEqual({ status: 'WON', payout: yuan(300), rebate: 0 });
    expect(await betPayouts(order)).toEqual([yuan(195), yuan(105)]);
    expect(await walletMoves(pool(), player, `win:${issue.id}:${player}`)).toBe(yuan(300));
    expect(await winDetail(issue.id, player)).toEqual([[order, yuan(300)]]);
  });

  it('caps a board order too', async () => {
    configureDrawType('UUPK10', { maxPayoutPerOrder: yuan(1000), maxPayoutPerIssue: yuan(100_000) });
    const result = [3, 1, 4, 5, 9, 2, 6, 8, 7, 10];
    const issue = await drawnIssue(pool(), 'UUPK10', result);
    const player = await fundedPlayer(pool(), yuan(1000));
    const order = await pendingOrder(pool(), issue, player, 'UUPK10', {
      playMode: 'BOARD',
      bets: [
        { betTypeId: 'RANK_1', selection: '3', stake: yuan(100) },
        { betTypeId: 'RANK_2', selection: '1', stake: yuan(100) },
      ],
    });
    expect(await settleIssue(pool(), issue.id, NOW)).toBe(true);
    const single = Math.floor((yuan(100) * 97_000) / 10_000); // odds 9.7, stake included
    expect(single * 2).toBeGreaterThan(yuan(1000));
    expect(await orderRow(pool(), order)).toMatchObject({ status: 'WON', payout: yuan(1000) });
    expect(await betPayouts(order)).toEqual([single, yuan(1000) - single]);
    expect(await walletMoves(pool(), player, `win:${issue.id}:${player}`)).toBe(yuan(1000));
    expect(await winDetail(issue.id, player)).toEqual([[order, yuan(1000)]]);
  });
});

describe('per-issue cap', () => {
  it('caps what one player receives on one issue across orders, in order', async () => {
    configureDrawType('CQSSC', { maxPayoutPerOrder: yuan(100_000), maxPayoutPerIssue: yuan(300) });
    const issue = await drawnIssue(pool(), 'CQSSC', A);
    const player = await fundedPlayer(pool(), yuan(10));
    const other = await fundedPlayer(pool(), yuan(10));
    const first = await pendingOrder(pool(), issue, player, 'CQSSC', { playMode: 'REGULAR', bets: [onA] });
    const second = await pendingOrder(pool(), issue, player, 'CQSSC', { playMode: 'REGULAR', bets: [onA] });
    const third = await pendingOrder(pool(), issue, player, 'CQSSC', { playMode: 'REGULAR', bets: [onA] });
    const others = await pendingOrder(pool(), issue, other, 'CQSSC', { playMode: 'REGULAR', bets: [onA] });
    expect(await settleIssue(pool(), issue.id, NOW, { batchSize: 2 })).toBe(true);
    expect((await orderRow(pool(), first)).payout).toBe(yuan(195));
    expect((await orderRow(pool(), second)).payout).toBe(yuan(105));
    expect((await orderRow(pool(), third)).payout).toBe(0);
    expect((await orderRow(pool(), others)).payout).toBe(yuan(195));
    expect(await walletMoves(pool(), player, 'win:%')).toBe(yuan(300));
    expect(await winDetail(issue.id, player)).toEqual([[first, yuan(195)], [second, yuan(105)]]);
  });
});

describe('per-issue cap of instant draws', () => {
  it('caps what one player wins on one instant draw type within one calendar minute', async () => {
    configureDrawType('MKSSC', { maxPayoutPerOrder: yuan(100_000), maxPayoutPerIssue: yuan(300) });
    const customerId = await fundedPlayer(pool(), yuan(10));
    // A known seed, so that each coming result can be bet on.
    const serverSeed = 'ab'.repeat(32);
    const serverSeedHash = createHash('sha256').update(Buffer.from(serverSeed, 'hex')).digest('hex');
    await pool().query(
      'INSERT INTO instant_seeds (customer_id, server_seed, server_seed_hash, client_seed, hash_shown_at) VALUES ($1, $2, $3, $4, now())',
      [customerId, serverSeed, serverSeedHash, 'caps'],
    );
    const bet = async (nonce: number, at: number) => {
      const { result } = await deriveInstantDraw({ drawType: 'MKSSC', serverSeed, clientSeed: 'caps', nonce });
      const placed = await placeOrder(
        pool(),
        { customerId, prizeGroup: 1950 },
        { clientKey: randomUUID(), drawType: 'MKSSC', playMode: 'REGULAR', bets: [{ methodId: 'ZX5', selection: { rows: result.map((d) => [d]) }, mode: 'LI', multiplier: 1, prizeGroup: 1950 }] },
        at,
      );
      return placed.order;
    };
    const minute = Date.parse('2026-11-22T03:00:00Z');
    const first = await bet(0, minute + 5_000);
    const second = await bet(1, minute + 50_000);
    const nextMinute = await bet(2, minute + 61_000);
    expect(first).toMatchObject({ status: 'WON', payout: yuan(195) });
    expect(second).toMatchObject({ status: 'WON', payout: yuan(105) });
    expect(nextMinute).toMatchObject({ status: 'WON', payout: yuan(195) });
    expect(await walletMoves(pool(), customerId, 'win:%')).toBe(yuan(495));
    expect((await reconcile(pool())).ok).toBe(true);
  });
});

describe('jackpot hook', () => {
  it('is called once per settled order with its stake and its payout after every cap', async () => {
    configureDrawType('CQSSC', { maxPayoutPerOrder: yuan(300), maxPayoutPerIssue: yuan(400) });
    const issue = await drawnIssue(pool(), 'CQSSC', A);
    const player = await fundedPlayer(pool(), yuan(10));
    const orders = [
      await pendingOrder(pool(), issue, player, 'CQSSC', { playMode: 'REGULAR', bets: [onA, onA] }), // 390 → 300 (order cap)
      await pendingOrder(pool(), issue, player, 'CQSSC', { playMode: 'REGULAR', bets: [onA] }), // 195 → 100 (issue cap)
      await pendingOrder(pool(), issue, player, 'CQSSC', { playMode: 'REGULAR', bets: [{ ...onA, selection: { rows: [[0], [0], [0], [0], [0]] }, mode: 'JIAO' }] }), // lost
    ];
    const calls: { id: number; stake: number; status: string; payout: number }[] = [];
    const hook: JackpotHook = {
      contribution(order: PendingOrder, outcome) {
        calls.push({ id: order.id, stake: order.totalStake, status: outcome.status, payout: outcome.payout });
        return Math.floor(order.totalStake / 100);
      },
    };
    expect(await settleIssue(pool(), issue.id, NOW, { jackpot: hook })).toBe(true);
    expect(calls.sort((a, b) => a.id - b.id)).toEqual([
      { id: orders[0], stake: 40, status: 'WON', payout: yuan(300) },
      { id: orders[1], stake: 20, status: 'WON', payout: yuan(100) },
      { id: orders[2], stake: 2000, status: 'LOST', payout: 0 },
    ]);
    const recorded = await pool().query('SELECT order_id, amount FROM jackpot_contributions WHERE order_id = ANY($1) ORDER BY order_id', [orders]);
    expect(recorded.rows).toEqual([{ order_id: orders[2], amount: 20 }]);
  });
});

// A push (和局退还本金) voids the bet: its stake comes back whatever the caps, which bound winnings only.
describe('refunds of pushed bets under the caps', () => {
  it('refunds a pushed board bet in full even when the player already reached the per-issue cap', async () => {
    configureDrawType('UU11X5', { maxPayoutPerOrder: yuan(100_000), maxPayoutPerIssue: yuan(100) });
    // 第一球 = 11: 第一球 大小单双 is 和 (default rule elevenBallEleven = PUSH, stake refunded).
    const issue = await drawnIssue(pool(), 'UU11X5', [11, 1, 2, 3, 4]);
    const player = await fundedPlayer(pool(), yuan(1_000));
    const winner = await pendingOrder(pool(), issue, player, 'UU11X5', {
      playMode: 'BOARD',
      bets: [{ betTypeId: 'NUMBER_1', selection: '11', stake: yuan(100) }],
    });
    const pushed = await pendingOrder(pool(), issue, player, 'UU11X5', {
      playMode: 'BOARD',
      bets: [{ betTypeId: 'TWO_SIDES_1', selection: 'BIG', stake: yuan(50) }],
    });
    expect(await settleIssue(pool(), issue.id, NOW)).toBe(true);
    expect((await orderRow(pool(), winner)).payout).toBe(yuan(100)); // the win, capped
    // The pushed bet is void: its stake must come back whatever the cap on winnings.
    expect((await orderRow(pool(), pushed)).payout).toBe(yuan(50));
    expect(await walletMoves(pool(), player, 'win:%')).toBe(yuan(150));
  });

  it('does not take the per-order cap out of a pushed bet\'s refund', async () => {
    configureDrawType('UU11X5', { maxPayoutPerOrder: yuan(100), maxPayoutPerIssue: yuan(100_000) });
    const issue = await drawnIssue(pool(), 'UU11X5', [11, 1, 2, 3, 4]);
    const player = await fundedPlayer(pool(), yuan(1_000));
    const order = await pendingOrder(pool(), issue, player, 'UU11X5', {
      playMode: 'BOARD',
      bets: [
        { betTypeId: 'NUMBER_1', selection: '11', stake: yuan(100) }, // wins 1070 元, capped
        { betTypeId: 'TWO_SIDES_1', selection: 'BIG', stake: yuan(50) }, // 和: refund 50 元
      ],
    });
    expect(await settleIssue(pool(), issue.id, NOW)).toBe(true);
    const bets = (await pool().query<{ outcome: string; payout: number }>('SELECT outcome, payout FROM order_bets WHERE order_id = $1 ORDER BY seq', [order])).rows;
    expect(bets[1]).toEqual({ outcome: 'PUSH', payout: yuan(50) });
    expect((await orderRow(pool(), order)).payout).toBe(yuan(150));
  });
});
