import { describe, expect, it } from 'vitest';
import { boardRtp, evaluateBoardBet } from '../../../../src/shared/lottery/board/index.ts';
import { rtpReportOf } from '../../../../src/shared/lottery/board/rtp.ts';
import { sscOracle } from './oracles/ssc.ts';
import { boardWith, rtpDifferences, runOracle, standardCases, type Case } from './support/harness.ts';
import { pickSome, seededRandom } from './support/random.ts';

/** All 10^5 results 00000–99999. */
const EVERY_DRAW: number[][] = Array.from({ length: 100_000 }, (_, code) =>
  [10_000, 1_000, 100, 10, 1].map((unit) => Math.floor(code / unit) % 10),
);

function extraPickCases(): Case[] {
  const random = seededRandom(11);
  const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const pairs = digits.flatMap((a) => digits.map((b) => [a, b]));
  const triples = pairs.flatMap((p) => digits.map((c) => [...p, c]));
  return [
    ...pickSome(random, pairs, 8).map((s) => ({ betTypeId: 'TWO_DIGIT_COMBO_MIDDLE', selection: s })),
    ...pickSome(random, pairs, 8).map((s) => ({ betTypeId: 'TWO_DIGIT_POSITION_2_5', selection: s })),
    ...pickSome(random, triples, 8).map((s) => ({ betTypeId: 'THREE_DIGIT_POSITION_BACK', selection: s })),
    ...pickSome(random, triples, 8).map((s) => ({ betTypeId: 'THREE_DIGIT_COMBO_FRONT', selection: s })),
  ];
}

describe('时时彩 board rules against the reference, over all 10^5 results', () => {
  it('settles every item and sampled picks as the reference does, and the RTP equals the exhaustive average', () => {
    const board = boardWith('CQSSC');
    const cases = standardCases(board);
    const run = runOracle(board, EVERY_DRAW, [...cases, ...extraPickCases()], sscOracle);
    expect(run.mismatches).toEqual([]);
    expect(rtpDifferences(rtpReportOf(board), run, cases)).toEqual([]);
  }, 180_000);

  it('龙虎 with a refunded tie (setting PUSH)', () => {
    const board = boardWith('CQSSC', { sscDragonTigerTie: 'PUSH' });
    const cases = standardCases(board, (id) => id.startsWith('DRAGON_TIGER_'));
    const run = runOracle(board, EVERY_DRAW, cases, sscOracle);
    expect(run.mismatches).toEqual([]);
    expect(run.verdicts.get('DRAGON_TIGER_1_5|"DRAGON"')?.get('PUSH')).toBe(10_000);
    expect(rtpDifferences(rtpReportOf(board), run, cases)).toEqual([]);
  });
});

describe('时时彩 worked examples', () => {
  const stake = 10_000;
  const settle = (betTypeId: string, selection: string | number[], result: number[]) =>
    evaluateBoardBet('CQSSC', { betTypeId, selection, stake }, result);

  it('形态: 9, 0 and 1 are adjacent', () => {
    for (const back3 of [[9, 0, 1], [8, 9, 0], [0, 9, 1], [3, 2, 1]]) {
      expect(settle('FORM_BACK', 'STRAIGHT', [5, 5, ...back3]).outcome).toBe('WIN');
    }
    for (const back3 of [[1, 2, 5], [5, 4, 0], [3, 9, 0], [1, 6, 0]]) {
      expect(settle('FORM_BACK', 'HALF_STRAIGHT', [5, 5, ...back3]).outcome).toBe('WIN');
    }
    for (const back3 of [[1, 5, 7], [2, 6, 8]]) expect(settle('FORM_BACK', 'MIXED', [5, 5, ...back3]).outcome).toBe('WIN');
    expect(settle('FORM_BACK', 'HALF_STRAIGHT', [5, 5, 5, 5, 6]).outcome).toBe('LOSE');
    expect(settle('FORM_BACK', 'PAIR', [5, 5, 5, 5, 6]).outcome).toBe('WIN');
    for (const five of [[6, 7, 8, 9, 0], [8, 9, 0, 1, 2], [0, 1, 2, 3, 4]]) {
      expect(settle('FORM_FIVE', 'STRAIGHT', five).outcome).toBe('WIN');
    }
    expect(settle('FORM_FIVE', 'HIGH_CARD', [7, 8, 9, 0, 2]).outcome).toBe('WIN');
  });

  it('reads 总和, 龙虎, 跨度 and 一字组合 as the rule texts show', () => {
    expect(settle('SUM', 'BIG', [2, 0, 9, 7, 6]).outcome).toBe('WIN'); // 24
    expect(settle('SUM', 'ODD', [2, 0, 2, 9, 0]).outcome).toBe('WIN'); // 13
    expect(settle('DRAGON_TIGER_1_5', 'DRAGON', [2, 1, 3, 5, 1]).outcome).toBe('WIN');
    expect(settle('DRAGON_TIGER_1_2', 'DRAGON', [2, 1, 3, 5, 2]).outcome).toBe('WIN');
    expect(settle('DRAGON_TIGER_1_5', 'DRAGON', [2, 1, 3, 5, 2]).outcome).toBe('LOSE');
    expect(settle('DRAGON_TIGER_1_5', 'TIE', [2, 1, 3, 5, 2]).outcome).toBe('WIN');
    expect(settle('SPAN_FRONT', '5', [3, 4, 8, 7, 6]).outcome).toBe('WIN');
    expect(settle('SPAN_MIDDLE', '4', [3, 4, 8, 7, 6]).outcome).toBe('WIN');
    expect(settle('SPAN_BACK', '2', [3, 4, 8, 7, 6]).outcome).toBe('WIN');
    // 一字组合 pays once even when the digit shows twice: ¥1 at 2.38 returns ¥2.38.
    expect(settle('ONE_DIGIT_ALL', '5', [9, 5, 8, 3, 5]).payout).toBe(23_800);
    expect(settle('TWO_DIGIT_COMBO_BACK', [1, 1], [0, 0, 1, 1, 2]).outcome).toBe('WIN');
    expect(settle('TWO_DIGIT_COMBO_BACK', [1, 1], [0, 0, 1, 2, 3]).outcome).toBe('LOSE');
    expect(settle('TWO_DIGIT_COMBO_BACK', [2, 1], [0, 0, 2, 9, 1]).outcome).toBe('WIN');
    expect(settle('THREE_DIGIT_COMBO_FRONT', [2, 1, 1], [1, 2, 1, 0, 0]).combinations[0]?.oddsKey).toBe('GROUP3');
  });

  it('has the default RTP the odds table implies (e.g. 第一球 号码 9.7 → 97 %, 豹子 95 → 95 %)', () => {
    const report = boardRtp('CQSSC');
    const ball = report.betTypes.find((b) => b.betTypeId === 'BALL_1');
    expect(ball?.entries.find((e) => e.selection === '7')?.rtp).toEqual({ num: 97n, den: 100n });
    expect(ball?.entries.find((e) => e.selection === 'BIG')?.rtp).toEqual({ num: 49n, den: 50n });
    const form = report.betTypes.find((b) => b.betTypeId === 'FORM_FRONT');
    expect(form?.entries.find((e) => e.selection === 'LEOPARD')?.rtp).toEqual({ num: 19n, den: 20n });
  });
});
