// The order list's filters live in the URL (`/account/order?drawType=&status=&from=&to=&page=`), so a
// reload, the browser's back button and the page behind a root overlay all keep them. This module turns
// them into the API's query (`GET /ajax/orders`) and computes the Beijing-date presets.
import type { OrderListQuery } from '../../../shared/api/orders.ts';
import { ORDERS_PATHS } from '../../../shared/api/order-paths.ts';
import { BEIJING_OFFSET_MS, beijingDayOf, formatDay } from '../../../shared/draws/schedule/beijing-time.ts';
import type { OrderFilters } from './order-search.ts';

export type { OrderFilters } from './order-search.ts';

export const ORDER_PAGE_SIZE = 20;

/** A filter change: empty values are dropped, and anything but a page change goes back to page 1. */
export function applyFilterChange(current: OrderFilters, change: Partial<OrderFilters>): OrderFilters {
  const next: OrderFilters = { ...current, ...change };
  if (!('page' in change)) delete next.page;
  for (const key of Object.keys(next) as (keyof OrderFilters)[]) {
    if (next[key] === undefined || next[key] === '' || (key === 'page' && next.page === 1)) delete next[key];
  }
  return next;
}

/** The API query for a set of filters; a reversed date range is read the way the player meant it. */
export function orderListQuery(filters: OrderFilters): OrderListQuery {
  const query: OrderListQuery = { page: filters.page ?? 1, pageSize: ORDER_PAGE_SIZE };
  if (filters.drawType) query.drawType = filters.drawType;
  if (filters.status) query.status = filters.status;
  const [from, to] = filters.from && filters.to && filters.from > filters.to ? [filters.to, filters.from] : [filters.from, filters.to];
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}

/** `/ajax/orders?…` with only the parameters that are set, in a fixed order. */
export function orderListPath(query: OrderListQuery): string {
  const params = new URLSearchParams();
  if (query.drawType) params.set('drawType', query.drawType);
  if (query.status) params.set('status', query.status);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  return `${ORDERS_PATHS.orders}?${params.toString()}`;
}

/** The unfiltered first page: the player's recent orders, the one list worth keeping offline. */
export function isRecentOrdersQuery(query: OrderListQuery): boolean {
  return query.page === 1 && !query.drawType && !query.status && !query.from && !query.to;
}

export type DatePreset = 'today' | 'week' | 'month';

export const DATE_PRESET_LABELS: Record<DatePreset, string> = { today: '今天', week: '近7天', month: '近30天' };

const PRESET_DAYS: Record<DatePreset, number> = { today: 1, week: 7, month: 30 };

/** Beijing dates, whatever the device's time zone. */
export function datePresetRange(preset: DatePreset, now: number): { from: string; to: string } {
  const today = beijingDayOf(now);
  return { from: formatDay(today - PRESET_DAYS[preset] + 1), to: formatDay(today) };
}

export function beijingToday(now: number): string {
  return formatDay(beijingDayOf(now));
}

/** 'YYYY-MM-DD HH:MM' in Beijing time. */
export function formatBeijingMinute(instant: number): string {
  return new Date(instant + BEIJING_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
