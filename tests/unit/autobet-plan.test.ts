import { describe, expect, it } from 'vitest';
import { AutobetPlanError, planAutobet } from '../../src/shared/autobet/plan.ts';
import { boardAutobetStake } from '../../src/shared/autobet/board-stake.ts';
import { boardPlanUnits } from '../../src/shared/autobet/units.ts';
import { yuan } from '../../src/shared/money.ts';

const units = { stakeUnit: yuan(2), prizeUnit: yuan(19), maxMultiplier: 10_000 };

describe('autobet plans', () => {
  it('same multiplier: equal stakes, cumulative cost adds up', () => {
    const plan = planAutobet({ kind: 'SAME', issues: 4, multiplier: 3 }, units);
    expect(plan.map((p) => p.multiplier)).toEqual([3, 3, 3, 3]);
    expect(plan.map((p) => p.cumulativeCost)).toEqual([6, 12, 18, 24].map(yuan));
  });

  it('doubling: ×factor every N issues', () => {
    expect(planAutobet({ kind: 'DOUBLE', issues: 5, multiplier: 1, every: 1, factor: 2 }, units).map((p) => p.multiplier)).toEqual([1, 2, 4, 8, 16]);
    expect(planAutobet({ kind: 'DOUBLE', issues: 6, multiplier: 2, every: 2, factor: 3 }, units).map((p) => p.multiplier)).toEqual([2, 2, 6, 6, 18, 18]);
  });

  it('profit rate: each multiplier is the smallest that keeps the rate, checked against a direct search', () => {
    const rate = 50;
    const plan = planAutobet({ kind: 'PROFIT', issues: 10, minMultiplier: 1, profitRate: rate }, units);
    let cost = 0;
    for (const entry of plan) {
      // Direct search for the smallest multiplier meeting the rate.
      let m = 1;
      while ((units.prizeUnit * m - (cost + units.stakeUnit * m)) * 100 < rate * (cost + units.stakeUnit * m)) m++;
      expect(entry.multiplier).toBe(m);
      cost += units.stakeUnit * m;
      expect(entry.profitRate).toBeGreaterThanOrEqual(rate);
    }
  });

  it('refuses impossible plans with Chinese messages', () => {
    expect(() => planAutobet({ kind: 'PROFIT', issues: 3, minMultiplier: 1, profitRate: 900 }, units)).toThrow('利润率过高，无法生成追号计划');
    expect(() => planAutobet({ kind: 'SAME', issues: 0, multiplier: 1 }, units)).toThrow(AutobetPlanError);
    expect(() => planAutobet({ kind: 'DOUBLE', issues: 30, multiplier: 1, every: 1, factor: 2 }, units)).toThrow(/倍数超出上限/);
  });
});

describe('board autobet units', () => {
  // 总和大 caps one bet at ¥50000, 五条 (odds above 100) at ¥1000: at ¥10 each the strictest allows ×100.
  const bets = [
    { betTypeId: 'SUM', selection: 'BIG', stake: yuan(10) },
    { betTypeId: 'FORM_FIVE', selection: 'FIVE_OF_A_KIND', stake: yuan(10) },
  ];

  it('caps the multiplier at the strictest bet type’s maximum stake', () => {
    expect(boardAutobetStake('UUFFC', bets, '2026-11-22')).toEqual({ stake: yuan(20), maxMultiplier: 100 });
    expect(boardAutobetStake('UUFFC', [bets[0]!], '2026-11-22').maxMultiplier).toBe(5_000);
    expect(boardAutobetStake('UUFFC', [{ ...bets[1]!, stake: yuan(3) }], '2026-11-22').maxMultiplier).toBe(333);
  });

  it('a plan beyond the cap is refused, one within it is not', () => {
    const { stake, maxMultiplier } = boardAutobetStake('UUFFC', bets, '2026-11-22');
    const units = boardPlanUnits(stake, maxMultiplier);
    expect(planAutobet({ kind: 'DOUBLE', issues: 7, multiplier: 1, every: 1, factor: 2 }, units).at(-1)!.multiplier).toBe(64);
    expect(() => planAutobet({ kind: 'DOUBLE', issues: 8, multiplier: 1, every: 1, factor: 2 }, units)).toThrow('第 8 期倍数超出上限 100，请减少期数或调整计划');
  });
});
