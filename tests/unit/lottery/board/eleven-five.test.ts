import { describe, expect, it } from 'vitest';
import { evaluateBoardBet } from '../../../../src/shared/lottery/board/index.ts';
import { rtpReportOf } from '../../../../src/shared/lottery/board/rtp.ts';
import { elevenFiveOracle } from './oracles/eleven-five.ts';
import { boardWith, rtpDifferences, runOracle, standardCases } from './support/harness.ts';

/** All 55,440 ordered draws of five distinct balls of 1–11. */
function everyDraw(): number[][] {
  const out: number[][] = [];
  const walk = (prefix: number[]): void => {
    if (prefix.length === 5) {
      out.push(prefix);
      return;
    }
    for (let n = 1; n <= 11; n++) if (!prefix.includes(n)) walk([...prefix, n]);
  };
  walk([]);
  return out;
}
const DRAWS = everyDraw();

describe('11选5 board rules against the reference, over all 55,440 ordered draws', () => {
  it('has 55,440 draws to enumerate', () => {
    expect(DRAWS.length).toBe(55_440);
  });

  for (const rules of [
    {},
    { elevenBallEleven: 'BIG_ODD', elevenSumThirty: 'LOSE' },
  ] as const) {
    it(`settles every item as the reference does and its RTP is exact (${JSON.stringify(rules)})`, () => {
      const board = boardWith('GD11X5', rules);
      const cases = standardCases(board);
      const run = runOracle(board, DRAWS, cases, elevenFiveOracle);
      expect(run.mismatches).toEqual([]);
      expect(rtpDifferences(rtpReportOf(board), run, cases)).toEqual([]);
    }, 30_000);
  }
});

describe('11选5 worked examples', () => {
  const settle = (betTypeId: string, selection: string, result: number[], rules = {}) =>
    evaluateBoardBet('GD11X5', { betTypeId, selection, stake: 20_000 }, result, { rules });

  it('refunds 大小单双 on a ball of 11 by default and counts it as 大/单 when configured', () => {
    expect(settle('TWO_SIDES_1', 'BIG', [11, 1, 2, 3, 4])).toMatchObject({ outcome: 'PUSH', payout: 20_000, rebate: 0 });
    expect(settle('TWO_SIDES_1', 'ODD', [11, 1, 2, 3, 4], { elevenBallEleven: 'BIG_ODD' }).outcome).toBe('WIN');
    expect(settle('TWO_SIDES_1', 'SMALL', [11, 1, 2, 3, 4], { elevenBallEleven: 'BIG_ODD' }).outcome).toBe('LOSE');
  });

  it('treats 总和 30 as 和 by default; 单双 still settle', () => {
    const thirty = [2, 4, 6, 7, 11];
    expect(thirty.reduce((a, b) => a + b, 0)).toBe(30);
    expect(settle('SUM', 'BIG', thirty).outcome).toBe('PUSH');
    expect(settle('SUM', 'EVEN', thirty).outcome).toBe('WIN');
    expect(settle('SUM', 'SMALL', thirty, { elevenSumThirty: 'LOSE' }).outcome).toBe('LOSE');
    expect(settle('DRAGON_TIGER', 'TIGER', thirty).outcome).toBe('WIN');
  });
});
