import type { OrderSummary } from '../../../../shared/api/orders.ts';

export const ORDER_STATUS_LABELS: Record<OrderSummary['status'], string> = {
  PENDING: '待开奖',
  WON: '已中奖',
  LOST: '未中奖',
  CUSTOMER_CANCELED: '已撤单',
  SYSTEM_CANCELED: '系统撤单',
};

export const ORDER_STATUS_COLORS: Record<OrderSummary['status'], string> = {
  PENDING: 'blue',
  WON: 'red',
  LOST: 'gray',
  CUSTOMER_CANCELED: 'gray',
  SYSTEM_CANCELED: 'gray',
};

const TIME = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

export function orderTime(epochMs: number): string {
  return TIME.format(epochMs);
}
