// Finance's writes on deposits: confirming an offline deposit with the amount that actually arrived
// (credited once: the row is locked and must still be unconfirmed), rejecting one with a reason the
// player sees, and configuring a method. Each runs inside withOperatorWrite with its audit row.
import type pg from 'pg';
import {
  DEPOSIT_ALREADY_HANDLED,
  OFFLINE_ACCOUNT_REQUIRED,
  receivedAmountProblem,
  type UpdateDepositMethod,
} from '../../../shared/backoffice/finance-deposits.ts';
import { formatMoney, type Money } from '../../../shared/money.ts';
import { errors } from '../../http/errors.ts';
import type { Audit } from '../core/api.ts';
import { creditDeposit } from '../../wallet/deposits/credit.ts';
import { depositStatusEvent, type DepositEvent } from '../../wallet/deposits/events.ts';
import { loadMethod, type DepositMethodRow } from '../../wallet/deposits/methods.ts';
import { lockDeposit, withNote } from '../../wallet/deposits/rows.ts';
import { DEPOSIT_NOT_FOUND } from '../../wallet/deposits/views.ts';

export async function confirmOfflineDeposit(
  client: pg.PoolClient,
  audit: Audit,
  operator: { id: number; username: string },
  id: number,
  received: Money,
  note: string | undefined,
): Promise<DepositEvent[]> {
  const deposit = await lockDeposit(client, id);
  if (!deposit) throw errors.notFound(DEPOSIT_NOT_FOUND);
  const confirmable = deposit.kind === 'OFFLINE' && deposit.transfer_id === null && (deposit.status === 'WAITING_FOR_AUDIT' || deposit.status === 'CANCELLED');
  if (!confirmable) throw errors.conflict(DEPOSIT_ALREADY_HANDLED);
  // Checked with the row locked, before anything is credited: a refusal leaves the deposit waiting.
  const method = await loadMethod(client, deposit.method_code);
  if (!method) throw new Error(`deposit ${deposit.id}: unknown method ${deposit.method_code}`);
  const tooMuch = receivedAmountProblem(received, { maxAmount: Number(method.max_amount) });
  if (tooMuch) throw errors.validation(tooMuch, { receivedAmount: tooMuch });
  const lines = [`财务 ${operator.username} 确认实收 ${formatMoney(received)}`];
  if (received !== deposit.amount) lines.push(`申请金额 ${formatMoney(deposit.amount)}`);
  if (deposit.status === 'CANCELLED') lines.push('过期后确认到账');
  if (note) lines.push(note);
  const result = await creditDeposit(client, deposit, { paidAmount: received, note: lines.join('，'), confirmedBy: operator.id });
  await audit({
    action: 'deposit.confirm',
    targetType: 'deposit',
    targetId: deposit.id,
    before: { status: deposit.status, amount: deposit.amount },
    after: { status: result.status, received },
    reason: note ?? null,
  });
  return result.events;
}

export async function rejectOfflineDeposit(client: pg.PoolClient, audit: Audit, operator: { id: number }, id: number, reason: string): Promise<DepositEvent[]> {
  const deposit = await lockDeposit(client, id);
  if (!deposit) throw errors.notFound(DEPOSIT_NOT_FOUND);
  if (deposit.kind !== 'OFFLINE' || deposit.transfer_id !== null || deposit.status !== 'WAITING_FOR_AUDIT') throw errors.conflict(DEPOSIT_ALREADY_HANDLED);
  await client.query(
    `UPDATE deposits SET status = 'AUDIT_NOT_PASSED', failure_reason = $2, note = $3, confirmed_by = $4, confirmed_at = now(), updated_at = now() WHERE id = $1`,
    [deposit.id, reason, withNote(deposit.note, `财务驳回：${reason}`), operator.id],
  );
  await audit({
    action: 'deposit.reject',
    targetType: 'deposit',
    targetId: deposit.id,
    before: { status: deposit.status },
    after: { status: 'AUDIT_NOT_PASSED' },
    reason,
  });
  return [depositStatusEvent(deposit.customer_id, deposit.id, 'AUDIT_NOT_PASSED')];
}

const configOf = (row: DepositMethodRow) => ({
  enabled: row.enabled,
  minAmount: Number(row.min_amount),
  maxAmount: Number(row.max_amount),
  recommendedAmounts: row.recommended_amounts.map(Number),
  integerOnly: row.integer_only,
  feeRateBp: row.fee_rate_bp,
  feeFixed: Number(row.fee_fixed),
  stakeMultiplierBp: row.stake_multiplier_bp,
  sortOrder: row.sort_order,
  receivingBank: row.receiving_bank,
  receivingName: row.receiving_name,
  receivingAccount: row.receiving_account,
  receivingBranch: row.receiving_branch,
});

export async function updateDepositMethod(client: pg.PoolClient, audit: Audit, code: string, body: UpdateDepositMethod & { receivingBank: string | null; receivingName: string | null; receivingAccount: string | null; receivingBranch: string | null }): Promise<void> {
  const before = await client.query<DepositMethodRow>('SELECT * FROM deposit_methods WHERE code = $1 FOR UPDATE', [code]);
  const row = before.rows[0];
  if (!row) throw errors.notFound('充值方式不存在');
  if (row.kind === 'OFFLINE' && body.enabled && (!body.receivingName || !body.receivingAccount)) {
    throw errors.validation(OFFLINE_ACCOUNT_REQUIRED, { receivingAccount: OFFLINE_ACCOUNT_REQUIRED });
  }
  await client.query(
    `UPDATE deposit_methods SET enabled = $2, min_amount = $3, max_amount = $4, recommended_amounts = $5::bigint[], integer_only = $6,
            fee_rate_bp = $7, fee_fixed = $8, stake_multiplier_bp = $9, sort_order = $10, receiving_bank = $11, receiving_name = $12,
            receiving_account = $13, receiving_branch = $14, updated_at = now()
      WHERE code = $1`,
    [
      code,
      body.enabled,
      body.minAmount,
      body.maxAmount,
      [...body.recommendedAmounts].sort((a, b) => a - b),
      body.integerOnly,
      body.feeRateBp,
      body.feeFixed,
      body.stakeMultiplierBp,
      body.sortOrder,
      body.receivingBank,
      body.receivingName,
      body.receivingAccount,
      body.receivingBranch,
    ],
  );
  const after = await loadMethod(client, code);
  await audit({ action: 'deposit_method.update', targetType: 'deposit_method', targetId: code, before: configOf(row), after: after ? configOf(after) : null });
}

export { configOf as depositMethodConfigOf };
