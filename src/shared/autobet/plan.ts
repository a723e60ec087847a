// Autobet (追号) plans: the multiplier, stake and cumulative cost of every coming issue, computed the
// same way for the preview on the player's screen and by the server that places the entries.
import type { Money } from '../money.ts';

export type AutobetPlan =
  /** The same multiplier every issue. */
  | { kind: 'SAME'; issues: number; multiplier: number }
  /** 翻倍: start at `multiplier`, multiply by `factor` every `every` issues. */
  | { kind: 'DOUBLE'; issues: number; multiplier: number; every: number; factor: number }
  /**
   * 利润率: each issue the smallest multiplier (at least `minMultiplier`) such that a win on that
   * issue returns at least `profitRate` percent over everything staked so far, this issue included.
   */
  | { kind: 'PROFIT'; issues: number; minMultiplier: number; profitRate: number };

export interface PlanUnits {
  /** The order's stake at multiplier 1. */
  stakeUnit: Money;
  /** What one win pays at multiplier 1 (the top prize of one 注). */
  prizeUnit: Money;
  maxMultiplier: number;
}

export interface PlannedIssue {
  index: number;
  multiplier: number;
  stake: Money;
  cumulativeCost: Money;
  /** A win on this issue: prize − cumulative cost, and that as a percentage of the cost (floored). */
  profitIfWin: Money;
  profitRate: number;
}

export const MAX_AUTOBET_ISSUES = 120;

export class AutobetPlanError extends Error {
  override name = 'AutobetPlanError';
}

function multiplierAt(plan: AutobetPlan, index: number, cost: Money, units: PlanUnits): number {
  if (plan.kind === 'SAME') return plan.multiplier;
  if (plan.kind === 'DOUBLE') return plan.multiplier * plan.factor ** Math.floor(index / plan.every);
  // prize·m − (cost + stake·m) ≥ r·(cost + stake·m)  ⇔  m·(prize − (1+r)·stake) ≥ (1+r)·cost, in integer percent.
  const rate = 100 + plan.profitRate;
  const margin = units.prizeUnit * 100 - rate * units.stakeUnit;
  if (margin <= 0) throw new AutobetPlanError('利润率过高，无法生成追号计划');
  return Math.max(plan.minMultiplier, Math.ceil((rate * cost) / margin));
}

export function planAutobet(plan: AutobetPlan, units: PlanUnits): PlannedIssue[] {
  if (!Number.isInteger(plan.issues) || plan.issues < 1 || plan.issues > MAX_AUTOBET_ISSUES) {
    throw new AutobetPlanError(`追号期数必须在 1~${MAX_AUTOBET_ISSUES} 之间`);
  }
  if (plan.kind === 'DOUBLE' && (!Number.isInteger(plan.every) || plan.every < 1 || !Number.isInteger(plan.factor) || plan.factor < 2)) {
    throw new AutobetPlanError('翻倍设置无效：间隔期数至少为 1，倍数至少为 2');
  }
  if (plan.kind === 'PROFIT' && (!Number.isInteger(plan.profitRate) || plan.profitRate < 1)) {
    throw new AutobetPlanError('利润率必须为正整数');
  }
  const planned: PlannedIssue[] = [];
  let cost = 0;
  for (let index = 0; index < plan.issues; index++) {
    const multiplier = multiplierAt(plan, index, cost, units);
    if (!Number.isSafeInteger(multiplier) || multiplier < 1 || multiplier > units.maxMultiplier) {
      throw new AutobetPlanError(`第 ${index + 1} 期倍数超出上限 ${units.maxMultiplier}，请减少期数或调整计划`);
    }
    const stake = units.stakeUnit * multiplier;
    cost += stake;
    const profitIfWin = units.prizeUnit * multiplier - cost;
    planned.push({ index, multiplier, stake, cumulativeCost: cost, profitIfWin, profitRate: Math.floor((profitIfWin * 100) / cost) });
  }
  return planned;
}
