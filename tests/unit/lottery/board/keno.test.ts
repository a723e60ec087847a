import { describe, expect, it } from 'vitest';
import { evaluateBoardBet } from '../../../../src/shared/lottery/board/index.ts';
import { rtpReportOf } from '../../../../src/shared/lottery/board/rtp.ts';
import { kenoOracle } from './oracles/keno.ts';
import { numbersWithSum, oracleRtp, subsetSums, type WeightedDraw } from './support/distributions.ts';
import { choose, sameValue, show } from './support/fractions.ts';
import { boardWith, caseKey, rtpEntryOf, runOracle, standardCases } from './support/harness.ts';
import { drawDistinct, seededRandom } from './support/random.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Draws at every boundary of the rules: sums 810 (ten pairs k, 81 − k), the 五行 edges, 10 : 10 splits. */
function boundaryDraws(): number[][] {
  const random = seededRandom(810);
  const draws: number[][] = [];
  for (let i = 0; i < 50; i++) {
    const lows = drawDistinct(random, 40, 10);
    draws.push([...lows, ...lows.map((k) => 81 - k)]);
  }
  for (const sum of [210, 694, 695, 696, 763, 764, 809, 811, 855, 856, 923, 924, 1410]) draws.push(numbersWithSum(80, 20, sum));
  draws.push([...range(1, 10), ...range(41, 50)], [...range(1, 11), ...range(41, 49)], [...range(2, 20).filter((n) => n % 2 === 0), ...range(41, 59).filter((n) => n % 2 === 1)]);
  return draws;
}
const random = seededRandom(8);
const DRAWS = [...boundaryDraws(), ...Array.from({ length: 20_000 }, () => drawDistinct(random, 80, 20))];

function exactDraws(): { bySum: WeightedDraw[]; byUpper: WeightedDraw[]; byOdd: WeightedDraw[] } {
  const ways = subsetSums(80, 20);
  const bySum = ways.flatMap((weight, sum) => (weight ? [{ draw: numbersWithSum(80, 20, sum), weight }] : []));
  const odds = range(1, 80).filter((n) => n % 2 === 1);
  const evens = range(1, 80).filter((n) => n % 2 === 0);
  const hypergeometric = (c: number) => choose(40, c) * choose(40, 20 - c);
  return {
    bySum,
    byUpper: range(0, 20).map((c) => ({ draw: [...range(1, c), ...range(41, 60 - c)], weight: hypergeometric(c) })),
    byOdd: range(0, 20).map((c) => ({ draw: [...odds.slice(0, c), ...evens.slice(0, 20 - c)], weight: hypergeometric(c) })),
  };
}

