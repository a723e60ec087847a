// The 提现设置 form holds amounts as 元 text and the rest as whole numbers; this turns it into the
// settings the server checks (shared schema, its Chinese messages) and back.
import { PAYOUT_KINDS, type PayoutKind } from '../../../shared/api/withdrawals.ts';
import { WithdrawalSettingsSchema, withdrawalSettingsProblem, type WithdrawalSettings } from '../../../shared/backoffice/finance-withdrawals.ts';
import { formatAmountPlain, readAmount } from '../../../shared/validation/amount-text.ts';
import { fieldErrorsFromIssues } from '../../../shared/validation/errors.ts';

export const MONEY_FIELDS = ['minAmount', 'maxAmount', 'dailyAmountLimit', 'feeMin', 'auditAmountThreshold', 'largeAmountThreshold'] as const;
export const COUNT_FIELDS = ['dailyCountLimit', 'feeRateBp', 'newAccountHours', 'winRatioBp', 'maxAccountsPerKind'] as const;
type MoneyField = (typeof MONEY_FIELDS)[number];
type CountField = (typeof COUNT_FIELDS)[number];

export type SettingsValues = Record<MoneyField | CountField, string> & { enabledKinds: PayoutKind[] };

export const FIELD_LABELS: Record<MoneyField | CountField, string> = {
  minAmount: '单笔最低（元）',
  maxAmount: '单笔最高（元）',
  dailyAmountLimit: '每日提现额度（元）',
  feeMin: '最低手续费（元）',
  auditAmountThreshold: '人工审核金额（元，达到即转人工）',
  largeAmountThreshold: '大额金额（元，达到须二次审批）',
  dailyCountLimit: '每日提现次数',
  feeRateBp: '手续费率（基点，100 = 1%）',
  newAccountHours: '新收款账户时长（小时）',
  winRatioBp: '盈利比例（基点，10000 = 1 倍首充）',
  maxAccountsPerKind: '每种方式最多绑定账户数',
};

export function toValues(settings: WithdrawalSettings): SettingsValues {
  const values = { enabledKinds: [...settings.enabledKinds] } as SettingsValues;
  for (const field of MONEY_FIELDS) values[field] = formatAmountPlain(settings[field]);
  for (const field of COUNT_FIELDS) values[field] = String(settings[field]);
  return values;
}

/**
 * The settings, or the first message per field. Unreadable numbers reach the schema as NaN and get its
 * message; readable settings then pass the shared cross-field rules (withdrawalSettingsProblem).
 */
export function fromValues(values: SettingsValues): { settings: WithdrawalSettings } | { errors: Record<string, string> } {
  const raw: Record<string, unknown> = { enabledKinds: PAYOUT_KINDS.filter((kind) => values.enabledKinds.includes(kind)) };
  for (const field of MONEY_FIELDS) raw[field] = readAmount(values[field].trim()) ?? Number.NaN;
  for (const field of COUNT_FIELDS) raw[field] = /^\d+$/.test(values[field].trim()) ? Number(values[field].trim()) : Number.NaN;
  const parsed = WithdrawalSettingsSchema.safeParse(raw);
  if (!parsed.success) return { errors: fieldErrorsFromIssues(parsed.error.issues) };
  // The cross-field rules the server applies too (its 400 names the same field and message).
  const problem = withdrawalSettingsProblem(parsed.data);
  return problem ? { errors: { [problem.field]: problem.message } } : { settings: parsed.data };
}
