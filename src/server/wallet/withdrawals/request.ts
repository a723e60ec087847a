// A player's withdrawal request (issue 17 item 4). Every check that depends on the player's other
// requests (daily count and amount, balance, the client key) runs in one transaction under the
// customer's lock, and the hold is a WPEND pending transfer in that same transaction: two requests on
// one balance can never both pass the balance check.
import type pg from 'pg';
import type { WithdrawalRequest } from '../../../shared/api/withdrawals.ts';
import { PAYOUT_KIND_NAMES, withdrawalAmountRule, withdrawalFee, type WithdrawalFeeRule } from '../../../shared/api/withdrawals.ts';
import type { Money } from '../../../shared/money.ts';
import { formatAmountPlain } from '../../../shared/validation/amount-text.ts';
import { amountProblem } from '../../../shared/validation/amount.ts';
import { fieldError } from '../../accounts/validation.ts';
import { withTransaction } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { refreshRequiredStake } from '../required-stake.ts';
import { lockCustomerWallet } from './customer-lock.ts';
import { holdWithdrawal } from './ledger-steps.ts';
import { confirmMoneyPassword } from './money-password.ts';
import { payoutAccountOf } from './payout-accounts.ts';
import { loadCustomerWithdrawalSettings } from './settings.ts';
import { recordEvent, type WithdrawalRow } from './store.ts';

const AMOUNT_LABEL = withdrawalAmountRule.label;

/** Today's requests that still hold or took money (returned ones do not count), Beijing day. */
export async function usedToday(db: pg.PoolClient | pg.Pool, customerId: number): Promise<{ count: number; amount: number }> {
  const found = await db.query<{ count: number; amount: number }>(
    `SELECT count(*)::int AS count, coalesce(sum(amount), 0)::bigint AS amount FROM withdrawals
      WHERE customer_id = $1 AND status NOT IN ('FAILED', 'AUDIT_NOT_PASSED', 'CANCELLED')
        AND created_at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`,
    [customerId],
  );
  return found.rows[0]!;
}

export const stakeMessage = (remaining: number) => `还需完成 ¥${formatAmountPlain(remaining)} 打码量才能提现`;

export interface RequestedWithdrawal {
  row: WithdrawalRow;
  /** The client key was used before: this is the earlier request, nothing new happened. */
  replayed: boolean;
}

export interface PayoutPrecision {
  /** The payout gateway's amount step (PaymentGateway.amountStep): 100 when it counts in 分. Default 1. */
  amountStep?: Money;
}

export async function requestWithdrawal(
  pool: pg.Pool,
  customerId: number,
  body: WithdrawalRequest,
  precision: PayoutPrecision = {},
): Promise<RequestedWithdrawal> {
  await confirmMoneyPassword(pool, customerId, body.moneyPassword);
  return placeWithdrawal(pool, customerId, body, precision);
}

/**
 * The fee of a request: the configured fee, plus whatever of the net amount the payout gateway cannot
 * carry (the sub-分 remainder for a gateway counting in 分), so the net amount paid out is always a
 * multiple of its step (shared withdrawalFee, the rule the player's preview uses too). The player is
 * charged exactly the amount asked for.
 */
export function requestFee(amount: Money, settings: Pick<WithdrawalFeeRule, 'feeRateBp' | 'feeMin'>, amountStep: Money = 1): Money {
  return withdrawalFee(amount, { feeRateBp: settings.feeRateBp, feeMin: settings.feeMin, amountStep });
}

/** The request once the money password is confirmed: every check and the hold, in one locked transaction. */
export async function placeWithdrawal(
  pool: pg.Pool,
  customerId: number,
  body: Omit<WithdrawalRequest, 'moneyPassword'>,
  precision: PayoutPrecision = {},
): Promise<RequestedWithdrawal> {
  return withTransaction(pool, async (client) => {
    await lockCustomerWallet(client, customerId);
    const earlier = await client.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE customer_id = $1 AND client_key = $2', [
      customerId,
      body.clientKey,
    ]);
    if (earlier.rows[0]) return { row: earlier.rows[0], replayed: true };

    const settings = await loadCustomerWithdrawalSettings(client, customerId);
    const account = await payoutAccountOf(client, customerId, body.payoutAccountId);
    if (!account) throw fieldError('payoutAccountId', '请选择收款账户');
    if (!settings.enabledKinds.includes(account.kind)) throw errors.conflict(`暂不支持${PAYOUT_KIND_NAMES[account.kind]}提现`);

    const problem = amountProblem(body.amount, { label: AMOUNT_LABEL, min: settings.minAmount, max: settings.maxAmount });
    if (problem) throw fieldError('amount', problem);

    const stake = await refreshRequiredStake(client, customerId);
    if (stake.remaining > 0) throw errors.conflict(stakeMessage(stake.remaining));

    const today = await usedToday(client, customerId);
    if (today.count >= settings.dailyCountLimit) throw errors.conflict(`今日提现次数已达上限（${settings.dailyCountLimit} 次）`);
    if (today.amount + body.amount > settings.dailyAmountLimit) {
      const left = Math.max(0, settings.dailyAmountLimit - today.amount);
      throw errors.conflict(`超出今日提现额度，今日还可提现 ¥${formatAmountPlain(left)}`);
    }

    const fee = requestFee(body.amount, settings, precision.amountStep);
    if (fee >= body.amount) throw fieldError('amount', `${AMOUNT_LABEL}须大于手续费 ¥${formatAmountPlain(fee)}`);

    const inserted = await client.query<WithdrawalRow>(
      `WITH next AS (SELECT nextval(pg_get_serial_sequence('withdrawals', 'id')) AS id)
       INSERT INTO withdrawals (id, reference, customer_id, payout_account_id, kind, amount, fee, net_amount, status, client_key)
       SELECT next.id, 'W' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(next.id::text, 8, '0'),
              $1, $2, $3, $4, $5, $6, 'PENDING', $7
         FROM next RETURNING *`,
      [customerId, account.id, account.kind, body.amount, fee, body.amount - fee, body.clientKey],
    );
    const row = inserted.rows[0]!;
    // The ledger refuses a hold larger than the balance (余额不足), rolling the request back with it.
    const pendingTransferId = await holdWithdrawal(client, row);
    await client.query('UPDATE withdrawals SET pending_transfer_id = $2 WHERE id = $1', [row.id, pendingTransferId]);
    await recordEvent(client, row.id, '申请', null, null);
    return { row: { ...row, pending_transfer_id: pendingTransferId }, replayed: false };
  });
}
