// Crediting a deposit: one DEP transfer (idempotency key deposit:<id>) from the external account the
// money came through to the player, with the method's fee to the house, plus the required stake it
// adds (decisions §10). Call with the deposit row locked FOR UPDATE in the caller's transaction: a
// deposit already credited is left alone, so every path (notification, query, confirmation) may try.
import { depositFee } from '../../../shared/api/deposits.ts';
import type { PaymentStatus } from '../../../shared/enums.ts';
import type { Money } from '../../../shared/money.ts';
import type pg from 'pg';
import { playerAccountId, postTransfer, systemAccountId, type TransferLeg } from '../ledger.ts';
import { addRequiredStake, requirementFor } from '../required-stake.ts';
import { balanceEvent, depositStatusEvent, type DepositEvent } from './events.ts';
import { loadMethod } from './methods.ts';
import { withNote, type DepositRow } from './rows.ts';

export const FEE_ACCOUNT = 'house:fees';

/** Deposits of different players lock different rows of the outside world's side (like the house's shards of betting). */
export const EXTERNAL_SHARDS = 16;

export function externalAccountCode(deposit: Pick<DepositRow, 'kind' | 'gateway_code' | 'customer_id'>): string {
  const shard = deposit.customer_id % EXTERNAL_SHARDS;
  return deposit.kind === 'OFFLINE' ? `external:offline:${shard}` : `external:gateway:${deposit.gateway_code ?? 'unknown'}:${shard}`;
}

/**
 * A house-side account's id. Read first: systemAccountId's upsert writes (and so locks) the row, and the
 * external account of a gateway is the one row every deposit through it touches.
 */
async function houseSideAccount(client: pg.PoolClient, code: string, kind: 'HOUSE' | 'EXTERNAL'): Promise<number> {
  const found = await client.query<{ id: number }>('SELECT id FROM ledger_accounts WHERE code = $1', [code]);
  return found.rows[0]?.id ?? systemAccountId(client, code, kind);
}

export interface CreditInput {
  /** What actually arrived (may differ from the ordered amount). */
  paidAmount: Money;
  /** A line for finance's note (late, under- or over-paid, confirmed by …). */
  note?: string | null;
  confirmedBy?: number | null;
}

export interface CreditResult {
  credited: boolean;
  status: PaymentStatus;
  events: DepositEvent[];
}

export async function creditDeposit(client: pg.PoolClient, deposit: DepositRow, input: CreditInput): Promise<CreditResult> {
  if (deposit.transfer_id !== null) return { credited: false, status: deposit.status, events: [] };
  const paid = input.paidAmount;
  if (!Number.isSafeInteger(paid) || paid <= 0) throw new Error(`deposit ${deposit.id}: nothing paid to credit`);
  const method = await loadMethod(client, deposit.method_code);
  if (!method) throw new Error(`deposit ${deposit.id}: unknown method ${deposit.method_code}`);
  const fee = depositFee(paid, { feeRateBp: method.fee_rate_bp, feeFixed: Number(method.fee_fixed) });
  const credited = paid - fee;
  const player = await playerAccountId(client, deposit.customer_id);
  const external = await houseSideAccount(client, externalAccountCode(deposit), 'EXTERNAL');
  const legs: TransferLeg[] = [{ accountId: external, amount: -paid }];
  if (credited > 0) legs.push({ accountId: player, amount: credited });
  if (fee > 0) legs.push({ accountId: await houseSideAccount(client, FEE_ACCOUNT, 'HOUSE'), amount: fee });
  // Deposits through a gateway share its external accounts (one per shard): the requirement is added
  // before the transfer, so that shared row stays locked only for the transfer, the row update and the commit.
  if (credited > 0) {
    await addRequiredStake(client, deposit.customer_id, requirementFor(credited, method.stake_multiplier_bp), 'DEPOSIT', deposit.reference);
  }
  const transfer = await postTransfer(client, {
    idempotencyKey: `deposit:${deposit.id}`,
    type: 'DEP',
    reference: `deposit:${deposit.reference}`,
    memo: method.name,
    legs,
  });
  const status: PaymentStatus = paid < deposit.amount ? 'PARTIAL_SUCCESS' : 'SUCCESS';
  await client.query(
    `UPDATE deposits SET status = $2, paid_amount = $3, fee = $4, credited_amount = $5, credited_at = now(), transfer_id = $6,
            failure_reason = NULL, note = $7, confirmed_by = coalesce($8, confirmed_by),
            confirmed_at = CASE WHEN $8::bigint IS NULL THEN confirmed_at ELSE now() END, updated_at = now()
      WHERE id = $1`,
    [deposit.id, status, paid, fee, credited, transfer.transferId, withNote(deposit.note, input.note ?? null), input.confirmedBy ?? null],
  );
  const events: DepositEvent[] = [depositStatusEvent(deposit.customer_id, deposit.id, status)];
  const balance = transfer.balances.get(player);
  if (balance !== undefined) events.unshift(balanceEvent(deposit.customer_id, balance));
  return { credited: !transfer.replayed, status, events };
}
