// Settlement popups (spec §3.3 order settled message, §3.4 game-order-popup, §4 titles, §9 desktop
// popups: each lasts 10 s, at most 10 at once, stacked from 3). This module is the queue and its
// rules; it stays free of UI and of the lottery code so the live-event handler in the first bundle
// can feed it. The cards themselves load on the first popup.
//
// Issue 18: a popup never tells a result before the page's own animation of it has ended — the dice
// stage holds its draw type's popups until it has rolled that issue, and an instant bet's own result
// dialog claims its order's popup (instant popups wait briefly for that claim). An autobet's results
// come as one grouped notice per draw type.
import type { QueryClient } from '@tanstack/react-query';
import type { LiveEventPayloads } from '../../../shared/api/events.ts';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { createSimpleStore } from '../../lib/store/simple-store.ts';
import { preferences, type PreferenceStore } from '../../lib/preferences/store.ts';
import { drawnIssueQueryKey, ORDERS_QUERY_KEY } from '../orders/order-keys.ts';
import { onCustomerChange } from '../session/session-queries.ts';

export type OrderSettledMessage = LiveEventPayloads['orderSettledPopup'];

export const SETTLEMENT_POPUP_DURATION_MS = 10_000;
export const SETTLEMENT_POPUP_MAX = 10;
export const SETTLEMENT_POPUP_STACK_FROM = 3;
/** How long an instant draw's popup waits for the bet's own result dialog to claim it. */
export const INSTANT_CLAIM_WAIT_MS = 2_500;
/** A held popup shows after this long even if the page never reveals its result (a failed refetch). */
export const REVEAL_HOLD_MAX_MS = 15_000;

export interface SettlementPopup {
  id: string;
  /** The newest message (of a group, the last settled). */
  message: OrderSettledMessage;
  /** An autobet's grouped notice: every message it holds, oldest first (at least two). */
  grouped?: readonly OrderSettledMessage[];
}

/** The orders a popup speaks for. */
export function popupMessages(popup: SettlementPopup): readonly OrderSettledMessage[] {
  return popup.grouped ?? [popup.message];
}

/** Oldest first. */
export const settlementPopups = createSimpleStore<readonly SettlementPopup[]>([]);
const timers = new Map<string, ReturnType<typeof setTimeout>>();
/** Popups kept back until their result has been revealed on the page, by order id. */
const waiting = new Map<string, { popup: SettlementPopup; timer: ReturnType<typeof setTimeout> }>();
/** Orders whose result the player sees in their bet's own dialog: no popup for them. */
const claimed = new Set<string>();
const CLAIMS_KEPT = 100;
/** Pages revealing a draw type's results (the dice stage), with the last issue each has shown. */
const stages = new Map<string, { watchers: number; revealed: string | null }>();

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
  for (const { timer } of waiting.values()) clearTimeout(timer);
  waiting.clear();
  claimed.clear();
  settlementPopups.set([]);
}

// Shown and held popups tell one customer's results: none outlives the session (logout, expiry, another login).
onCustomerChange(() => dismissAllSettlementPopups());

function startTimer(id: string): void {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismissSettlementPopup(id), SETTLEMENT_POPUP_DURATION_MS),
  );
}

/** Puts a popup on screen; an autobet's result joins the notice of that autobet's draw type if one is up. */
function present(popup: SettlementPopup): void {
  const shown = settlementPopups.get();
  const { message } = popup;
  const group = message.isAutoBet ? shown.find((p) => p.message.isAutoBet && p.message.drawType === message.drawType) : undefined;
  if (group) {
    const merged: SettlementPopup = { id: group.id, message, grouped: [...popupMessages(group), message] };
    settlementPopups.set((current) => current.map((p) => (p.id === group.id ? merged : p)));
    startTimer(group.id);
    return;
  }
  for (const old of shown.slice(0, Math.max(0, shown.length + 1 - SETTLEMENT_POPUP_MAX))) dismissSettlementPopup(old.id);
  settlementPopups.set((current) => [...current, popup]);
  startTimer(popup.id);
}

function hold(popup: SettlementPopup, ms: number): void {
  const orderId = popup.message.orderId;
  waiting.set(orderId, {
    popup,
    timer: setTimeout(() => {
      waiting.delete(orderId);
      present(popup);
    }, ms),
  });
}

// Issue numbers of one draw type have one fixed-width form, so they compare as text.
function unrevealed(message: OrderSettledMessage): boolean {
  const stage = stages.get(message.drawType);
  return stage !== undefined && (stage.revealed === null || stage.revealed < message.drawNumber);
}

function releaseRevealed(drawType: string): void {
  for (const [orderId, { popup, timer }] of waiting) {
    if (popup.message.drawType !== drawType || unrevealed(popup.message) || findDrawType(drawType)?.instant) continue;
    clearTimeout(timer);
    waiting.delete(orderId);
    present(popup);
  }
}

/** Queues a popup unless the player switched them off; the oldest gives way beyond the maximum. */
export function showSettlementPopup(popup: SettlementPopup, store: PreferenceStore = preferences): void {
  if (!store.get('gameOrderPopup')) return;
  const { orderId, drawType } = popup.message;
  if (claimed.has(orderId) || waiting.has(orderId)) return;
  const shown = settlementPopups.get();
  if (shown.some((p) => p.id === popup.id || popupMessages(p).some((m) => m.orderId === orderId))) return;
  if (findDrawType(drawType)?.instant) hold(popup, INSTANT_CLAIM_WAIT_MS);
  else if (unrevealed(popup.message)) hold(popup, REVEAL_HOLD_MAX_MS);
  else present(popup);
}

/** An instant bet's result dialog shows this order's result itself (after its animation): no popup. */
export function claimSettlementPopup(orderId: string): void {
  claimed.add(orderId);
  if (claimed.size > CLAIMS_KEPT) claimed.delete(claimed.values().next().value as string);
  const held = waiting.get(orderId);
  if (held) {
    clearTimeout(held.timer);
    waiting.delete(orderId);
  }
  const shown = settlementPopups.get().find((p) => !p.grouped && p.message.orderId === orderId);
  if (shown) dismissSettlementPopup(shown.id);
}

/**
 * A page that animates a draw type's results (the dice stage): popups of that draw type wait until
 * it reports the issue revealed, so they never tell the result before the animation does.
 */
export function watchReveals(drawType: string): { revealed: (issueNumber: string) => void; stop: () => void } {
  const stage = stages.get(drawType) ?? { watchers: 0, revealed: null };
  stage.watchers += 1;
  stages.set(drawType, stage);
  let stopped = false;
  return {
    revealed: (issueNumber) => {
      if (stopped) return;
      if (stage.revealed === null || stage.revealed < issueNumber) stage.revealed = issueNumber;
      releaseRevealed(drawType);
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      stage.watchers -= 1;
      if (stage.watchers === 0) stages.delete(drawType);
      releaseRevealed(drawType);
    },
  };
}

/** The live event: every order view is out of date, and the player may get a popup. */
export function onOrderSettled(queryClient: QueryClient, message: OrderSettledMessage, eventId: string): void {
  void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: drawnIssueQueryKey(message.drawType, message.drawNumber) });
  showSettlementPopup({ id: eventId || `order-${message.orderId}`, message });
}
