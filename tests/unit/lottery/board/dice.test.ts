import { describe, expect, it } from 'vitest';
import { boardRtp, evaluateBoardBet } from '../../../../src/shared/lottery/board/index.ts';
import { rtpReportOf } from '../../../../src/shared/lottery/board/rtp.ts';
import type { BoardRules } from '../../../../src/shared/lottery/board/settings.ts';
import { diceOracle } from './oracles/dice.ts';
import { frac, sameValue, show } from './support/fractions.ts';
import { boardWith, rtpDifferences, rtpEntryOf, runOracle, standardCases, type Case } from './support/harness.ts';

const THROWS: number[][] = [];
for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) THROWS.push([a, b, c]);

const FACES = [1, 2, 3, 4, 5, 6];
/** Every selection of the multi-pick bet types, not only the RTP cases. */
const EVERY_PICK: Case[] = [
  ...FACES.flatMap((a) => FACES.filter((b) => b > a).flatMap((b) => FACES.filter((c) => c > b).map((c) => [a, b, c]))).map(
    (selection) => ({ betTypeId: 'THREE_DISTINCT', selection }),
  ),
  ...FACES.flatMap((a) => FACES.filter((b) => b !== a).map((b) => [a, b])).map((selection) => ({ betTypeId: 'PAIR_SINGLE', selection })),
];

function everyRuleCombination(): Partial<BoardRules>[] {
  const out: Partial<BoardRules>[] = [];
  for (const diceTripleBigSmall of ['LOSE', 'NORMAL'] as const)
    for (const diceTripleOddEven of ['LOSE', 'NORMAL'] as const)
      for (const diceSingleNumber of ['ONCE', 'PER_OCCURRENCE'] as const)
        for (const diceSumThreeEighteen of ['NOT_OFFERED', 'OFFERED'] as const)
          for (const dicePaytable of ['A', 'B'] as const)
            out.push({ diceTripleBigSmall, diceTripleOddEven, diceSingleNumber, diceSumThreeEighteen, dicePaytable });
  return out;
}

describe('骰宝 rules against the reference, over all 216 throws', () => {
  it.each(everyRuleCombination().map((rules) => [JSON.stringify(rules), rules] as const))('%s', (_name, rules) => {
    for (const drawType of ['JSTB', 'F1TB', 'UU3TB']) {
      const board = boardWith(drawType, rules);
      const cases = standardCases(board);
      const run = runOracle(board, THROWS, [...cases, ...EVERY_PICK], diceOracle);
      expect(run.mismatches).toEqual([]);
      expect(rtpDifferences(rtpReportOf(board), run, cases)).toEqual([]);
    }
  });
});

describe('骰宝 known answers', () => {
  it('matches the reference RTP of paytables A and B (§5)', () => {
    // Casino rules: triple loses 大小单双, 三军 per occurrence.
    const casino = { diceSingleNumber: 'PER_OCCURRENCE' } as const;
    const expected: Record<'A' | 'B', [string, string, bigint, bigint][]> = {
      A: [
        ['TWO_SIDES', 'BIG', 35n, 36n],
        ['SUM', '4', 17n, 24n],
        ['SUM', '5', 19n, 36n],
        ['SUM', '6', 25n, 36n],
        ['SUM', '7', 65n, 72n],
        ['SUM', '8', 7n, 8n],
        ['SUM', '9', 175n, 216n],
        ['SUM', '10', 7n, 8n],
        ['SINGLE', '3', 199n, 216n],
        ['TRIPLE', '4', 151n, 216n],
        ['ANY_TRIPLE', 'ANY', 25n, 36n],
        ['DOUBLE', '2', 2n, 3n],
        ['COMBINATION', '16', 5n, 6n],
      ],
      B: [
        ['SUM', '4', 61n, 72n],
        ['SUM', '5', 31n, 36n],
        ['SUM', '6', 5n, 6n],
        ['TRIPLE', '4', 181n, 216n],
        ['ANY_TRIPLE', 'ANY', 31n, 36n],
        ['DOUBLE', '2', 22n, 27n],
      ],
    };
    for (const paytable of ['A', 'B'] as const) {
      const report = boardRtp('JSTB', { rules: { ...casino, dicePaytable: paytable } });
      for (const [betTypeId, selection, num, den] of expected[paytable]) {
        const entry = rtpEntryOf(report, { betTypeId, selection });
        expect(sameValue(frac(num, den), entry.rtp), `${paytable} ${betTypeId} ${selection}: ${show(entry.rtp)}`).toBe(true);
      }
    }
  });

  it('settles triples: 围骰通吃 on 大小单双, 三军 once or per die, 短牌 but not 二同号复选', () => {
    const settle = (betTypeId: string, selection: string, rules: Partial<BoardRules> = {}) =>
      evaluateBoardBet('JSTB', { betTypeId, selection, stake: 10_000 }, [4, 4, 4], { rules });
    expect(settle('TWO_SIDES', 'BIG').outcome).toBe('LOSE');
    expect(settle('TWO_SIDES', 'EVEN').outcome).toBe('LOSE');
    expect(settle('TWO_SIDES', 'BIG', { diceTripleBigSmall: 'NORMAL' }).outcome).toBe('WIN');
    expect(settle('SINGLE', '4')).toMatchObject({ outcome: 'WIN', payout: 22_500 });
    expect(settle('SINGLE', '4', { diceSingleNumber: 'PER_OCCURRENCE' })).toMatchObject({ outcome: 'WIN', payout: 40_000 });
    expect(settle('TRIPLE', '4')).toMatchObject({ outcome: 'WIN', payout: 1_810_000 });
    expect(settle('TRIPLE', '4', { dicePaytable: 'A' }).payout).toBe(1_510_000);
    expect(settle('ANY_TRIPLE', 'ANY').outcome).toBe('WIN');
    expect(settle('DOUBLE', '4').outcome).toBe('WIN');
    expect(settle('PAIR_ANY', '4').outcome).toBe('LOSE');
    expect(settle('SUM', '12').outcome).toBe('WIN');
  });

  it('does not sell 点数 3 and 18 unless configured', () => {
    const bet = { betTypeId: 'SUM', selection: '18', stake: 10_000 };
    expect(() => evaluateBoardBet('JSTB', bet, [6, 6, 6])).toThrow('点数的投注项无效：18');
    expect(evaluateBoardBet('JSTB', bet, [6, 6, 6], { rules: { diceSumThreeEighteen: 'OFFERED' } }).payout).toBe(1_810_000);
  });
});
