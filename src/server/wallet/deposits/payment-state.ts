// What a gateway's word about a payment does to a deposit — the same rules whether the word came in a
// notification or as the answer to our query (expiry). A deposit only ever moves forward: money the
// gateway says arrived is credited once (even after we expired the order: a late settlement), a
// decline or the gateway's expiry closes only an order still waiting, and nothing re-opens a credit.
import { formatMoney } from '../../../shared/money.ts';
import type { PaymentState } from '../../payments/gateway.ts';
import type pg from 'pg';
import { creditDeposit } from './credit.ts';
import { depositStatusEvent, type DepositEvent } from './events.ts';
import { withNote, type DepositRow } from './rows.ts';

/** Every outcome a payment notification (or query) can have; logged with each delivery (docs/wallet/deposits.md). */
export const PAYMENT_OUTCOMES = [
  'CREDITED',
  'CREDITED_LATE',
  'CREDITED_UNDERPAID',
  'CREDITED_OVERPAID',
  'ALREADY_CREDITED',
  'DECLINED',
  'EXPIRED',
  'STILL_PENDING',
  'IGNORED_STALE',
  'WRONG_CURRENCY',
  'PAYMENT_ID_MISMATCH',
  'UNKNOWN_ORDER',
] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

export const DECLINED_REASON = '支付未完成（付款方已取消或拒绝支付）';
export const WRONG_CURRENCY_REASON = '支付币种不符，请联系客服处理';
export const EXPIRED_REASON = '已过期';

export interface AppliedState {
  outcome: PaymentOutcome;
  events: DepositEvent[];
}

/** Applies a verified payment state to a deposit locked FOR UPDATE in the caller's transaction. */
export async function applyPaymentState(client: pg.PoolClient, deposit: DepositRow, state: PaymentState): Promise<AppliedState> {
  if (deposit.kind !== 'ONLINE') return { outcome: 'UNKNOWN_ORDER', events: [] };
  if (deposit.gateway_payment_id !== null && deposit.gateway_payment_id !== state.gatewayPaymentId) {
    return { outcome: 'PAYMENT_ID_MISMATCH', events: [] };
  }
  if (deposit.gateway_payment_id === null) {
    // Our create call's answer was lost (in doubt): the gateway's word tells us its id.
    await client.query('UPDATE deposits SET gateway_payment_id = $2, updated_at = now() WHERE id = $1', [deposit.id, state.gatewayPaymentId]);
  }
  if (state.status === 'PAID' && state.currency !== 'CNY') {
    if (deposit.transfer_id !== null) return { outcome: 'ALREADY_CREDITED', events: [] };
    const note = `网关回报币种 ${state.currency}，未入账，需人工处理`;
    await close(client, deposit, 'FAILED', WRONG_CURRENCY_REASON, note);
    return { outcome: 'WRONG_CURRENCY', events: [depositStatusEvent(deposit.customer_id, deposit.id, 'FAILED')] };
  }
  switch (state.status) {
    case 'PAID':
      return credit(client, deposit, state);
    case 'DECLINED':
      if (deposit.status !== 'PENDING' || deposit.transfer_id !== null) return { outcome: 'IGNORED_STALE', events: [] };
      await close(client, deposit, 'FAILED', DECLINED_REASON, null);
      return { outcome: 'DECLINED', events: [depositStatusEvent(deposit.customer_id, deposit.id, 'FAILED')] };
    case 'EXPIRED':
      if (deposit.status !== 'PENDING' || deposit.transfer_id !== null) return { outcome: 'IGNORED_STALE', events: [] };
      await close(client, deposit, 'CANCELLED', EXPIRED_REASON, '支付网关通知订单已过期');
      return { outcome: 'EXPIRED', events: [depositStatusEvent(deposit.customer_id, deposit.id, 'CANCELLED')] };
    case 'PENDING':
      return { outcome: deposit.status === 'PENDING' ? 'STILL_PENDING' : 'IGNORED_STALE', events: [] };
  }
}

async function credit(client: pg.PoolClient, deposit: DepositRow, state: PaymentState): Promise<AppliedState> {
  if (deposit.transfer_id !== null) return { outcome: 'ALREADY_CREDITED', events: [] };
  // A gateway that reports PAID without an amount paid the order as placed.
  const paid = state.paidAmount ?? deposit.amount;
  if (paid <= 0) return { outcome: 'IGNORED_STALE', events: [] };
  const late = deposit.status !== 'PENDING';
  const notes: string[] = [];
  let outcome: PaymentOutcome = 'CREDITED';
  if (paid < deposit.amount) {
    outcome = 'CREDITED_UNDERPAID';
    notes.push(`少付：订单 ${formatMoney(deposit.amount)}，实付 ${formatMoney(paid)}，按实付入账`);
  } else if (paid > deposit.amount) {
    outcome = 'CREDITED_OVERPAID';
    notes.push(`多付：订单 ${formatMoney(deposit.amount)}，实付 ${formatMoney(paid)}，按实付入账`);
  }
  if (late) {
    outcome = 'CREDITED_LATE';
    notes.push(`逾期到账：订单已是 ${deposit.status}，网关确认已收款，照常入账`);
  }
  const result = await creditDeposit(client, deposit, { paidAmount: paid, note: notes.join('；') || null });
  return { outcome, events: result.events };
}

async function close(client: pg.PoolClient, deposit: DepositRow, status: 'FAILED' | 'CANCELLED', reason: string, note: string | null): Promise<void> {
  await client.query('UPDATE deposits SET status = $2, failure_reason = $3, note = $4, updated_at = now() WHERE id = $1', [
    deposit.id,
    status,
    reason,
    withNote(deposit.note, note),
  ]);
}
