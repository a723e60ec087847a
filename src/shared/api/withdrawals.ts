// Payout accounts and withdrawals (issue 17 items 3 and 4): paths and bodies shared by the PWA and the
// server. Amounts are integers of 0.0001 元. Field rules are spec §5's (shared/validation).
import { z } from 'zod';
import { BANKS, PAYMENT_STATUSES, USDT_PROTOCOLS, type UsdtProtocol } from '../enums.ts';
import { rules } from '../validation/rules.ts';
import { realNameRule } from '../validation/real-name.ts';
import { amountRule } from '../validation/amount.ts';
import { textRule, matches } from '../validation/field-rule.ts';
import { scaleMoney, type Money } from '../money.ts';

/** What decides a withdrawal's fee: the operator's fee settings and the payout gateway's amount step. */
export interface WithdrawalFeeRule {
  feeRateBp: number;
  feeMin: Money;
  /** 100 for a gateway counting in 分; default 1. */
  amountStep?: Money;
}

/**
 * The fee of a withdrawal of `amount`, the one rule of the player's preview and of the server:
 * max(feeMin, amount × feeRateBp / 10000) floored to 0.0001 元 (nothing when both are 0), plus whatever
 * of the net amount the payout gateway cannot carry, so the net amount paid out is a multiple of its step.
 */
export function withdrawalFee(amount: Money, rule: WithdrawalFeeRule): Money {
  if (amount <= 0) return 0;
  const base = rule.feeRateBp === 0 && rule.feeMin === 0 ? 0 : Math.max(rule.feeMin, scaleMoney(amount, rule.feeRateBp, 10_000));
  const net = amount - base;
  return net > 0 ? base + (net % (rule.amountStep ?? 1)) : base;
}

export const WITHDRAWAL_PATHS = {
  payoutAccounts: '/ajax/wallet/payout-accounts',
  withdrawalConfig: '/ajax/wallet/withdrawal/config',
  withdrawal: '/ajax/wallet/withdrawal',
  withdrawalCancel: (id: number | string) => `/ajax/wallet/withdrawal/${id}/cancel`,
  withdrawalHistory: '/ajax/wallet/withdrawal-history',
} as const;

export const PAYOUT_KINDS = ['BANK', 'USDT', 'ALIPAY', 'TO_PAY', 'WECHAT', 'DIGITAL_RMB'] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];

/** The tabs of /wallet/withdrawal/{tab} (spec §2.1), in the spec's order. */
export const WITHDRAWAL_TABS = {
  bank: 'BANK',
  usdt: 'USDT',
  alipay: 'ALIPAY',
  'to-pay': 'TO_PAY',
  wechat: 'WECHAT',
  'digital-rmb': 'DIGITAL_RMB',
} as const satisfies Record<string, PayoutKind>;
export type WithdrawalTab = keyof typeof WITHDRAWAL_TABS;

export const PAYOUT_KIND_NAMES: Record<PayoutKind, string> = {
  BANK: '银行卡',
  USDT: 'USDT',
  ALIPAY: '支付宝',
  TO_PAY: 'TOPAY',
  WECHAT: '微信',
  DIGITAL_RMB: '数字人民币',
};

const moneyPassword = textRule({
  label: '资金密码',
  keepWhitespace: true,
  checks: [matches(/^.{5,32}$/su, '密码格式有误')],
});

const wechatAccount = textRule({
  label: '微信号',
  checks: [matches(/^[A-Za-z0-9_-]{6,20}$/, '微信号由 6~20 位字母、数字、_ 或 - 组成')],
});

/** Binding a payout account (item 3). The real name is set with the first account that needs one, then fixed. */
export const BindPayoutAccountSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('BANK'),
    bankCode: z.string().min(1).max(16),
    accountNumber: rules.bankCardAccount.required,
    branch: rules.bankCardBranch.required,
    /** Required while the account has no real name yet; must equal it afterwards. */
    realName: realNameRule('开户人姓名').optional,
    moneyPassword: moneyPassword.required,
  }),
  z.object({
    kind: z.literal('USDT'),
    protocol: z.enum(USDT_PROTOCOLS),
    /** Checked against the protocol's rule (ERC: 0x + 40, TRC: T + 33) on both sides. */
    address: z.string().trim().min(1, '钱包地址不可以为空').max(64, '钱包地址格式有误'),
    moneyPassword: moneyPassword.required,
  }),
  z.object({
    kind: z.literal('ALIPAY'),
    account: rules.alipayAccountName.required,
    realName: realNameRule('支付宝实名').optional,
    moneyPassword: moneyPassword.required,
  }),
  z.object({ kind: z.literal('TO_PAY'), address: rules.toPayAddress.required, moneyPassword: moneyPassword.required }),
  z.object({ kind: z.literal('WECHAT'), account: wechatAccount.required, realName: realNameRule('微信实名').optional, moneyPassword: moneyPassword.required }),
  z.object({
    kind: z.literal('DIGITAL_RMB'),
    walletName: rules.digitalRmbWalletName.required,
    walletAddress: rules.digitalRmbWalletAddress.required,
    moneyPassword: moneyPassword.required,
  }),
]);
export type BindPayoutAccount = z.infer<typeof BindPayoutAccountSchema>;

