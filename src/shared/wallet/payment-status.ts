// Payment statuses (spec §3.5) as a player and an operator read them. The six texts of spec §4 are
// the spec's; the rest complete the list (docs/wallet/README.md, statuses).
import type { PaymentStatus } from '../enums.ts';

export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, string> = {
  PENDING: '申请中',
  SUBMITTED: '出款中',
  AUTO_AUDIT_FAILED: '系统审核未通过，已转人工审核',
  AUDIT_NOT_PASSED: '人工审核未通过',
  WAITING_FOR_AUDIT: '待审核',
  CANCELLED: '用户已取消',
  CANCELED: '用户已取消',
  AUDITING: '审核中',
  SUCCESS: '成功',
  FAILED: '失败',
  PARTIAL_SUCCESS: '部分成功',
};

/** Deposits say 待支付 where a withdrawal says 申请中: the same status, read from the payer's side. */
export const DEPOSIT_STATUS_TEXT: Record<PaymentStatus, string> = {
  ...PAYMENT_STATUS_TEXT,
  PENDING: '待支付',
  WAITING_FOR_AUDIT: '待财务确认',
  AUDIT_NOT_PASSED: '财务确认未通过',
  CANCELLED: '已过期',
  CANCELED: '已取消',
  SUCCESS: '充值成功',
  FAILED: '支付失败',
  PARTIAL_SUCCESS: '部分到账',
};

export type PaymentStatusTone = 'pending' | 'success' | 'failure' | 'neutral';

export function paymentStatusTone(status: PaymentStatus): PaymentStatusTone {
  if (status === 'SUCCESS') return 'success';
  if (status === 'PARTIAL_SUCCESS') return 'success';
  if (status === 'FAILED' || status === 'AUDIT_NOT_PASSED') return 'failure';
  if (status === 'CANCELLED' || status === 'CANCELED') return 'neutral';
  return 'pending';
}
