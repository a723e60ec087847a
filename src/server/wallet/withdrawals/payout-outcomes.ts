// Applying what the gateway says about a payout, from whichever source says it (the create answer,
// a status query, a notification): only ever forward, and each outcome at most once — the status
// change SUBMITTED → SUCCESS | FAILED is conditional, and the hold resolves once (ledger.ts).
import type pg from 'pg';
import type { PayoutState } from '../../payments/gateway.ts';
import { payWithdrawal, returnWithdrawal } from './ledger-steps.ts';
import { recordEvent, transition, type WithdrawalRow } from './store.ts';

export const PAYOUT_FAILED_PREFIX = '出款失败';

export type OutcomeResult =
  | { kind: 'settled'; row: WithdrawalRow }
  /** Nothing to do: already settled, or still processing. */
  | { kind: 'unchanged' }
  /** The gateway reports something that does not match the request: left in doubt for a person. */
  | { kind: 'mismatch'; note: string };

export async function applyPayoutState(client: pg.PoolClient, row: WithdrawalRow, state: PayoutState, source: string): Promise<OutcomeResult> {
  if (row.status !== 'SUBMITTED') return { kind: 'unchanged' };
  if (state.merchantPayoutId !== row.reference) return { kind: 'mismatch', note: `出款单号不符（${state.merchantPayoutId}）` };
  if (state.status !== 'PROCESSING' && (state.amount !== row.net_amount || state.currency !== 'CNY')) {
    const note = `出款金额不符：网关 ${state.amount} ${state.currency}，应为 ${row.net_amount} CNY`;
    await client.query(// No next check: the resolver would only hear the same answer again. A person rechecks it.
      `UPDATE withdrawals SET payout_state = 'IN_DOUBT', payout_next_at = NULL, updated_at = now() WHERE id = $1 AND status = 'SUBMITTED'`, [row.id]);
    await recordEvent(client, row.id, '出款异常', null, note);
    return { kind: 'mismatch', note };
  }
  if (state.status === 'PROCESSING') {
    await client.query(
      // It exists at the gateway: never to be sent as new again (resending would be harmless, by reference).
      `UPDATE withdrawals SET gateway_payout_id = $2, payout_state = 'SENT', updated_at = now() WHERE id = $1 AND status = 'SUBMITTED'`,
      [row.id, state.gatewayPayoutId],
    );
    return { kind: 'unchanged' };
  }
  if (state.status === 'PAID') {
    const paid = await transition(client, row.id, {
      from: ['SUBMITTED'],
      to: 'SUCCESS',
      set: { payout_state: 'PAID', gateway_payout_id: state.gatewayPayoutId, payout_next_at: null },
      event: { action: '出款结果', by: null, note: `已出款（${source}）` },
    });
    if (!paid) return { kind: 'unchanged' };
    await payWithdrawal(client, paid);
    return { kind: 'settled', row: paid };
  }
  const reason = `${PAYOUT_FAILED_PREFIX}：${state.failureReason ?? '收款账户无法入账'}`;
  const failed = await transition(client, row.id, {
    from: ['SUBMITTED'],
    to: 'FAILED',
    set: { payout_state: 'FAILED', gateway_payout_id: state.gatewayPayoutId, reason, payout_next_at: null },
    event: { action: '出款结果', by: null, note: `${reason}（${source}），资金已退回` },
  });
  if (!failed) return { kind: 'unchanged' };
  await returnWithdrawal(client, failed);
  return { kind: 'settled', row: failed };
}

export async function lockSubmitted(client: pg.PoolClient, where: { id?: number; reference?: string }): Promise<WithdrawalRow | null> {
  const found =
    where.id !== undefined
      ? await client.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE id = $1 FOR UPDATE', [where.id])
      : await client.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE reference = $1 FOR UPDATE', [where.reference]);
  return found.rows[0] ?? null;
}