/** A USDT address against its protocol's rule (spec §5: ERC 0x + 40, TRC T + 33): the message, or null. */
export function usdtAddressProblem(protocol: UsdtProtocol, address: string): string | null {
  const rule = protocol === 'USDT_ERC20' ? rules.usdtErcAddress : rules.usdtTrcAddress;
  const parsed = rule.required.safeParse(address);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '钱包地址格式有误');
}

export const BANK_CODE_MESSAGE = '请选择开户银行';
export function isKnownBankCode(code: string): boolean {
  return BANKS.some((bank) => bank.code === code);
}

/** When no money password is set yet: binding and withdrawing both need one. */
export const NO_MONEY_PASSWORD_MESSAGE = '请先在个人中心设置资金密码';

/** A bound payout account as the player sees it: never the full number or address. */
export const PayoutAccountSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYOUT_KINDS),
  /** e.g. 中国工商银行 **** 1234, USDT-TRC20 T9yD…4kQm, 支付宝 ab***@qq.com */
  label: z.string(),
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  last4: z.string().nullable(),
  branch: z.string().nullable(),
  holderName: z.string().nullable(),
  protocol: z.enum(USDT_PROTOCOLS).nullable(),
  createdAt: z.string(),
});
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;

export const PayoutAccountListSchema = z.object({
  accounts: z.array(PayoutAccountSchema),
  /** The account's fixed real name (masked: 张*三), null until the first binding that sets it. */
  realName: z.string().nullable(),
  /** How many accounts of each kind may be bound. */
  maxPerKind: z.number().int(),
  hasMoneyPassword: z.boolean(),
});
export type PayoutAccountList = z.infer<typeof PayoutAccountListSchema>;

export const WithdrawalConfigSchema = z.object({
  balance: z.number().int(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  dailyCountLimit: z.number().int(),
  dailyAmountLimit: z.number().int(),
  usedToday: z.object({ count: z.number().int(), amount: z.number().int() }),
  /** Fee = max(feeMin, amount × feeRateBp / 10000); 0 when both are 0 (withdrawalFee). */
  feeRateBp: z.number().int(),
  feeMin: z.number().int(),
  /** The payout gateway's amount step (100 when it counts in 分): the sub-step rest of the net amount joins the fee. */
  payoutAmountStep: z.number().int().positive(),
  requiredStakeRemaining: z.number().int(),
  hasMoneyPassword: z.boolean(),
  /** Payout kinds the operator has enabled, in tab order. */
  enabledKinds: z.array(z.enum(PAYOUT_KINDS)),
});
export type WithdrawalConfig = z.infer<typeof WithdrawalConfigSchema>;

export const withdrawalAmountRule = amountRule({ label: '提现金额' });

export const WithdrawalRequestSchema = z.object({
  payoutAccountId: z.number().int().positive(),
  amount: withdrawalAmountRule.required,
  moneyPassword: moneyPassword.required,
  /** The client's idempotency key: a retried request never withdraws twice. */
  clientKey: z.string().uuid(),
});
export type WithdrawalRequest = z.infer<typeof WithdrawalRequestSchema>;

export const WithdrawalSchema = z.object({
  id: z.number().int(),
  /** W + date + number, shown to the player and to finance. */
  reference: z.string(),
  kind: z.enum(PAYOUT_KINDS),
  payoutAccountLabel: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  /** What reaches the payout account: amount − fee. */
  netAmount: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  statusText: z.string(),
  /** The reason finance gave for a rejection (AUDIT_NOT_PASSED) or the payout's failure, shown to the player. */
  reason: z.string().nullable(),
  cancellable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

const DATE_MESSAGE = '请选择有效的日期';
/** YYYY-MM-DD that names a real day (2026-02-30 does not). */
const calendarDate = z
  .string({ error: DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_MESSAGE })
  .refine((text) => {
    const day = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text) && text >= '2000-01-01';
  }, { error: DATE_MESSAGE });

export const HistoryQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  /** Beijing calendar dates YYYY-MM-DD; the window is at most the 30 days of spec §9. */
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

export const WithdrawalHistorySchema = z.object({
  items: z.array(WithdrawalSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WithdrawalHistory = z.infer<typeof WithdrawalHistorySchema>;
