// Which draw types have a trend chart (spec §9) and how many issues a chart may show.
import { findDrawType, type DrawTypeInfo } from '../catalogue/draw-types.ts';
import type { LotteryCategory } from '../enums.ts';

const CHART_CATEGORIES: ReadonlySet<LotteryCategory> = new Set(['SSC', 'TAKE_5_OF_11', 'QUICK_3', 'PK10', 'KENO', 'THREE_D', 'SSQ', 'DLT']);

/** Spec §9: charts for SSC, 11选5, 快3, PK10, keno, 3D, SSQ and DLT; never for A-share or instant draws. */
export function chartSupportedFor(info: DrawTypeInfo): boolean {
  return CHART_CATEGORIES.has(info.category) && !info.instant && !info.aShare;
}

export function isChartSupported(drawType: string): boolean {
  const info = findDrawType(drawType);
  return info !== undefined && chartSupportedFor(info);
}

/** Spec §9: a chart shows 50 issues unless the player chose otherwise. */
export const DEFAULT_CHART_DRAW_COUNT = 50;
const DRAW_COUNT_STEPS = [30, 50, 100, 200, 300, 500, 1000] as const;

/** The issue counts offered for a draw type: the steps up to its history count, and that count itself. */
export function chartDrawCountChoices(historyDrawCount: number): number[] {
  const choices: number[] = DRAW_COUNT_STEPS.filter((step) => step <= historyDrawCount);
  if (choices.at(-1) !== historyDrawCount) choices.push(historyDrawCount);
  return choices;
}

/** A remembered count applied to a draw type with a shorter history. */
export function effectiveDrawCount(requested: number, historyDrawCount: number): number {
  return Math.max(1, Math.min(Math.floor(requested), historyDrawCount));
}
