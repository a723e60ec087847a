import type { PayoutState } from '../../../shared/backoffice/finance-withdrawals.ts';

export const PAYOUT_STATE_LABELS: Record<PayoutState, string> = {
  NOT_SENT: '未出款',
  SENT: '出款中',
  IN_DOUBT: '结果待查询',
  PAID: '已出款',
  FAILED: '出款失败',
};

export const PAYOUT_STATE_COLORS: Record<PayoutState, string> = { NOT_SENT: 'gray', SENT: 'blue', IN_DOUBT: 'orange', PAID: 'teal', FAILED: 'red' };

