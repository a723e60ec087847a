// How orders read on screen: one Chinese wording per status and outcome, used by the list, the detail
// and the settlement popups alike.
import type { OrderBet, OrderSummary } from '../../../shared/api/orders.ts';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { shortDrawNumber } from '../../../shared/draws/display.ts';
import type { PlayMode } from '../../../shared/enums.ts';
import { BET_MODES, formatMoney, type BetMode, type Money } from '../../../shared/money.ts';
import { PLAY_MODE_LABELS } from '../games/menu-model.ts';

export type OrderStatus = OrderSummary['status'];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: '待开奖',
  WON: '已中奖',
  LOST: '未中奖',
  CUSTOMER_CANCELED: '已撤单',
  SYSTEM_CANCELED: '系统撤单',
};

/** Filled badges (white text) so every colour keeps its contrast in both schemes. */
export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  PENDING: 'blue.8',
  WON: 'red.8',
  LOST: 'gray.7',
  CUSTOMER_CANCELED: 'gray.7',
  SYSTEM_CANCELED: 'orange.9',
};

export const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

export function betOutcomeLabel(outcome: OrderBet['outcome']): string {
  switch (outcome) {
    case 'WIN':
      return '中奖';
    case 'LOSE':
      return '未中奖';
    case 'PUSH':
      return '和局退本';
    case null:
      return '待开奖';
  }
}

export function playModeLabel(mode: PlayMode): string {
  return PLAY_MODE_LABELS[mode];
}

export function betModeLabel(mode: string | null): string | null {
  return mode && Object.hasOwn(BET_MODES, mode) ? BET_MODES[mode as BetMode].label : null;
}

export function drawTypeName(code: string): string {
  return findDrawType(code)?.name ?? '未知彩种';
}

export function isInstantDrawType(code: string): boolean {
  return findDrawType(code)?.instant === true;
}

/** Instant orders have no issue (their round id is the order id): they read 秒开. */
export function issueLabel(drawType: string, issueNumber: string, form: 'short' | 'full'): string {
  if (isInstantDrawType(drawType)) return '秒开';
  return `第 ${form === 'short' ? shortDrawNumber(issueNumber) : issueNumber} 期`;
}

/** Settled orders only: what the player gained or lost (payout + rebate − stake). */
export function orderProfit(order: Pick<OrderSummary, 'status' | 'payout' | 'rebate' | 'totalStake'>): Money | null {
  return order.status === 'WON' || order.status === 'LOST' ? order.payout + order.rebate - order.totalStake : null;
}

/** "+¥12.00", "-¥2.00", "¥0.00". */
export function formatSignedMoney(amount: Money): string {
  return amount > 0 ? `+${formatMoney(amount)}` : formatMoney(amount);
}

/** Why an issue was cancelled, in words; codes the app does not know yet read as a plain cancellation. */
export function issueCancelReasonText(reason: string | null): string {
  if (reason === 'NO_RESULT') return '未能按时取得开奖结果';
  return reason === 'OPERATOR' ? '本期已由平台撤销' : '本期未开奖';
}
