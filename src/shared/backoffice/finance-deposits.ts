// The back office's deposits (issue 17 item 5): deposit search, the offline confirmation queue
// (confirm with the amount actually received, or reject with a reason the player sees) and the deposit
// method configuration. Paths are relative to /ajax/backoffice. Money is in 0.0001 元; times are ISO strings.
import { z } from 'zod';
import { DEPOSIT_KINDS, DEPOSIT_METHOD_GROUP_CODES, ReceivingAccountSchema, type DepositMethodGroup } from '../api/deposits.ts';
import { PAYMENT_STATUSES } from '../enums.ts';
import type { Money } from '../money.ts';
import { amountProblem, amountRule } from '../validation/amount.ts';
import { calendarDate } from '../validation/calendar-date.ts';
import { requestText } from '../validation/safe-text.ts';
import { reasonText } from './auth.ts';

export const FINANCE_DEPOSIT_PATHS = {
  deposits: '/finance/deposits',
  queue: '/finance/deposit-queue',
  confirm: (id: number) => `/finance/deposits/${id}/confirm`,
  reject: (id: number) => `/finance/deposits/${id}/reject`,
  methods: '/finance/deposit-methods',
  method: (code: string) => `/finance/deposit-methods/${code}`,
} as const;

const page = z.coerce.number({ error: '页码无效' }).int({ error: '页码无效' }).min(1, { error: '页码无效' }).max(100_000, { error: '页码无效' }).default(1);
const pageSize = z.coerce.number({ error: '每页条数无效' }).int({ error: '每页条数无效' }).min(1, { error: '每页条数无效' }).max(100, { error: '每页条数无效' }).default(20);
const blankToUndefined = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);
const USERNAME_MESSAGE = '用户名最多 16 位字母、数字或下划线';
const REFERENCE_MESSAGE = '单号格式不正确';

export const DepositSearchQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(PAYMENT_STATUSES, { error: '请选择有效的状态' }).optional()),
  kind: z.preprocess(blankToUndefined, z.enum(DEPOSIT_KINDS, { error: '请选择有效的类型' }).optional()),
  methodCode: z.preprocess(blankToUndefined, z.string().max(32, { error: '请选择有效的充值方式' }).regex(/^[A-Z0-9_]+$/, { error: '请选择有效的充值方式' }).optional()),
  username: z.preprocess(blankToUndefined, requestText({ message: USERNAME_MESSAGE, max: 16 }).regex(/^[A-Za-z0-9_]*$/, { error: USERNAME_MESSAGE }).optional()),
  reference: z.preprocess(blankToUndefined, z.string({ error: REFERENCE_MESSAGE }).max(32, { error: REFERENCE_MESSAGE }).regex(/^[A-Za-z0-9]+$/, { error: REFERENCE_MESSAGE }).optional()),
  /** Beijing dates, both included. */
  from: z.preprocess(blankToUndefined, calendarDate('请选择有效的开始日期').optional()),
  to: z.preprocess(blankToUndefined, calendarDate('请选择有效的结束日期').optional()),
  page,
  pageSize,
});
export type DepositSearchQuery = z.input<typeof DepositSearchQuerySchema>;

export const FinanceDepositSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  customerId: z.number().int(),
  username: z.string(),
  methodCode: z.string(),
  methodName: z.string(),
  kind: z.enum(DEPOSIT_KINDS),
  amount: z.number().int(),
  fee: z.number().int(),
  paidAmount: z.number().int().nullable(),
  creditedAmount: z.number().int().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  statusText: z.string(),
  gatewayCode: z.string().nullable(),
  gatewayPaymentId: z.string().nullable(),
  /** The deposit went through the sandbox gateway (沙箱: no real money). */
  sandbox: z.boolean(),
  payerName: z.string().nullable(),
  receivingAccount: ReceivingAccountSchema.nullable(),
  failureReason: z.string().nullable(),
  note: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  creditedAt: z.string().nullable(),
  /** Finance may still confirm it (offline, not credited, waiting or expired). */
  confirmable: z.boolean(),
});
export type FinanceDeposit = z.infer<typeof FinanceDepositSchema>;

