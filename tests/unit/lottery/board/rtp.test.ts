import { describe, expect, it } from 'vitest';
import { DRAW_TYPES } from '../../../../src/shared/catalogue/draw-types.ts';
import { allPlayModes } from '../../../../src/shared/catalogue/play-modes.ts';
import { boardRtp, formatBoardPercent as formatPercent } from '../../../../src/shared/lottery/board/index.ts';
import { openBoard, type Board } from '../../../../src/shared/lottery/board/engine.ts';
import { betTypeRtp, rtpReportOf, type BoardRtpReport } from '../../../../src/shared/lottery/board/rtp.ts';
import { RULE_DEFINITIONS, ruleKeysOf, type BoardRules } from '../../../../src/shared/lottery/board/settings.ts';
import { boardCategoryOf } from '../../../../src/shared/lottery/board/registry.ts';
import { choose, frac, sameValue, show } from './support/fractions.ts';
import { rtpEntryOf } from './support/harness.ts';

const DRAW_DATE = '2026-06-01';
const BOARD_DRAW_TYPES = DRAW_TYPES.filter((d) => allPlayModes(d).includes('BOARD'));

/** Every combination of the values of the rules that apply to a category. */
function ruleCombinations(drawType: string): Partial<BoardRules>[] {
  const info = DRAW_TYPES.find((d) => d.code === drawType);
  const category = info && boardCategoryOf(info);
  if (!category) throw new Error(`no board for ${drawType}`);
  let combos: Partial<BoardRules>[] = [{}];
  for (const key of ruleKeysOf(category)) {
    const values = Object.keys(RULE_DEFINITIONS[key].values);
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [key]: value })));
  }
  return combos;
}

/** Entries whose return, rebate included, reaches 100 %. */
function atOrAboveFullReturn(report: BoardRtpReport): string[] {
  return report.betTypes.flatMap((betType) =>
    betType.entries
      .filter((entry) => entry.rtpWithRebate.num >= entry.rtpWithRebate.den)
      .map((entry) => `${report.drawType} ${betType.betTypeId} ${entry.label}: ${formatPercent(entry.rtpWithRebate)}`),
  );
}

describe('default odds keep every bet below 100 % return, rebate included', () => {
  it('offers a board on the draw types the play modes say', () => {
    expect(BOARD_DRAW_TYPES.map((d) => d.code)).toEqual(expect.arrayContaining(['CQSSC', 'GD11X5', 'BJPK10', 'JND28', 'MARK6', 'TWLKENO', 'JSTB', 'F1TB']));
    expect(BOARD_DRAW_TYPES.map((d) => d.code)).not.toEqual(expect.arrayContaining(['JSK3']));
    expect(BOARD_DRAW_TYPES.map((d) => d.code)).not.toContain('GPTSSC');
  });

  // Draw types of one category share their defaults unless a rule default differs: compute each once.
  const groups = new Map<string, string[]>();
  for (const info of BOARD_DRAW_TYPES) {
    const board = openBoard(info.code, undefined, DRAW_DATE);
    const key = JSON.stringify([board.model.category, board.env.rules, board.odds, board.rebates]);
    groups.set(key, [...(groups.get(key) ?? []), info.code]);
  }

  it.each([...groups.values()].map((codes) => [codes.join(' '), codes[0] as string]))('%s, under every rule combination', (_codes, drawType) => {
    const offenders = ruleCombinations(drawType).flatMap((rules) => atOrAboveFullReturn(boardRtp(drawType, { rules }, DRAW_DATE)));
    expect(offenders).toEqual([]);
  }, 60_000);

  it('would fail if odds data gave any bet 100 %: fair odds on one item are caught', () => {
    // Operator settings are refused before such a board opens (engine.test.ts); to see what a change of
    // the odds data itself would do, the data is patched on an opened board.
    const patched = (drawType: string, odds: Record<string, Record<string, number>>, rebates: Record<string, number> = {}): Board => {
      const board = openBoard(drawType, undefined, DRAW_DATE);
      const merged: Record<string, Record<string, number>> = { ...board.odds };
      for (const [id, levels] of Object.entries(odds)) merged[id] = { ...merged[id], ...levels };
      return { ...board, odds: merged, rebates: { ...board.rebates, ...rebates }, oddsOf: (id, key) => merged[id]![key]! };
    };
    // 第一球 号码 at 10.00 returns exactly 100 %.
    expect(atOrAboveFullReturn(rtpReportOf(patched('CQSSC', { BALL_1: { '7': 100_000 } })))).toEqual(['CQSSC BALL_1 7: 100.50%']);
    // and a rebate can push a bet over on its own.
    const withRebate = rtpReportOf(patched('BJPK10', {}, { RANK_3: 250 }));
    expect(atOrAboveFullReturn(withRebate)).toEqual(['大', '小', '单', '双'].map((item) => `BJPK10 RANK_3 ${item}: 100.50%`));
    expect(() => boardRtp('BJPK10', { rebates: { RANK_3: 250 } })).toThrow('必须低于100%');
  });
});

