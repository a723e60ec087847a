// Deposits (issue 17 item 2, docs/wallet/deposits.md): paths and bodies shared by the PWA and the
// server. Amounts are integers of 0.0001 元; times are ISO strings. The amount rule of a method is
// spec §5's (shared/validation/amount.ts), built from the method's own limits on both sides.
import { z } from 'zod';
import { PAYMENT_STATUSES, DEPOSIT_METHOD_CODES, type DepositMethod } from '../enums.ts';
import type { Money } from '../money.ts';
import { amountProblem, amountRule, type AmountRuleOptions } from '../validation/amount.ts';
import { calendarDate } from '../validation/calendar-date.ts';
import { optionalForm, type FieldRule } from '../validation/field-rule.ts';
import { realNameRule } from '../validation/real-name.ts';

export const DEPOSIT_PATHS = {
  methods: '/ajax/wallet/deposit/methods',
  /** POST creates a deposit (the deposit guard and the trial rule apply to everything under it). */
  deposit: '/ajax/wallet/deposit',
  one: (id: number | string) => `/ajax/wallet/deposit/${id}`,
  history: '/ajax/wallet/deposit-history',
} as const;

export const DEPOSIT_METHOD_GROUPS = {
  BANK: '银行卡',
  ALIPAY: '支付宝',
  WECHAT: '微信',
  QQ: 'QQ钱包',
  WALLET: '电子钱包',
  CRYPTO: '虚拟币',
  CARD: '点卡',
  DIGITAL_RMB: '数字人民币',
} as const;
export type DepositMethodGroup = keyof typeof DEPOSIT_METHOD_GROUPS;
export const DEPOSIT_METHOD_GROUP_CODES = Object.keys(DEPOSIT_METHOD_GROUPS) as DepositMethodGroup[];

