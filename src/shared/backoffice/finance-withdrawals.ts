// The back office's withdrawal audit (issue 17 item 5): the queue, claiming, approving (a second
// operator for large amounts), rejecting with a reason the player sees, and the withdrawal settings.
// Paths are relative to /ajax/backoffice. Money is in 0.0001 元; times are ISO strings.
import { z } from 'zod';
import { PAYMENT_STATUSES } from '../enums.ts';
import { PAYOUT_KINDS } from '../api/withdrawals.ts';
import { requestText } from '../validation/safe-text.ts';
import { reasonText } from './auth.ts';

export const FINANCE_WITHDRAWAL_PATHS = {
  queue: '/finance/withdrawals',
  withdrawal: (id: number) => `/finance/withdrawals/${id}`,
  claim: (id: number) => `/finance/withdrawals/${id}/claim`,
  release: (id: number) => `/finance/withdrawals/${id}/release`,
  approve: (id: number) => `/finance/withdrawals/${id}/approve`,
  reject: (id: number) => `/finance/withdrawals/${id}/reject`,
  /** Ask the gateway again about a payout in doubt (normally done by the resolver on its own). */
  recheck: (id: number) => `/finance/withdrawals/${id}/recheck`,
  settings: '/finance/withdrawal-settings',
} as const;

/** The four-eyes kind for withdrawals at or above the large-amount threshold (core/api.ts). */
export const LARGE_WITHDRAWAL_APPROVAL = 'finance.withdrawal.large';

/** Why the automatic audit sent a request to a person (more than one may apply). */
export const AUDIT_FLAGS = ['LARGE_AMOUNT', 'NEW_PAYOUT_ACCOUNT', 'FIRST_WITHDRAWAL', 'HIGH_WIN_RATIO', 'MANY_TODAY', 'SHARED_PAYOUT_ACCOUNT'] as const;
export type AuditFlag = (typeof AUDIT_FLAGS)[number];
export const AUDIT_FLAG_LABELS: Record<AuditFlag, string> = {
  LARGE_AMOUNT: '大额提现',
  NEW_PAYOUT_ACCOUNT: '新绑定收款账户',
  FIRST_WITHDRAWAL: '首次提现',
  HIGH_WIN_RATIO: '盈利比例异常',
  MANY_TODAY: '当日提现次数多',
  SHARED_PAYOUT_ACCOUNT: '收款账户被多人使用',
};

/** Where a payout stands with the gateway. IN_DOUBT: sent, outcome unknown — resolved by querying. */
export const PAYOUT_STATES = ['NOT_SENT', 'SENT', 'IN_DOUBT', 'PAID', 'FAILED'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

const page = z.coerce.number({ error: '页码无效' }).int({ error: '页码无效' }).min(1, { error: '页码无效' }).max(100_000, { error: '页码无效' }).default(1);
const pageSize = z.coerce.number({ error: '每页条数无效' }).int({ error: '每页条数无效' }).min(1, { error: '每页条数无效' }).max(100, { error: '每页条数无效' }).default(20);
const USERNAME_MESSAGE = '用户名最多 16 位字母、数字或下划线';

export const WithdrawalQueueQuerySchema = z.object({
  /** Default: everything a person still has to act on (AUTO_AUDIT_FAILED, AUDITING, WAITING_FOR_AUDIT). */
  status: z.enum(PAYMENT_STATUSES, { error: '请选择有效的状态' }).optional(),
  username: z
    .preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), requestText({ message: USERNAME_MESSAGE, max: 16 }).regex(/^[A-Za-z0-9_]*$/, { error: USERNAME_MESSAGE }).optional()),
  /** Only requests claimed by the signed-in operator. */
  mine: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  page,
  pageSize,
});
export type WithdrawalQueueQuery = z.input<typeof WithdrawalQueueQuerySchema>;

export const WithdrawalQueueItemSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  customerId: z.number().int(),
  username: z.string(),
  kind: z.enum(PAYOUT_KINDS),
  payoutAccountLabel: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  netAmount: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  statusText: z.string(),
  flags: z.array(z.enum(AUDIT_FLAGS)),
  payoutState: z.enum(PAYOUT_STATES),
  claimedBy: z.string().nullable(),
  /** True when approving needs a second operator (amount ≥ the large-amount threshold). */
  needsSecondApprover: z.boolean(),
  createdAt: z.string(),
});
export type WithdrawalQueueItem = z.infer<typeof WithdrawalQueueItemSchema>;