describe('known RTP of the default paytables', () => {
  const expectRtp = (drawType: string, betTypeId: string, selection: string | (string | number)[], num: bigint, den: bigint, rules = {}) => {
    const board = openBoard(drawType, { rules }, DRAW_DATE);
    const report = { drawType, rules: board.env.rules, betTypes: [betTypeRtp(board, board.betType(betTypeId))] };
    const entry = rtpEntryOf(report, { betTypeId, selection });
    expect(sameValue(frac(num, den), entry.rtp), `${drawType} ${betTypeId} ${JSON.stringify(selection)} is ${show(entry.rtp)}`).toBe(true);
  };

  it('时时彩: 两面 1.96 × 1/2, 龙 2.16 × 45/100, 五星一对 1.93 × 50400/10^5, 二字组合 对子 34.5 × 28/1000', () => {
    expectRtp('CQSSC', 'BALL_3', 'PRIME', 98n, 100n);
    expectRtp('CQSSC', 'DRAGON_TIGER_1_5', 'DRAGON', 972n, 1000n);
    expectRtp('CQSSC', 'DRAGON_TIGER_1_5', 'DRAGON', 45n * 194n + 1000n, 10_000n, { sscDragonTigerTie: 'PUSH' });
    expectRtp('CQSSC', 'FORM_FIVE', 'ONE_PAIR', 50_400n * 193n, 10_000_000n);
    expectRtp('CQSSC', 'TWO_DIGIT_COMBO_FRONT', [1, 1], 28n * 345n, 1000n * 10n);
  });

  it('11选5 and PK10: refunds and asymmetric sides', () => {
    expectRtp('GD11X5', 'TWO_SIDES_2', 'BIG', 5n * 194n + 100n, 1100n);
    expectRtp('GD11X5', 'TWO_SIDES_2', 'BIG', 6n * 178n, 1100n, { elevenBallEleven: 'BIG_ODD' });
    expectRtp('BJPK10', 'TOP2_SUM', 'BIG', 40n * 219n, 9000n);
    expectRtp('BJPK10', 'TOP2_SUM', 'SMALL', 50n * 175n, 9000n);
    expectRtp('BJPK10', 'TOP2_SUM', '11', 10n * 86n, 900n);
  });

  it('PC蛋蛋, 快乐8, 六合彩', () => {
    expectRtp('JND28', 'MIXED', 'BIG_ODD', 231n * 42n, 10_000n);
    expectRtp('JND28', 'COLOR', 'RED', 332n * 29n, 10_000n);
    expectRtp('MARK6', 'SPECIAL', '7', 475n, 490n);
    expectRtp('MARK6', 'SPECIAL_TWO_SIDES', 'BIG', 24n * 195n + 100n, 4900n);
    expectRtp('MARK6', 'ZODIAC_SET', ['RAT', 'OX', 'TIGER'], 12n * 388n + 100n, 4900n);
    expectRtp('TWLKENO', 'UP_DOWN', 'MIDDLE', choose(40, 10) * choose(40, 10) * 475n, choose(80, 20) * 100n);
  });
});
