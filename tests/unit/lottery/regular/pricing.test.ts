// Prices and money: prize per level from the prize group (Appendix A values), stake, payout with
// modes and the per-order cap, rebate, order quotes, limits as configurable data, batch settlement.
import { afterEach, describe, expect, it } from 'vitest';
import {
  compileBet,
  configureDrawType,
  evaluate,
  evaluateMany,
  methodLimits,
  payout,
  prepareResult,
  prizeTable,
  quoteOrder,
  rebate,
  resetDrawTypeConfig,
  stake,
  LotteryError,
} from '../../../../src/shared/lottery/index.ts';

const YUAN = 10_000;
const prizes = (drawType: string, id: string, group: number): number[] => prizeTable(drawType, id, group).map((p) => p.prize / YUAN);

afterEach(() => resetDrawTypeConfig());

describe('prizeTable: 2 × total / count × G / 2000, floored to 0.0001 元 (reference §0.2, Appendix A)', () => {
  const cases: [string, string, number, number[]][] = [
    ['CQSSC', 'ZX5', 2000, [200000]],
    ['CQSSC', 'ZX5', 1950, [195000]],
    ['CQSSC', 'ZX5', 1800, [180000]],
    ['CQSSC', 'ZH5', 1800, [180000, 18000, 1800, 180, 18]],
    ['CQSSC', 'WXZU120', 2000, [1666.6666]],
    ['CQSSC', 'WXZU120', 1950, [1625]],
    ['CQSSC', 'WXZU60', 1800, [3000]],
    ['CQSSC', 'SXZU24', 1950, [812.5]],
    ['CQSSC', 'QZU3', 1800, [600]],
    ['CQSSC', 'QZU6', 1800, [300]],
    ['CQSSC', 'QZUHZ', 1800, [600, 300]],
    ['CQSSC', 'QTS3', 1800, [180, 30, 6.6666]],
    ['CQSSC', 'QBDW31', 1800, [6.6420]],
    ['CQSSC', 'BDW52', 1800, [12.2699]],
    ['CQSSC', 'H2DXDS', 1950, [7.8]],
    ['CQSSC', 'SJFC', 1800, [3913.0434]],
    ['CQSSC', 'LHWQ', 1950, [4.3333, 4.3333, 19.5]],
    ['CQSSC', 'HZU2', 1950, [97.5]],
    // 11选5 uses the pure formula (831.6), not the Oubao lotto variant (830.67) — reference §8 #17.
    ['GD11X5', 'LTRX5', 1800, [831.6]],
    ['GD11X5', 'LTRX1', 1950, [4.29]],
    ['GD11X5', 'LTRX8', 1950, [16.0875]],
    ['GD11X5', 'LTQ3ZX3', 1800, [1782]],
    ['GD11X5', 'LTQ2ZU2', 1950, [107.25]],
    ['BJPK10', 'PKQZX5', 1800, [54432]],
    ['BJPK10', 'PKQZX4', 1950, [9828]],
    ['JSK3', 'KSHZ', 1800, [388.8, 129.6, 64.8, 38.88, 25.92, 18.5142, 15.552, 14.4]],
    // 三连号通选 24/216 → 16.2 at 1800 (multisites' 64.8 is a config bug — reference §8 #16).
    ['JSK3', 'SLHTX', 1800, [16.2]],
    ['JSK3', 'DTYS', 1800, [4.2725]],
    ['FC3D', 'QZX3', 1800, [1800]],
    ['P5', 'ZX5', 1800, [180000]],
  ];
  it.each(cases)('%s %s @%i', (drawType, id, group, expected) => {
    expect(prizes(drawType, id, group)).toEqual(expected);
  });

  it('the fixed-prize categories ignore the prize group', () => {
    expect(prizeTable('SSQ', 'SSQFS', 1700)).toEqual(prizeTable('SSQ', 'SSQFS'));
  });
});

describe('stake, payout, rebate', () => {
  it('stake = 注数 × 2 元 × mode × 倍数, exact', () => {
    expect(stake(3, 'JIAO', 2)).toBe(12_000);
    expect(stake(1, 'LI', 1)).toBe(20);
    expect(stake(99_999, 'YUAN', 10_000)).toBe(99_999 * 2 * 10_000 * YUAN);
  });

  it('payout sums levels × prize × 倍数 × mode and floors once', () => {
    expect(payout('CQSSC', 'ZH5', [1, 1, 1, 1, 1], { prizeGroup: 1800, mode: 'YUAN', multiplier: 1 })).toEqual({ gross: 199_998 * YUAN, amount: 199_998 * YUAN, capped: false });
    // 1666.6666 元 × 0.001 = 1.6666666 → 1.6666 元.
    expect(payout('CQSSC', 'WXZU120', [1], { prizeGroup: 2000, mode: 'LI', multiplier: 1 }).amount).toBe(16_666);
    expect(payout('CQSSC', 'WXZU120', [1], { prizeGroup: 2000, mode: 'LI', multiplier: 3 }).amount).toBe(49_999);
    expect(payout('CQSSC', 'ZX5', [0], { prizeGroup: 1800, mode: 'YUAN', multiplier: 5 }).amount).toBe(0);
  });

  it('payout is capped at the maximum per order', () => {
    const result = payout('CQSSC', 'ZX5', [1], { prizeGroup: 1960, mode: 'YUAN', multiplier: 100 });
    expect(result).toEqual({ gross: 19_600_000 * YUAN, amount: 4_000_000 * YUAN, capped: true });
    configureDrawType('CQSSC', { maxPayoutPerOrder: 30_000_000 * YUAN });
    expect(payout('CQSSC', 'ZX5', [1], { prizeGroup: 1960, mode: 'YUAN', multiplier: 100 }).capped).toBe(false);
  });

  it('rebate = (G_user − G_bet) / 2000 of the stake', () => {
    expect(rebate(100 * YUAN, 1960, 1800)).toBe(8 * YUAN);
    expect(rebate(100 * YUAN, 1960, 1960)).toBe(0);
    expect(rebate(3, 1960, 1959)).toBe(0); // floored
  });
});