describe('快乐8 board rules against the reference', () => {
  it('the sum distribution covers all C(80,20) draws', () => {
    expect(subsetSums(80, 20).reduce((a, b) => a + (b ?? 0n), 0n)).toBe(choose(80, 20));
  });

  for (const kenoSum810 of ['LOSE', 'PUSH'] as const) {
    it(`settles every item as the reference does on boundary and sampled draws (810 → ${kenoSum810})`, () => {
      const board = boardWith('TWLKENO', { kenoSum810 });
      const run = runOracle(board, DRAWS, standardCases(board), kenoOracle);
      expect(run.mismatches).toEqual([]);
      const at810 = DRAWS.filter((draw) => draw.reduce((a, b) => a + b, 0) === 810).length;
      expect(at810).toBeGreaterThanOrEqual(50);
      expect(run.verdicts.get('SUM|"BIG"')?.get('PUSH') ?? 0).toBe(kenoSum810 === 'PUSH' ? at810 : 0);
    });

    it(`settles every item as the reference does on one draw per outcome class: every sum 210–1410, every 上下 and 奇偶 split (810 → ${kenoSum810})`, () => {
      // Every board bet reads one statistic (the sum, the count of 1–40, the count of odd numbers):
      // one draw per value of it enumerates every case the bet can meet.
      const board = boardWith('TWLKENO', { kenoSum810 });
      const { bySum, byUpper, byOdd } = exactDraws();
      expect(bySum).toHaveLength(1410 - 210 + 1);
      const run = runOracle(board, [...bySum, ...byUpper, ...byOdd].map((d) => d.draw), standardCases(board), kenoOracle);
      expect(run.mismatches).toEqual([]);
    });

    it(`has the exact RTP of the sum and count distributions (810 → ${kenoSum810})`, () => {
      const board = boardWith('TWLKENO', { kenoSum810 });
      const report = rtpReportOf(board);
      const { bySum, byUpper, byOdd } = exactDraws();
      const spaces = { SUM: bySum, FIVE_ELEMENTS: bySum, UP_DOWN: byUpper, ODD_EVEN: byOdd } as Record<string, WeightedDraw[]>;
      const differences: string[] = [];
      for (const [betTypeId, draws] of Object.entries(spaces)) {
        const cases = standardCases(board, (id) => id === betTypeId);
        const expected = oracleRtp(board, draws, cases, kenoOracle);
        for (const c of cases) {
          const entry = rtpEntryOf(report, c);
          const want = expected.get(caseKey(c));
          if (!want || !sameValue(want, entry.rtp)) differences.push(`${caseKey(c)}: engine ${show(entry.rtp)}, exact ${want && show(want)}`);
        }
      }
      expect(differences).toEqual([]);
    });
  }
});

describe('快乐8 worked examples', () => {
  const settle = (betTypeId: string, selection: string, result: number[], kenoSum810: 'LOSE' | 'PUSH' = 'LOSE') =>
    evaluateBoardBet('TWLKENO', { betTypeId, selection, stake: 10_000 }, result, { rules: { kenoSum810 } });

  it('1…20 sums to 210: 小 and 双 win, 大, 单 and 和值810 lose; 上盘', () => {
    const draw = range(1, 20);
    expect(settle('SUM', 'SMALL', draw).outcome).toBe('WIN');
    expect(settle('SUM', 'EVEN', draw).outcome).toBe('WIN');
    for (const item of ['BIG', 'ODD', 'SUM_810']) expect(settle('SUM', item, draw).outcome).toBe('LOSE');
    expect(settle('UP_DOWN', 'UP', draw).outcome).toBe('WIN');
  });

  it('a sum of 810 is its own bet: 大/小 lose (or are refunded when configured)', () => {
    const draw = [...range(1, 10), ...range(71, 80)];
    expect(draw.reduce((a, b) => a + b, 0)).toBe(810);
    expect(settle('SUM', 'SUM_810', draw)).toMatchObject({ outcome: 'WIN', payout: 2_180_000 });
    expect(settle('SUM', 'BIG', draw).outcome).toBe('LOSE');
    expect(settle('SUM', 'SMALL_EVEN', draw).outcome).toBe('LOSE');
    expect(settle('SUM', 'BIG', draw, 'PUSH')).toMatchObject({ outcome: 'PUSH', payout: 10_000 });
    expect(settle('SUM', 'EVEN', draw, 'PUSH').outcome).toBe('WIN');
    expect(settle('UP_DOWN', 'MIDDLE', draw).outcome).toBe('WIN');
    expect(settle('ODD_EVEN', 'TIE', draw).outcome).toBe('WIN');
  });

  it('reads 五行 from the sum (the rule text example sums to 693: 金)', () => {
    const draw = [1, 4, 5, 10, 11, 13, 20, 27, 30, 32, 33, 36, 40, 47, 54, 59, 61, 64, 67, 79];
    expect(draw.reduce((a, b) => a + b, 0)).toBe(693);
    expect(settle('FIVE_ELEMENTS', 'METAL', draw).outcome).toBe('WIN');
    expect(settle('ODD_EVEN', 'ODD', [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 22, 24, 26, 28, 30, 32, 34, 46, 68]).outcome).toBe('WIN');
  });
});
