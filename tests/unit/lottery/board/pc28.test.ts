import { describe, expect, it } from 'vitest';
import { derivePc28Digits as pc28Digits, evaluateBoardBet } from '../../../../src/shared/lottery/board/index.ts';
import { rtpReportOf } from '../../../../src/shared/lottery/board/rtp.ts';
import type { BoardRules } from '../../../../src/shared/lottery/board/settings.ts';
import { pc28Oracle, referenceDigits } from './oracles/pc28.ts';
import { boardWith, rtpDifferences, runOracle, standardCases } from './support/harness.ts';
import { drawDistinct, seededRandom } from './support/random.ts';

/** The BCLC keno draw 1749110 of the reference's worked example (§2.6). */
const BCLC_1749110 = [7, 8, 14, 16, 17, 22, 26, 34, 39, 41, 42, 48, 54, 58, 63, 64, 69, 72, 73, 79];

/** One real 20-number draw for each of the 1000 digit triples, found by sampling (reference derivation). */
function drawPerTriple(derivation: BoardRules['pc28Derivation']): number[][] {
  const random = seededRandom(derivation === 'CLASSIC' ? 28 : 2828);
  const found = new Map<string, number[]>();
  for (let i = 0; i < 200_000 && found.size < 1000; i++) {
    const draw = drawDistinct(random, 80, 20);
    const key = referenceDigits(draw, derivation).join('');
    if (!found.has(key)) found.set(key, draw);
  }
  return [...found.values()];
}

describe('PC蛋蛋 board rules against the reference, one real draw per digit triple', () => {
  for (const derivation of ['CLASSIC', 'CANADA'] as const) {
    const draws = drawPerTriple(derivation);

    it(`covers all 1000 digit triples (${derivation})`, () => {
      expect(draws.length).toBe(1000);
      for (const draw of draws.slice(0, 50)) expect(pc28Digits(draw, derivation)).toEqual(referenceDigits(draw, derivation));
    });

    for (const pc28Middle of ['NORMAL', 'REFUND', 'REDUCED'] as const) {
      it(`derives and settles every item as the reference does; RTP over the 1000 triples is exact (${derivation}, ${pc28Middle})`, () => {
        const board = boardWith('UU28', { pc28Derivation: derivation, pc28Middle });
        const cases = standardCases(board);
        const run = runOracle(board, draws, cases, pc28Oracle);
        expect(run.mismatches).toEqual([]);
        expect(rtpDifferences(rtpReportOf(board), run, cases)).toEqual([]);
      });
    }
  }
});

describe('PC蛋蛋 worked examples', () => {
  it('derives BCLC draw 1749110 to 8 + 8 + 4 = 20 by the 加拿大28 rule, and 4 by the 幸运28 rule', () => {
    expect(pc28Digits(BCLC_1749110, 'CANADA')).toEqual([8, 8, 4]);
    expect(pc28Digits(BCLC_1749110, 'CLASSIC')).toEqual([4, 0, 0]);
    const bet = { betTypeId: 'SUM', selection: '20', stake: 10_000 };
    expect(evaluateBoardBet('JND28', bet, BCLC_1749110)).toMatchObject({ outcome: 'WIN', payout: 266_000 }); // 和值 20 at 26.6
    expect(evaluateBoardBet('UU28', bet, BCLC_1749110).outcome).toBe('LOSE');
    expect(evaluateBoardBet('UU28', { ...bet, selection: '4' }, BCLC_1749110).outcome).toBe('WIN');
    // The draw order does not matter: the numbers are sorted first.
    expect(evaluateBoardBet('JND28', bet, [...BCLC_1749110].reverse()).outcome).toBe('WIN');
  });

  it('applies the 13/14 setting to 大小单双 and the combinations only', () => {
    // 幸运28: 13 = 1+2+…; find a draw summing 13 by the classic rule.
    const random = seededRandom(13);
    let draw = drawDistinct(random, 80, 20);
    while (pc28Digits(draw, 'CLASSIC').reduce((a, b) => a + b, 0) !== 13) draw = drawDistinct(random, 80, 20);
    const settle = (selection: string, pc28Middle: BoardRules['pc28Middle']) =>
      evaluateBoardBet('UU28', { betTypeId: 'MIXED', selection, stake: 10_000 }, draw, { rules: { pc28Middle } });
    expect(settle('SMALL', 'NORMAL')).toMatchObject({ outcome: 'WIN', payout: 19_600 });
    expect(settle('BIG', 'REFUND')).toMatchObject({ outcome: 'PUSH', payout: 10_000 });
    expect(settle('SMALL_ODD', 'REDUCED')).toMatchObject({ outcome: 'WIN', payout: 25_000 });
    expect(settle('SMALL', 'REDUCED')).toMatchObject({ outcome: 'WIN', payout: 16_000 });
    expect(settle('EXTREME_SMALL', 'REFUND').outcome).toBe('LOSE');
  });
});
