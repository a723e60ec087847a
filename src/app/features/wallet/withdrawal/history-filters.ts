// The withdrawal history's filters: a status and a Beijing-date range inside the 30 days records
// are kept (spec §9), a page at a time.
import type { HistoryQuery } from '../../../../shared/api/withdrawals.ts';
import { beijingDayOf, formatDay } from '../../../../shared/draws/schedule/beijing-time.ts';
import type { PaymentStatus } from '../../../../shared/enums.ts';

export const HISTORY_PAGE_SIZE = 10;
export const HISTORY_DAYS = 30;

export interface HistoryFilters {
  status?: PaymentStatus;
  from?: string;
  to?: string;
  page: number;
}

/** The statuses worth filtering by (CANCELED is the same as CANCELLED to a player). */
export const HISTORY_STATUSES: readonly PaymentStatus[] = [
  'PENDING',
  'AUTO_AUDIT_FAILED',
  'WAITING_FOR_AUDIT',
  'AUDITING',
  'SUBMITTED',
  'SUCCESS',
  'FAILED',
  'AUDIT_NOT_PASSED',
  'CANCELLED',
];

export type DatePreset = 'today' | 'week' | 'month';
export const DATE_PRESETS: Record<DatePreset, { label: string; days: number }> = {
  today: { label: '今天', days: 1 },
  week: { label: '近7天', days: 7 },
  month: { label: '近30天', days: HISTORY_DAYS },
};

export function presetRange(preset: DatePreset, now: number): { from: string; to: string } {
  const today = beijingDayOf(now);
  return { from: formatDay(today - DATE_PRESETS[preset].days + 1), to: formatDay(today) };
}

/** The earliest and latest dates a player may pick. */
export function historyWindow(now: number): { min: string; max: string } {
  const today = beijingDayOf(now);
  return { min: formatDay(today - HISTORY_DAYS + 1), max: formatDay(today) };
}

/** The API query; a reversed range is read the way it was meant, dates outside the window are pulled in. */
export function historyQuery(filters: HistoryFilters, now: number): HistoryQuery {
  const { min, max } = historyWindow(now);
  const clamp = (date: string) => (date < min ? min : date > max ? max : date);
  const query: HistoryQuery = { page: filters.page, pageSize: HISTORY_PAGE_SIZE };
  if (filters.status) query.status = filters.status;
  const [from, to] = filters.from && filters.to && filters.from > filters.to ? [filters.to, filters.from] : [filters.from, filters.to];
  if (from) query.from = clamp(from);
  if (to) query.to = clamp(to);
  return query;
}
