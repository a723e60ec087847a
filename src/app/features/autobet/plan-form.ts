// The autobet screen's plan inputs and the plan they describe. Inputs may be empty or partial while
// the player types; `planProblem` names the first one that is not usable yet.
import { MAX_AUTOBET_ISSUES, type AutobetPlan } from '../../../shared/autobet/plan.ts';

export interface PlanFormValues {
  kind: AutobetPlan['kind'];
  issues: number | string;
  multiplier: number | string;
  every: number | string;
  factor: number | string;
  minMultiplier: number | string;
  profitRate: number | string;
  stopOnWin: boolean;
}

export const DEFAULT_PLAN_FORM: PlanFormValues = {
  kind: 'SAME',
  issues: 10,
  multiplier: 1,
  every: 1,
  factor: 2,
  minMultiplier: 1,
  profitRate: 50,
  stopOnWin: true,
};

const asInteger = (value: number | string): number => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));
const atLeast = (value: number | string, min: number) => {
  const n = asInteger(value);
  return Number.isSafeInteger(n) && n >= min;
};

export function planProblem(values: PlanFormValues): string | null {
  const issues = asInteger(values.issues);
  if (!Number.isSafeInteger(issues) || issues < 1 || issues > MAX_AUTOBET_ISSUES) return `追号期数必须在 1~${MAX_AUTOBET_ISSUES} 之间`;
  if (values.kind === 'PROFIT') {
    if (!atLeast(values.minMultiplier, 1)) return '最低倍数必须为正整数';
    if (!atLeast(values.profitRate, 1)) return '利润率必须为正整数';
    return null;
  }
  if (!atLeast(values.multiplier, 1)) return '起始倍数必须为正整数';
  if (values.kind === 'DOUBLE') {
    if (!atLeast(values.every, 1)) return '翻倍间隔期数至少为 1';
    if (!atLeast(values.factor, 2)) return '翻倍倍数至少为 2';
  }
  return null;
}

/** The plan of usable inputs (check `planProblem` first). */
export function planFromForm(values: PlanFormValues): AutobetPlan {
  const issues = asInteger(values.issues);
  switch (values.kind) {
    case 'SAME':
      return { kind: 'SAME', issues, multiplier: asInteger(values.multiplier) };
    case 'DOUBLE':
      return { kind: 'DOUBLE', issues, multiplier: asInteger(values.multiplier), every: asInteger(values.every), factor: asInteger(values.factor) };
    case 'PROFIT':
      return { kind: 'PROFIT', issues, minMultiplier: asInteger(values.minMultiplier), profitRate: asInteger(values.profitRate) };
  }
}
