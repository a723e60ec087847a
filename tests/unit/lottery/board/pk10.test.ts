import { describe, expect, it } from 'vitest';
import { evaluateBoardBet } from '../../../../src/shared/lottery/board/index.ts';
import { rtpReportOf } from '../../../../src/shared/lottery/board/rtp.ts';
import { pk10Oracle, ranksRead } from './oracles/pk10.ts';
import { boardWith, rtpDifferences, runOracle, standardCases, type Case } from './support/harness.ts';
import { drawDistinct, seededRandom } from './support/random.ts';

const CARS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** Full orders in which `ranks` take every possible assignment; the other ranks are filled from the rest. */
function ordersOver(ranks: readonly number[], rotate = 0): number[][] {
  const out: number[][] = [];
  const walk = (chosen: number[]): void => {
    if (chosen.length === ranks.length) {
      const rest = CARS.filter((car) => !chosen.includes(car));
      const turn = rotate % Math.max(rest.length, 1);
      const filler = [...rest.slice(turn), ...rest.slice(0, turn)];
      out.push(CARS.map((_, rank) => (ranks.includes(rank) ? (chosen[ranks.indexOf(rank)] as number) : (filler.shift() as number))));
      return;
    }
    for (const car of CARS) if (!chosen.includes(car)) walk([...chosen, car]);
  };
  walk([]);
  return out;
}

/** Every pair of ranks with all 90 assignments, plus random full orders. */
function ruleCheckOrders(): number[][] {
  const orders: number[][] = [];
  let turn = 0;
  for (let p = 0; p < 10; p++) for (let q = p + 1; q < 10; q++) orders.push(...ordersOver([p, q], turn++));
  const random = seededRandom(7);
  for (let i = 0; i < 3_000; i++) orders.push(drawDistinct(random, 10, 10));
  return orders;
}
const RULE_CHECK_ORDERS = ruleCheckOrders();

describe('PK10 board rules against the reference', () => {
  for (const rules of [{}, { pk10SumEleven: 'PUSH' }] as const) {
    it(`settles every item as the reference does on every assignment of every pair of ranks (${JSON.stringify(rules)})`, () => {
      const board = boardWith('BJPK10', rules);
      const run = runOracle(board, RULE_CHECK_ORDERS, standardCases(board), pk10Oracle);
      expect(run.mismatches).toEqual([]);
    }, 30_000);

    it(`has the RTP of exhaustive enumeration of the ranks each bet reads (${JSON.stringify(rules)})`, () => {
      const board = boardWith('BJPK10', rules);
      const report = rtpReportOf(board);
      const byRanks = new Map<string, Case[]>();
      for (const c of standardCases(board)) {
        const key = ranksRead(c.betTypeId).join(',');
        byRanks.set(key, [...(byRanks.get(key) ?? []), c]);
      }
      for (const [ranks, cases] of byRanks) {
        const orders = ordersOver(ranks.split(',').map(Number));
        expect(orders.length).toBe(ranks.includes(',') ? 90 : 10);
        const run = runOracle(board, orders, cases, pk10Oracle);
        expect(run.mismatches).toEqual([]);
        expect(rtpDifferences(report, run, cases)).toEqual([]);
      }
    });
  }
});

describe('PK10 worked examples', () => {
  const settle = (betTypeId: string, selection: string, result: number[], rules = {}) =>
    evaluateBoardBet('BJPK10', { betTypeId, selection, stake: 10_000 }, result, { rules });
  const sumEleven = [5, 6, 1, 2, 3, 4, 7, 8, 9, 10];

  it('counts 冠亚和 11 as 小 and 单 by default, and refunds it when configured', () => {
    expect(settle('TOP2_SUM', 'SMALL', sumEleven)).toMatchObject({ outcome: 'WIN', payout: 17_500 });
    expect(settle('TOP2_SUM', 'ODD', sumEleven).outcome).toBe('WIN');
    expect(settle('TOP2_SUM', 'BIG', sumEleven).outcome).toBe('LOSE');
    expect(settle('TOP2_SUM', 'BIG', sumEleven, { pk10SumEleven: 'PUSH' })).toMatchObject({ outcome: 'PUSH', payout: 10_000 });
    expect(settle('TOP2_SUM', '11', sumEleven, { pk10SumEleven: 'PUSH' }).outcome).toBe('WIN');
  });

  it('compares 冠军 with 第十名 for 冠军龙虎', () => {
    expect(settle('DRAGON_TIGER_1', 'DRAGON', [9, 1, 2, 3, 4, 5, 6, 7, 8, 10]).outcome).toBe('LOSE');
    expect(settle('DRAGON_TIGER_1', 'DRAGON', [10, 1, 2, 3, 4, 5, 6, 7, 8, 9]).outcome).toBe('WIN');
    expect(settle('RANK_10', 'BIG', [10, 1, 2, 3, 4, 5, 6, 7, 8, 9]).outcome).toBe('WIN');
  });
});
