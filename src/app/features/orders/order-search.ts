// The order list's URL filters as the route validates them (`/account/order?drawType=&status=&from=&to=&page=`).
// Apart from order-filters.ts: the route tree, and so the first route, needs only this check.
import { ORDER_STATUSES_OF_BETS } from '../../../shared/api/order-paths.ts';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { parseDay } from '../../../shared/draws/schedule/beijing-time.ts';
import type { OrderStatus } from './order-labels.ts';

export interface OrderFilters {
  drawType?: string;
  status?: OrderStatus;
  /** YYYY-MM-DD, Beijing time, inclusive. */
  from?: string;
  to?: string;
  page?: number;
}

function isBeijingDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    parseDay(value);
    return true;
  } catch {
    return false;
  }
}

/** The route's search validation: anything unknown or malformed is dropped, never an error page. */
export function validateOrderSearch(search: Record<string, unknown>): OrderFilters {
  const filters: OrderFilters = {};
  if (typeof search.drawType === 'string' && findDrawType(search.drawType)) filters.drawType = search.drawType;
  if ((ORDER_STATUSES_OF_BETS as readonly unknown[]).includes(search.status)) filters.status = search.status as OrderStatus;
  if (isBeijingDate(search.from)) filters.from = search.from;
  if (isBeijingDate(search.to)) filters.to = search.to;
  const page = Number(search.page);
  if (Number.isSafeInteger(page) && page > 1) filters.page = page;
  return filters;
}
