// The withdrawal's money, as ledger transfers (spec §3.5 codes, docs/wallet/withdrawals.md):
//   WPEND  hold:     player → clearing:pending (createPending), when the request is accepted;
//   WIT    paid:     clearing:pending → external:gateway:<code> (the whole amount), then the fee
//                    external:gateway:<code> → house:fees, so the gateway's account carries the net;
//   WFAIL  returned: clearing:pending → player (cancelled, rejected, payout failed).
// Each step has its own idempotency key and the hold resolves at most once (ledger.ts).
import type pg from 'pg';
import { createPending, playerAccountId, playerBalance, resolvePending, postTransfer, systemAccountId } from '../ledger.ts';
import type { WithdrawalRow } from './store.ts';

export const FEES_ACCOUNT = 'house:fees';
export const gatewayAccount = (code: string) => `external:gateway:${code}`;

export async function holdWithdrawal(client: pg.PoolClient, row: Pick<WithdrawalRow, 'id' | 'customer_id' | 'amount' | 'reference'>): Promise<number> {
  const held = await createPending(client, {
    idempotencyKey: `withdrawal:${row.id}:hold`,
    type: 'WPEND',
    fromAccountId: await playerAccountId(client, row.customer_id),
    amount: row.amount,
    reference: row.reference,
    memo: '提现冻结',
  });
  return held.transferId;
}

export async function returnWithdrawal(client: pg.PoolClient, row: WithdrawalRow): Promise<void> {
  await resolvePending(client, { pendingTransferId: row.pending_transfer_id!, outcome: 'VOIDED', type: 'WFAIL' });
}

export async function payWithdrawal(client: pg.PoolClient, row: WithdrawalRow): Promise<void> {
  const external = await systemAccountId(client, gatewayAccount(row.gateway_code ?? 'unknown'), 'EXTERNAL');
  await resolvePending(client, { pendingTransferId: row.pending_transfer_id!, outcome: 'POSTED', toAccountId: external, type: 'WIT' });
  if (row.fee > 0) {
    const fees = await systemAccountId(client, FEES_ACCOUNT, 'HOUSE');
    await postTransfer(client, {
      idempotencyKey: `withdrawal:${row.id}:fee`,
      type: 'WIT',
      reference: row.reference,
      memo: '提现手续费',
      legs: [
        { accountId: external, amount: -row.fee },
        { accountId: fees, amount: row.fee },
      ],
    });
  }
}

export { playerBalance };
