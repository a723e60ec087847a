// The operator's withdrawal rules: one row (drizzle/0023_withdrawals.sql), read on every request and
// changed from the back office (财务 → 提现设置).
import type { PayoutKind } from '../../../shared/api/withdrawals.ts';
import type { WithdrawalSettings } from '../../../shared/backoffice/finance-withdrawals.ts';
import type { Queryable } from '../../db/pool.ts';
import { vipWithdrawalLimits } from '../../vip/levels.ts';

interface SettingsRow {
  min_amount: number;
  max_amount: number;
  daily_count_limit: number;
  daily_amount_limit: number;
  fee_rate_bp: number;
  fee_min: number;
  audit_amount_threshold: number;
  large_amount_threshold: number;
  new_account_hours: number;
  win_ratio_bp: number;
  max_accounts_per_kind: number;
  enabled_kinds: PayoutKind[];
}

function fromRow(row: SettingsRow): WithdrawalSettings {
  return {
    minAmount: row.min_amount,
    maxAmount: row.max_amount,
    dailyCountLimit: row.daily_count_limit,
    dailyAmountLimit: row.daily_amount_limit,
    feeRateBp: row.fee_rate_bp,
    feeMin: row.fee_min,
    auditAmountThreshold: row.audit_amount_threshold,
    largeAmountThreshold: row.large_amount_threshold,
    newAccountHours: row.new_account_hours,
    winRatioBp: row.win_ratio_bp,
    maxAccountsPerKind: row.max_accounts_per_kind,
    enabledKinds: row.enabled_kinds,
  };
}

export async function loadWithdrawalSettings(db: Queryable): Promise<WithdrawalSettings> {
  const found = await db.query<SettingsRow>('SELECT * FROM withdrawal_settings WHERE id = 1');
  return fromRow(found.rows[0]!);
}

/** The settings for one customer: the daily limits of their VIP level where the programme sets them. */
export async function loadCustomerWithdrawalSettings(db: Queryable, customerId: number): Promise<WithdrawalSettings> {
  const settings = await loadWithdrawalSettings(db);
  const vip = await vipWithdrawalLimits(db, customerId);
  return { ...settings, dailyCountLimit: vip.count ?? settings.dailyCountLimit, dailyAmountLimit: vip.amount ?? settings.dailyAmountLimit };
}

export async function saveWithdrawalSettings(db: Queryable, settings: WithdrawalSettings): Promise<WithdrawalSettings> {
  const saved = await db.query<SettingsRow>(
    `UPDATE withdrawal_settings SET min_amount = $1, max_amount = $2, daily_count_limit = $3, daily_amount_limit = $4,
            fee_rate_bp = $5, fee_min = $6, audit_amount_threshold = $7, large_amount_threshold = $8, new_account_hours = $9,
            win_ratio_bp = $10, max_accounts_per_kind = $11, enabled_kinds = $12::text[], updated_at = now()
      WHERE id = 1 RETURNING *`,
    [
      settings.minAmount,
      settings.maxAmount,
      settings.dailyCountLimit,
      settings.dailyAmountLimit,
      settings.feeRateBp,
      settings.feeMin,
      settings.auditAmountThreshold,
      settings.largeAmountThreshold,
      settings.newAccountHours,
      settings.winRatioBp,
      settings.maxAccountsPerKind,
      settings.enabledKinds,
    ],
  );
  return fromRow(saved.rows[0]!);
}
