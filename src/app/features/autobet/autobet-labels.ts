// How autobets read on screen: statuses of the plan and of its entries, and the plan in words.
import type { AutobetDetail, AutobetSummary } from '../../../shared/api/autobet.ts';
import type { AutobetPlan } from '../../../shared/autobet/plan.ts';

export type AutobetStatus = AutobetSummary['status'];
export type AutobetEntryStatus = AutobetDetail['entries'][number]['status'];

export const AUTOBET_STATUS_LABELS: Record<AutobetStatus, string> = {
  ONGOING: '进行中',
  FINISHED: '已完成',
  STOP: '中奖停追',
  USER_CANCELED: '已停止',
};

/** Filled badges (white text) keep their contrast in both schemes. */
export const AUTOBET_STATUS_COLORS: Record<AutobetStatus, string> = {
  ONGOING: 'blue.8',
  FINISHED: 'gray.7',
  STOP: 'red.8',
  USER_CANCELED: 'orange.9',
};

export const ENTRY_STATUS_LABELS: Record<AutobetEntryStatus, string> = {
  PENDING: '待投注',
  BET: '已投注',
  CANCEL: '已取消',
  STOP: '已停止',
};

export const ENTRY_STATUS_COLORS: Record<AutobetEntryStatus, string> = {
  PENDING: 'gray.7',
  BET: 'blue.8',
  CANCEL: 'orange.9',
  STOP: 'gray.7',
};

export const PLAN_KIND_LABELS: Record<AutobetPlan['kind'], string> = {
  SAME: '同倍追号',
  DOUBLE: '翻倍追号',
  PROFIT: '利润率追号',
};

export function describePlan(plan: AutobetPlan): string {
  switch (plan.kind) {
    case 'SAME':
      return `同倍追号 · ${plan.issues} 期 · 每期 ${plan.multiplier} 倍`;
    case 'DOUBLE':
      return `翻倍追号 · ${plan.issues} 期 · 起始 ${plan.multiplier} 倍，每 ${plan.every} 期 ×${plan.factor}`;
    case 'PROFIT':
      return `利润率追号 · ${plan.issues} 期 · 最低 ${plan.minMultiplier} 倍，利润率不低于 ${plan.profitRate}%`;
  }
}
