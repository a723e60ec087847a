// Settlement popups (spec §3.3 order settled message, §3.4 game-order-popup, §4 titles, §9 desktop
// popups: each lasts 10 s, at most 10 at once, stacked from 3). This module is the queue and its
// rules; it stays free of UI and of the lottery code so the live-event handler in the first bundle
// can feed it. The cards themselves load on the first popup.
import type { QueryClient } from '@tanstack/react-query';
import type { LiveEventPayloads } from '../../../shared/api/events.ts';
import { createSimpleStore } from '../../lib/store/simple-store.ts';
import { preferences, type PreferenceStore } from '../../lib/preferences/store.ts';
import { drawnIssueQueryKey, ORDERS_QUERY_KEY } from '../orders/order-keys.ts';

export type OrderSettledMessage = LiveEventPayloads['orderSettledPopup'];

export const SETTLEMENT_POPUP_DURATION_MS = 10_000;
export const SETTLEMENT_POPUP_MAX = 10;
export const SETTLEMENT_POPUP_STACK_FROM = 3;

export interface SettlementPopup {
  id: string;
  message: OrderSettledMessage;
}

/** Oldest first. */
export const settlementPopups = createSimpleStore<readonly SettlementPopup[]>([]);
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/** 中奖提醒 for a win, 开奖提醒 otherwise (系统消息 is the text popup of a cancelled issue). */
export function settlementPopupTitle(message: Pick<OrderSettledMessage, 'winningPrize'>): string {
  return message.winningPrize > 0 ? '中奖提醒' : '开奖提醒';
}

export function isStacked(count: number): boolean {
  return count >= SETTLEMENT_POPUP_STACK_FROM;
}

export function dismissSettlementPopup(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  settlementPopups.set((shown) => shown.filter((popup) => popup.id !== id));
}

export function dismissAllSettlementPopups(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  settlementPopups.set([]);
}

/** Queues a popup unless the player switched them off; the oldest gives way beyond the maximum. */
export function showSettlementPopup(popup: SettlementPopup, store: PreferenceStore = preferences): void {
  if (!store.get('gameOrderPopup')) return;
  const shown = settlementPopups.get();
  if (shown.some((p) => p.id === popup.id || p.message.orderId === popup.message.orderId)) return;
  for (const old of shown.slice(0, Math.max(0, shown.length + 1 - SETTLEMENT_POPUP_MAX))) dismissSettlementPopup(old.id);
  settlementPopups.set((current) => [...current, popup]);
  timers.set(
    popup.id,
    setTimeout(() => dismissSettlementPopup(popup.id), SETTLEMENT_POPUP_DURATION_MS),
  );
}

/** The live event: every order view is out of date, and the player may get a popup. */
export function onOrderSettled(queryClient: QueryClient, message: OrderSettledMessage, eventId: string): void {
  void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: drawnIssueQueryKey(message.drawType, message.drawNumber) });
  showSettlementPopup({ id: eventId || `order-${message.orderId}`, message });
}
