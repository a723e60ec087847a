// A multi-pick board bet (三全中 on four numbers = four combinations) is debited the stake of every
// combination and settled combination by combination at the stake of one — never each combination
// at the whole bet's stake.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { settleIssue } from '../../src/server/orders/lifecycle.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { evaluateBoardBet } from '../../src/shared/lottery/board/index.ts';
import { yuan } from '../../src/shared/money.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { balanceOf, drawnIssue, fundedPlayer, orderRow, pendingOrder } from './settlement-support.ts';

let db: TestDatabase;
const pool = () => db.database.pool;
const NOW = Date.parse('2026-11-22T02:01:00Z');

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoData(pool());
});
afterAll(() => db.drop());

it('pays each of the four winning combinations of 三全中 at the stake of one', async () => {
  const picks = [3, 14, 25, 36];
  const result = [3, 14, 25, 36, 40, 41, 49];
  const bet = { betTypeId: 'LINK_3_ALL', selection: picks, stake: yuan(1) };
  const oracle = evaluateBoardBet('UUMARK6', bet, result, undefined, '2026-11-22');
  expect(oracle.combinations).toHaveLength(4);
  expect(oracle.combinations.every((c) => c.outcome === 'WIN')).toBe(true);

  const issue = await drawnIssue(pool(), 'UUMARK6', result);
  const player = await fundedPlayer(pool(), yuan(100), 'combo');
  const order = await pendingOrder(pool(), issue, player, 'UUMARK6', { playMode: 'BOARD', bets: [bet] });
  expect(await balanceOf(pool(), player)).toBe(yuan(96));

  expect(await settleIssue(pool(), issue.id, NOW)).toBe(true);
  const settled = await orderRow(pool(), order);
  expect(settled).toEqual({ status: 'WON', payout: oracle.payout, rebate: oracle.rebate });
  expect(oracle.payout).toBe(4 * oracle.combinations[0]!.payout);
  expect(await balanceOf(pool(), player)).toBe(yuan(96) + oracle.payout + oracle.rebate);
  expect((await reconcile(pool())).ok).toBe(true);
});
