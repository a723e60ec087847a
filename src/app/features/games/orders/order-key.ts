// The idempotency key of the order a player is placing (decisions §7: a retry after a network blip can
// never place anything twice). It is kept beside the slip, per play mode and draw type, for the exact
// order it was made for (bets with their mode, multiplier and prize group, issue): closing the confirm
// dialog and tapping 投注 again for the same unchanged order reuses it while the last attempt's outcome is
// unknown. A new key only after the order was placed, after the server refused it (isDefinitiveRefusal),
// or when the order changed (another issue on sale, a line added or edited). Dropped with the slips when
// the customer changes.
import type { PlaceOrder } from '../../../../shared/api/orders.ts';
import { isDefinitiveRefusal } from '../../../lib/api/errors.ts';
import { registerForgetter } from '../common/forget-on-logout.ts';
import { newClientKey } from './order-errors.ts';

/** An order as the page builds it, before its key. */
export type OrderContent = WithoutKey<PlaceOrder>;
type WithoutKey<T> = T extends unknown ? Omit<T, 'clientKey'> : never;

const pending = new Map<string, { content: string; clientKey: string }>();

const slotOf = (order: OrderContent) => `${order.playMode}:${order.drawType}`;

/** The key for this order: the pending one if it was made for exactly this content, else a new one. */
export function orderClientKey(order: OrderContent): string {
  const content = JSON.stringify(order);
  const kept = pending.get(slotOf(order));
  if (kept?.content === content) return kept.clientKey;
  const clientKey = newClientKey();
  pending.set(slotOf(order), { content, clientKey });
  return clientKey;
}

function settle(order: OrderContent, clientKey: string): void {
  if (pending.get(slotOf(order))?.clientKey === clientKey) pending.delete(slotOf(order));
}

/** Sends the order under its key; the key is dropped once the outcome is known (placed or refused). */
export async function placeWithOrderKey<T>(order: OrderContent, place: (body: PlaceOrder) => Promise<T>): Promise<T> {
  const clientKey = orderClientKey(order);
  try {
    const placed = await place({ ...order, clientKey } as PlaceOrder);
    settle(order, clientKey);
    return placed;
  } catch (error) {
    // No answer, a 5xx, an unreadable answer: the order may have been placed; the same order keeps its key.
    if (isDefinitiveRefusal(error)) settle(order, clientKey);
    throw error;
  }
}

registerForgetter(() => pending.clear());
