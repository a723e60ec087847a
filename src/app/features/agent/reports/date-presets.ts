// The reports' date presets, in Beijing days: today, yesterday, this month, last month, last 7 days.
import { REPORT_MAX_DAYS_BACK } from '../../../../shared/api/agent-reports.ts';
import { beijingDayOf, formatDay, parseDay } from '../../../../shared/draws/schedule/beijing-time.ts';
import type { DateRange } from './report-queries.ts';

export type DatePreset = 'today' | 'yesterday' | 'week' | 'month' | 'lastMonth';
export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: '今天',
  yesterday: '昨天',
  week: '近7天',
  month: '本月',
  lastMonth: '上月',
};

export function presetRange(preset: DatePreset, now = Date.now()): DateRange {
  const today = beijingDayOf(now);
  const todayText = formatDay(today);
  const firstOfMonth = parseDay(`${todayText.slice(0, 8)}01`);
  switch (preset) {
    case 'today':
      return { from: todayText, to: todayText };
    case 'yesterday':
      return { from: formatDay(today - 1), to: formatDay(today - 1) };
    case 'week':
      return { from: formatDay(today - 6), to: todayText };
    case 'month':
      return { from: formatDay(firstOfMonth), to: todayText };
    case 'lastMonth': {
      const lastDay = firstOfMonth - 1;
      return { from: `${formatDay(lastDay).slice(0, 8)}01`, to: formatDay(lastDay) };
    }
  }
}

/** The earliest and latest day the pickers offer (the server's three months). */
export function pickerWindow(now = Date.now()): { min: string; max: string } {
  const today = beijingDayOf(now);
  return { min: formatDay(today - REPORT_MAX_DAYS_BACK), max: formatDay(today) };
}

/** A range the server takes: reversed ends swapped, ends outside the window pulled in. */
export function clampRange(range: DateRange, now = Date.now()): DateRange {
  const { min, max } = pickerWindow(now);
  const clamp = (day: string) => (day < min ? min : day > max ? max : day);
  const [from, to] = range.from > range.to ? [range.to, range.from] : [range.from, range.to];
  return { from: clamp(from), to: clamp(to) };
}