export const WithdrawalQueueSchema = z.object({
  items: z.array(WithdrawalQueueItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WithdrawalQueue = z.infer<typeof WithdrawalQueueSchema>;

export const WithdrawalIdParamsSchema = z.object({
  id: z.coerce.number({ error: '提现单不存在' }).int({ error: '提现单不存在' }).min(1, { error: '提现单不存在' }).max(Number.MAX_SAFE_INTEGER, { error: '提现单不存在' }),
});

export const WithdrawalEventSchema = z.object({
  at: z.string(),
  /** e.g. 申请, 系统审核, 领取, 审核通过, 二次审批, 出款, 出款结果, 取消 */
  action: z.string(),
  by: z.string().nullable(),
  note: z.string().nullable(),
});

export const WithdrawalDetailSchema = WithdrawalQueueItemSchema.extend({
  /** The full payout destination (operators with finance.withdrawals.read only). */
  payoutAccount: z.object({
    kind: z.enum(PAYOUT_KINDS),
    bankName: z.string().nullable(),
    account: z.string(),
    holderName: z.string().nullable(),
    branch: z.string().nullable(),
    boundAt: z.string(),
  }),
  customer: z.object({
    balance: z.number().int(),
    requiredStakeRemaining: z.number().int(),
    depositsTotal: z.number().int(),
    withdrawalsTotal: z.number().int(),
    netWin30Days: z.number().int(),
  }),
  reason: z.string().nullable(),
  gatewayPayoutId: z.string().nullable(),
  /** The gateway the payout went to ('sandbox' for 沙箱支付); absent until it is sent. */
  gateway: z.string().optional(),
  approvalId: z.number().int().nullable(),
  events: z.array(WithdrawalEventSchema),
});
export type WithdrawalDetail = z.infer<typeof WithdrawalDetailSchema>;

/** Approve: the note is for the audit log; for a large amount this files the second-approval request. */
export const ApproveWithdrawalBodySchema = z.object({ reason: reasonText });
/** Reject: `reason` is shown to the player (2–500 characters). */
export const RejectWithdrawalBodySchema = z.object({ reason: reasonText });

export const ApproveWithdrawalResponseSchema = z.object({
  withdrawal: WithdrawalQueueItemSchema,
  /** Set when the amount needs a second operator: the approval request now waiting in the queue. */
  approvalId: z.number().int().nullable(),
});

const money = (message: string) => z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(1_000_000_000_000, { error: message });
const count = (message: string) => z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(1_000, { error: message });

export const WithdrawalSettingsSchema = z.object({
  minAmount: money('最低提现金额无效'),
  maxAmount: money('最高提现金额无效'),
  dailyCountLimit: count('每日提现次数无效'),
  dailyAmountLimit: money('每日提现额度无效'),
  feeRateBp: z.number({ error: '手续费率无效' }).int({ error: '手续费率无效' }).min(0, { error: '手续费率无效' }).max(5_000, { error: '手续费率无效' }),
  feeMin: money('最低手续费无效'),
  /** At or above: the automatic audit sends the request to a person. */
  auditAmountThreshold: money('人工审核金额无效'),
  /** At or above: approving needs a second operator. */
  largeAmountThreshold: money('大额审批金额无效'),
  /** A payout account bound less than this many hours ago sends the request to a person. */
  newAccountHours: z.number({ error: '新账户时长无效' }).int({ error: '新账户时长无效' }).min(0, { error: '新账户时长无效' }).max(24 * 90, { error: '新账户时长无效' }),
  /** Net win since the last deposit above this multiple of that deposit (basis points) is flagged. */
  winRatioBp: z.number({ error: '盈利比例无效' }).int({ error: '盈利比例无效' }).min(0, { error: '盈利比例无效' }).max(10_000_000, { error: '盈利比例无效' }),
  maxAccountsPerKind: z.number({ error: '账户数量上限无效' }).int({ error: '账户数量上限无效' }).min(1, { error: '账户数量上限无效' }).max(20, { error: '账户数量上限无效' }),
  enabledKinds: z.array(z.enum(PAYOUT_KINDS, { error: '请选择有效的提现方式' })).max(PAYOUT_KINDS.length),
});
export type WithdrawalSettings = z.infer<typeof WithdrawalSettingsSchema>;
export const UpdateWithdrawalSettingsBodySchema = z.object({ settings: WithdrawalSettingsSchema, reason: reasonText });

/** The answer to claim, release, reject and recheck: the request as the queue now shows it. */
export const WithdrawalActionResponseSchema = z.object({ withdrawal: WithdrawalQueueItemSchema });
export type WithdrawalActionResponse = z.infer<typeof WithdrawalActionResponseSchema>;

export const AUDIT_ABOVE_LARGE_MESSAGE = '人工审核金额不能高于大额审批金额';

/** Cross-field rules of the settings form (the server applies them too): the first problem, or null. */
export function withdrawalSettingsProblem(settings: WithdrawalSettings): { field: keyof WithdrawalSettings; message: string } | null {
  if (settings.minAmount > settings.maxAmount) return { field: 'minAmount', message: '最低提现金额不能高于最高提现金额' };
  if (settings.maxAmount > settings.dailyAmountLimit) return { field: 'dailyAmountLimit', message: '每日提现额度不能低于最高提现金额' };
  if (settings.feeMin >= settings.minAmount && settings.feeMin > 0) return { field: 'feeMin', message: '最低手续费须低于最低提现金额' };
  // Above the large-amount threshold the automatic audit must stop a request (four-eyes, decisions §10).
  if (settings.auditAmountThreshold > settings.largeAmountThreshold) return { field: 'auditAmountThreshold', message: AUDIT_ABOVE_LARGE_MESSAGE };
  if (new Set(settings.enabledKinds).size !== settings.enabledKinds.length) return { field: 'enabledKinds', message: '提现方式不能重复' };
  return null;
}