export const DEPOSIT_KINDS = ['ONLINE', 'OFFLINE'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

export const DEPOSIT_AMOUNT_LABEL = '充值金额';

export const DepositMethodSchema = z.object({
  code: z.enum(DEPOSIT_METHOD_CODES as [DepositMethod, ...DepositMethod[]]),
  name: z.string(),
  group: z.enum(DEPOSIT_METHOD_GROUP_CODES as [DepositMethodGroup, ...DepositMethodGroup[]]),
  kind: z.enum(DEPOSIT_KINDS),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  recommendedAmounts: z.array(z.number().int()),
  integerOnly: z.boolean(),
  /** Fee = feeFixed + amount × feeRateBp / 10000 (floored), never more than the amount; kept by the house. */
  feeRateBp: z.number().int(),
  feeFixed: z.number().int(),
  /**
   * Online methods whose gateway counts in 分: the amount must be whole 分 (at most 2 decimals), else
   * FEN_ONLY_MESSAGE — checked by the shared rule on both sides. Absent: any amount of 0.0001 元.
   */
  fenOnly: z.boolean().optional(),
});
export type DepositMethodView = z.infer<typeof DepositMethodSchema>;

export const DepositMethodListSchema = z.object({
  methods: z.array(DepositMethodSchema),
  /** True when online methods go through the built-in sandbox gateway (沙箱: no real money). */
  sandbox: z.boolean(),
});
export type DepositMethodList = z.infer<typeof DepositMethodListSchema>;

type AmountLimits = Pick<DepositMethodView, 'minAmount' | 'maxAmount' | 'recommendedAmounts' | 'integerOnly' | 'fenOnly'>;

/** A method whose gateway counts in 分, for an amount with digits below 1 分. */
export const FEN_ONLY_MESSAGE = '该支付方式仅支持精确到分的金额';
/** 1 分 in Money. */
const FEN: Money = 100;

export function depositAmountOptions(method: AmountLimits): AmountRuleOptions {
  return {
    label: DEPOSIT_AMOUNT_LABEL,
    min: method.minAmount,
    max: method.maxAmount,
    recommended: method.recommendedAmounts,
    integerOnly: method.integerOnly,
  };
}

/**
 * The spec §5 amount field of one method: '请输入有效的充值金额', '…必须为整数', bounds, recommended amounts,
 * then whole 分 for a `fenOnly` method (FEN_ONLY_MESSAGE).
 */
export function depositAmountRule(method: AmountLimits): FieldRule<Money> {
  const base = amountRule(depositAmountOptions(method));
  if (!method.fenOnly) return base;
  const required = z.unknown().transform((input, context): Money => {
    const parsed = base.required.safeParse(input);
    const message = parsed.success ? (parsed.data % FEN === 0 ? null : FEN_ONLY_MESSAGE) : (parsed.error.issues[0]?.message ?? '');
    if (message === null) return parsed.data!;
    context.issues.push({ code: 'custom', message, input });
    return z.NEVER;
  });
  return { label: base.label, required, optional: optionalForm(required) };
}

/** The first problem of an already-parsed amount for a method, or null (the server's check). */
export function depositAmountProblem(amount: Money, method: AmountLimits): string | null {
  const problem = amountProblem(amount, depositAmountOptions(method));
  if (problem !== null) return problem;
  return method.fenOnly && amount % FEN !== 0 ? FEN_ONLY_MESSAGE : null;
}

/** The fee a method charges on an amount (0.0001 元, floored), never more than the amount. */
export function depositFee(amount: Money, method: Pick<DepositMethodView, 'feeRateBp' | 'feeFixed'>): Money {
  if (amount <= 0) return 0;
  return Math.min(amount, method.feeFixed + Math.floor((amount * method.feeRateBp) / 10_000));
}

/** The generic amount check of the body ('请输入有效的充值金额'); the method's own rule follows on the server. */
const bodyAmount = amountRule({ label: DEPOSIT_AMOUNT_LABEL });
export const PAYER_NAME_LABEL = '付款人姓名';
const payerName = realNameRule(PAYER_NAME_LABEL);

export const CreateDepositSchema = z.object({
  methodCode: z.enum(DEPOSIT_METHOD_CODES as [DepositMethod, ...DepositMethod[]], { error: '请选择充值方式' }),
  /** 元 as the player typed it (text or a number); parsed to Money. */
  amount: bodyAmount.required,
  /** Offline methods: the name on the paying account, so finance can match the transfer. */
  payerName: payerName.optional,
  /** The client's idempotency key: a retried request never creates a second deposit. */
  clientKey: z.string({ error: '请求无效，请刷新后重试' }).uuid({ error: '请求无效，请刷新后重试' }),
});
export type CreateDeposit = z.input<typeof CreateDepositSchema>;

export const ReceivingAccountSchema = z.object({
  bank: z.string().nullable(),
  name: z.string().nullable(),
  account: z.string().nullable(),
  branch: z.string().nullable(),
});
export type ReceivingAccount = z.infer<typeof ReceivingAccountSchema>;

export const DepositSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  methodCode: z.string(),
  methodName: z.string(),
  kind: z.enum(DEPOSIT_KINDS),
  amount: z.number().int(),
  fee: z.number().int(),
  paidAmount: z.number().int().nullable(),
  creditedAmount: z.number().int().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  statusText: z.string(),
  /** Online: the gateway's cashier page (null while the gateway has not answered). */
  cashierUrl: z.string().nullable(),
  /** Offline: where to transfer the money; write `reference` in the transfer's note. */
  receivingAccount: ReceivingAccountSchema.nullable(),
  payerName: z.string().nullable(),
  failureReason: z.string().nullable(),
  sandbox: z.boolean(),
  expiresAt: z.string(),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof DepositSchema>;

const PAGE_MESSAGE = '页码必须为正整数';

export const DepositHistoryQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES, { error: '请选择有效的状态' }).optional(),
  /** Beijing dates, both included, inside spec §9's 30 days. */
  from: calendarDate('请选择有效的开始日期').optional(),
  to: calendarDate('请选择有效的结束日期').optional(),
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(10_000, '页码过大').default(1),
  pageSize: z.coerce.number({ error: '每页条数无效' }).int('每页条数无效').min(1, '每页条数无效').max(100, '每页最多100条').default(20),
});
export type DepositHistoryQuery = z.input<typeof DepositHistoryQuerySchema>;

export const DepositHistorySchema = z.object({
  items: z.array(DepositSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  from: z.string(),
  to: z.string(),
});
export type DepositHistory = z.infer<typeof DepositHistorySchema>;

export function depositHistoryPath(query: DepositHistoryQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.from) params.set('from', String(query.from));
  if (query.to) params.set('to', String(query.to));
  if (query.page !== undefined && Number(query.page) !== 1) params.set('page', String(query.page));
  if (query.pageSize !== undefined && Number(query.pageSize) !== 20) params.set('pageSize', String(query.pageSize));
  const search = params.toString();
  return search ? `${DEPOSIT_PATHS.history}?${search}` : DEPOSIT_PATHS.history;
}

/** The player-facing message when the gateway cannot take a payment (the deposit ends FAILED). */
export const GATEWAY_UNAVAILABLE_MESSAGE = '支付通道暂时不可用，请稍后再试或选择其他方式';
/** The gateway took the request but its answer was lost: the deposit stays 待支付 until it is resolved. */
export const GATEWAY_IN_DOUBT_MESSAGE = '支付通道响应超时，订单处理中，请稍后在充值记录中查看';
export const METHOD_UNAVAILABLE_MESSAGE = '该充值方式暂不可用，请选择其他方式';
