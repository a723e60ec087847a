// How the report pages print figures: money floored to 2 decimals with thousands separators (the
// CSV keeps every 0.0001 元), ratios as percentages, a dash where there is nothing to divide.
import { formatMoneyGrouped } from '../../../shared/money.ts';
import { beijingDayOf, formatDay } from '../../../shared/draws/schedule/beijing-time.ts';

export const money = formatMoneyGrouped;
export { formatDateTime as dateTime } from '../../lib/format.ts';

export function percent(ratio: number | null): string {
  return ratio === null ? '—' : `${(ratio * 100).toFixed(2)}%`;
}

/** The last `days` Beijing days, today included. */
export function recentDays(days: number, now = Date.now()): { from: string; to: string } {
  const today = beijingDayOf(now);
  return { from: formatDay(today - days + 1), to: formatDay(today) };
}
