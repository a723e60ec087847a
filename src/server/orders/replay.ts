// A client key seen before answers with its order only when the request asks for that same order; the
// same key with another order is refused (409), as the ledger refuses a key reused for another
// transfer. "The same order": draw type, play mode, issue, the client seed when the request gives one,
// and every bet as the engine prices the request for the stored order's prize group and sales date
// (method or bet type, selection, mode, multiplier, prize group, 注数, stake) — so a retry still
// matches after the player's prize group has changed since. Not the rebate: settlement rewrites it.
import type { OrderDetail, PlaceOrder } from '../../shared/api/orders.ts';
import type { DrawTypeInfo } from '../../shared/catalogue/draw-types.ts';
import { errors } from '../http/errors.ts';
import type { PricedOrder } from './pricing.ts';

export const KEY_REUSED_MESSAGE = '该订单标识已用于另一笔投注，请重新下单';

/** JSON with object keys sorted: jsonb does not keep the key order of what was stored. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Whether `body` (its draw type `info`, its bets priced as `priced`; either null when unknown or
 * refused) asks for the stored `order`. An instant order's stored issue number is its own id.
 */
export function asksForOrder(order: OrderDetail, body: PlaceOrder, info: DrawTypeInfo | undefined, priced: PricedOrder | null): boolean {
  if (!info || !priced || order.drawType !== info.code || order.playMode !== body.playMode) return false;
  if (!info.instant && order.issueNumber !== body.issueNumber) return false;
  if (body.clientSeed !== undefined && order.fairness && order.fairness.clientSeed !== body.clientSeed) return false;
  if (order.bets.length !== priced.bets.length) return false;
  return priced.bets.every((bet, i) => {
    const stored = order.bets[i]!;
    return (
      stored.code === bet.code &&
      canonicalJson(stored.selection) === canonicalJson(bet.selection) &&
      stored.mode === bet.mode &&
      stored.multiplier === bet.multiplier &&
      stored.prizeGroup === bet.prizeGroup &&
      stored.betCount === bet.betCount &&
      stored.stake === bet.stake
    );
  });
}

/** Refuses a replay whose request asks for another order than the one stored under its key. */
export function assertSameOrder(order: OrderDetail, body: PlaceOrder, info: DrawTypeInfo | undefined, priced: PricedOrder | null): void {
  if (!asksForOrder(order, body, info, priced)) throw errors.conflict(KEY_REUSED_MESSAGE);
}