describe('quoteOrder and limits', () => {
  const line = { selection: { rows: [[1, 2], [1], [1], [1], [1]] }, mode: 'JIAO' as const, multiplier: 3, prizeGroup: 1800, userPrizeGroup: 1950 };
  it('prices a line and pays the rebate of betting below the own group', () => {
    expect(quoteOrder('CQSSC', 'ZX5', line)).toEqual({ bets: 2, stake: 12_000, rebate: 900 });
    expect(quoteOrder('SSQ', 'SSQFS', { selection: { rows: [[1, 2, 3, 4, 5, 6, 7], [1]] }, mode: 'YUAN', multiplier: 1 })).toEqual({ bets: 7, stake: 14 * YUAN, rebate: 0 });
  });

  it('default limits', () => {
    expect(methodLimits('CQSSC', 'ZX5')).toEqual({
      prizeGroup: { min: 1700, max: 1960 }, maxMultiplier: 10_000, maxBets: 100_000, maxPayoutPerOrder: 4_000_000 * YUAN, maxPayoutPerIssue: 4_000_000 * YUAN,
    });
    expect(methodLimits('FC3D', 'QZX3').prizeGroup).toEqual({ min: 1700, max: 1800 });
    expect(methodLimits('SSQ', 'SSQFS')).toMatchObject({ prizeGroup: null, maxBets: 100_000, maxPayoutPerOrder: 10_000_000 * YUAN });
    // No default tied to the ticket space (the coverage rule guards whole spaces): the ceiling only.
    expect(methodLimits('JSK3', 'EBTH').maxBets).toBe(100_000);
    expect(methodLimits('CQSSC', 'WXZU120').maxBets).toBe(100_000);
  });

  it('limits are configurable per draw type and per method', () => {
    configureDrawType('CQSSC', { prizeGroup: { min: 1800, max: 1900 }, maxMultiplier: 50, methods: { DWD: { maxBets: 9 } } });
    expect(methodLimits('CQSSC', 'ZX5')).toMatchObject({ prizeGroup: { min: 1800, max: 1900 }, maxMultiplier: 50 });
    expect(() => quoteOrder('CQSSC', 'ZX5', { ...line, multiplier: 51 })).toThrow('倍数必须为1至50的整数');
    expect(() => quoteOrder('CQSSC', 'DWD', { ...line, selection: { rows: [[1, 2, 3, 4, 5, 6, 7, 8, 9], [0], [], [], []] } })).toThrow('注数超过上限：本玩法每单最多9注');
    expect(methodLimits('TJSSC', 'ZX5').maxMultiplier).toBe(10_000);
    resetDrawTypeConfig('CQSSC');
    expect(methodLimits('CQSSC', 'ZX5').maxMultiplier).toBe(10_000);
    expect(() => configureDrawType('NOPE', {})).toThrow(LotteryError);
  });
});

describe('settling many bets', () => {
  it('evaluateMany and compiled bets agree with evaluate', () => {
    const draw = [3, 1, 4, 1, 5];
    const bets = [
      { methodId: 'ZX5', selection: { rows: [[3], [1], [4], [1], [5, 6]] } },
      { methodId: 'HZU3', selection: { rows: [[1, 4, 5]] } },
      { methodId: 'DWD', selection: { rows: [[3], [1, 2], [], [], [5]] } },
      { methodId: 'RZX2', selection: { rows: [[3], [1], [], [], [5]] } },
    ];
    const many = evaluateMany('CQSSC', bets, draw);
    expect(many).toEqual(bets.map((b) => evaluate('CQSSC', b.methodId, b.selection, draw)));
    expect(many).toEqual([[1], [0], [3], [3]]);
    const compiled = compileBet('CQSSC', 'ZX5', bets[0]!.selection);
    expect(compiled.bets).toBe(2);
    expect(compiled.evaluate(prepareResult('CQSSC', draw))).toEqual([1]);
    expect(() => compiled.evaluate(prepareResult('TJSSC', draw))).toThrow('开奖号码与彩种不符');
  });
});
