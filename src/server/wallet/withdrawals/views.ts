// What the player sees of withdrawals: the request, its history (spec §9: 30 days) and the page's
// configuration (limits, what is used today, fee, required stake).
import type pg from 'pg';
import type { HistoryQuery, Withdrawal, WithdrawalConfig, WithdrawalHistory } from '../../../shared/api/withdrawals.ts';
import { PAYMENT_STATUS_TEXT } from '../../../shared/wallet/payment-status.ts';
import { playerBalance } from '../ledger.ts';
import { readRequiredStake } from '../required-stake.ts';
import { payoutAccountLabel, type PayoutAccountRow } from './labels.ts';
import { hasMoneyPassword } from './money-password.ts';
import { usedToday } from './request.ts';
import { loadCustomerWithdrawalSettings } from './settings.ts';
import { CANCELLABLE, type WithdrawalRow } from './store.ts';

export const HISTORY_DAYS = 30;

type LabelledRow = WithdrawalRow & Pick<PayoutAccountRow, 'account' | 'last4' | 'bank_code' | 'protocol' | 'wallet_name'>;

export const SELECT_LABELLED = `SELECT w.*, p.account, p.last4, p.bank_code, p.protocol, p.wallet_name
  FROM withdrawals w JOIN payout_accounts p ON p.id = w.payout_account_id`;

export function toWithdrawal(row: LabelledRow): Withdrawal {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    payoutAccountLabel: payoutAccountLabel(row),
    amount: row.amount,
    fee: row.fee,
    netAmount: row.net_amount,
    status: row.status,
    statusText: PAYMENT_STATUS_TEXT[row.status],
    reason: row.reason,
    cancellable: CANCELLABLE.includes(row.status),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

export async function playerWithdrawal(db: pg.Pool, customerId: number, id: number): Promise<Withdrawal | null> {
  const found = await db.query<LabelledRow>(`${SELECT_LABELLED} WHERE w.id = $1 AND w.customer_id = $2`, [id, customerId]);
  return found.rows[0] ? toWithdrawal(found.rows[0]) : null;
}

/** The Beijing calendar date `days` before today, YYYY-MM-DD. */
function beijingDate(daysAgo: number, now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

export async function withdrawalHistory(db: pg.Pool, customerId: number, query: HistoryQuery): Promise<WithdrawalHistory> {
  const earliest = beijingDate(HISTORY_DAYS - 1);
  const from = query.from && query.from > earliest ? query.from : earliest;
  const to = query.to ?? beijingDate(0);
  const status = query.status === 'CANCELED' ? 'CANCELLED' : (query.status ?? null);
  const where = `WHERE w.customer_id = $1 AND ($2::text IS NULL OR w.status = $2)
    AND w.created_at >= ($3::date::timestamp AT TIME ZONE 'Asia/Shanghai')
    AND w.created_at < (($4::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`;
  const params = [customerId, status, from, to];
  const [rows, total] = await Promise.all([
    db.query<LabelledRow>(`${SELECT_LABELLED} ${where} ORDER BY w.id DESC LIMIT $5 OFFSET $6`, [
      ...params,
      query.pageSize,
      (query.page - 1) * query.pageSize,
    ]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals w ${where}`, params),
  ]);
  return { items: rows.rows.map(toWithdrawal), total: total.rows[0]!.n, page: query.page, pageSize: query.pageSize };
}

/** What is left of the required stake, read only (a GET changes nothing; the request itself saves the count). */
export async function requiredStakeRemaining(db: pg.Pool, customerId: number): Promise<number> {
  return (await readRequiredStake(db, customerId)).remaining;
}

/** `payoutAmountStep`: the payout gateway's amount step (PaymentGateway.amountStep), for the fee preview. */
export async function withdrawalConfig(pool: pg.Pool, customerId: number, payoutAmountStep = 1): Promise<WithdrawalConfig> {
  const [settings, stakeRemaining, balance, today, moneyPassword] = await Promise.all([
    loadCustomerWithdrawalSettings(pool, customerId),
    requiredStakeRemaining(pool, customerId),
    playerBalance(pool, customerId),
    usedToday(pool, customerId),
    hasMoneyPassword(pool, customerId),
  ]);
  return {
    balance,
    minAmount: settings.minAmount,
    maxAmount: settings.maxAmount,
    dailyCountLimit: settings.dailyCountLimit,
    dailyAmountLimit: settings.dailyAmountLimit,
    usedToday: today,
    feeRateBp: settings.feeRateBp,
    feeMin: settings.feeMin,
    payoutAmountStep,
    requiredStakeRemaining: stakeRemaining,
    hasMoneyPassword: moneyPassword,
    enabledKinds: settings.enabledKinds,
  };
}