export const FinanceDepositListSchema = z.object({
  items: z.array(FinanceDepositSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type FinanceDepositList = z.infer<typeof FinanceDepositListSchema>;

export const DepositIdParamsSchema = z.object({
  id: z.coerce.number({ error: '充值记录不存在' }).int({ error: '充值记录不存在' }).min(1, { error: '充值记录不存在' }).max(Number.MAX_SAFE_INTEGER, { error: '充值记录不存在' }),
});

export const RECEIVED_AMOUNT_LABEL = '实收金额';
export const ConfirmDepositBodySchema = z.object({
  /** 元 as typed: what actually reached the receiving account (less than ordered: PARTIAL_SUCCESS). */
  receivedAmount: amountRule({ label: RECEIVED_AMOUNT_LABEL, min: 1 }).required,
  note: z.preprocess(blankToUndefined, requestText({ message: '备注最多 200 字', max: 200 }).optional()),
});
export type ConfirmDepositBody = z.input<typeof ConfirmDepositBodySchema>;

/**
 * The rule that needs the deposit's method: finance may confirm at most the method's maximum for one
 * deposit ('实收金额不能高于 {max} 元'); more than ordered up to it is credited in full, like an over-paid
 * gateway deposit (docs/wallet/deposits.md). The message, or null.
 */
export function receivedAmountProblem(received: Money, method: { maxAmount: Money }): string | null {
  return amountProblem(received, { label: RECEIVED_AMOUNT_LABEL, max: method.maxAmount });
}

export const RejectDepositBodySchema = z.object({ reason: reasonText });
export type RejectDepositBody = z.input<typeof RejectDepositBodySchema>;

export const DepositActionResultSchema = z.object({ deposit: FinanceDepositSchema });

export const DEPOSIT_ALREADY_HANDLED = '该充值已处理，请刷新后查看';

// ── Method configuration ─────────────────────────────────────────────────────────────────────────

export const DepositMethodConfigSchema = z.object({
  code: z.string(),
  name: z.string(),
  group: z.enum(DEPOSIT_METHOD_GROUP_CODES as [DepositMethodGroup, ...DepositMethodGroup[]]),
  kind: z.enum(DEPOSIT_KINDS),
  enabled: z.boolean(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  recommendedAmounts: z.array(z.number().int()),
  integerOnly: z.boolean(),
  feeRateBp: z.number().int(),
  feeFixed: z.number().int(),
  stakeMultiplierBp: z.number().int(),
  sortOrder: z.number().int(),
  receivingBank: z.string().nullable(),
  receivingName: z.string().nullable(),
  receivingAccount: z.string().nullable(),
  receivingBranch: z.string().nullable(),
  updatedAt: z.string(),
});
export type DepositMethodConfig = z.infer<typeof DepositMethodConfigSchema>;

export const DepositMethodConfigListSchema = z.object({
  methods: z.array(DepositMethodConfigSchema),
  gateway: z.object({ code: z.string(), label: z.string(), sandbox: z.boolean() }),
});
export type DepositMethodConfigList = z.infer<typeof DepositMethodConfigListSchema>;

export const DepositMethodParamsSchema = z.object({ code: z.string().max(32).regex(/^[A-Z0-9_]+$/, { error: '充值方式不存在' }) });

const moneyField = (message: string) => z.number({ error: message }).int({ error: message });
/** Blank or left out: none (PUT replaces the method's whole configuration). */
const optionalText = (message: string) =>
  z.preprocess((v) => (v === undefined ? null : typeof v === 'string' ? v.trim() || null : v), requestText({ message, max: 64 }).nullable());

export const MAX_RECOMMENDED_AMOUNTS = 12;

export const UpdateDepositMethodSchema = z
  .object({
    enabled: z.boolean({ error: '请选择是否启用' }),
    minAmount: moneyField('请输入有效的最低金额').min(1, { error: '最低金额必须大于 0' }),
    maxAmount: moneyField('请输入有效的最高金额').max(1_000_000_000_000, { error: '最高金额过大' }),
    recommendedAmounts: z.array(moneyField('请输入有效的推荐金额'), { error: '请输入有效的推荐金额' }).max(MAX_RECOMMENDED_AMOUNTS, { error: `推荐金额最多 ${MAX_RECOMMENDED_AMOUNTS} 个` }),
    integerOnly: z.boolean({ error: '请选择是否只收整数金额' }),
    feeRateBp: z.number({ error: '请输入有效的手续费率' }).int({ error: '请输入有效的手续费率' }).min(0, { error: '手续费率必须在 0%~100% 之间' }).max(10_000, { error: '手续费率必须在 0%~100% 之间' }),
    feeFixed: moneyField('请输入有效的固定手续费').min(0, { error: '固定手续费不能为负数' }),
    stakeMultiplierBp: z.number({ error: '请输入有效的打码倍数' }).int({ error: '请输入有效的打码倍数' }).min(0, { error: '打码倍数必须在 0~100 之间' }).max(1_000_000, { error: '打码倍数必须在 0~100 之间' }),
    sortOrder: z.number({ error: '请输入有效的排序' }).int({ error: '请输入有效的排序' }).min(0, { error: '请输入有效的排序' }).max(100_000, { error: '请输入有效的排序' }),
    receivingBank: optionalText('收款银行最多 64 字'),
    receivingName: optionalText('收款户名最多 64 字'),
    receivingAccount: optionalText('收款账号最多 64 字'),
    receivingBranch: optionalText('开户支行最多 64 字'),
  })
  .superRefine((body, context) => {
    if (body.maxAmount < body.minAmount) context.addIssue({ code: 'custom', path: ['maxAmount'], message: '最高金额不能低于最低金额' });
    if (body.recommendedAmounts.some((amount) => amount < body.minAmount || amount > body.maxAmount)) {
      context.addIssue({ code: 'custom', path: ['recommendedAmounts'], message: '推荐金额必须在最低与最高金额之间' });
    }
    if (new Set(body.recommendedAmounts).size !== body.recommendedAmounts.length) {
      context.addIssue({ code: 'custom', path: ['recommendedAmounts'], message: '推荐金额不能重复' });
    }
    if (body.integerOnly && [body.minAmount, body.maxAmount, ...body.recommendedAmounts].some((amount) => amount % 10_000 !== 0)) {
      context.addIssue({ code: 'custom', path: ['integerOnly'], message: '只收整数金额时，限额与推荐金额必须为整数元' });
    }
  });
export type UpdateDepositMethod = z.input<typeof UpdateDepositMethodSchema>;

export const OFFLINE_ACCOUNT_REQUIRED = '线下充值方式启用前需填写收款户名和账号';
