// The agent's team (issue 19 items 4 and 5, docs/agents/team.md): members, their prize groups, their
// orders and wallet records, and the agent's transfers to its direct members. Paths and schemas shared
// by the PWA and the server. Amounts are integers of 0.0001 元.
import { z } from 'zod';
import { prizeGroupSchema } from '../agent/prize-groups.ts';
import { CUSTOMER_TYPES, PAYMENT_STATUSES } from '../enums.ts';
import { yuan } from '../money.ts';
import { amountRule } from '../validation/amount.ts';
import { calendarDate } from '../validation/calendar-date.ts';
import { textRule, matches } from '../validation/field-rule.ts';
import { OrderDetailSchema, OrderListQuerySchema, OrderListSchema, OrderSummarySchema } from './orders.ts';

export const AGENT_TEAM_PATHS = {
  members: '/ajax/agent/members',
  member: (id: number | string) => `/ajax/agent/members/${id}`,
  memberPrizeGroup: (id: number | string) => `/ajax/agent/members/${id}/prize-group`,
  orders: '/ajax/agent/orders',
  order: (orderId: number | string) => `/ajax/agent/orders/${orderId}`,
  walletRecords: '/ajax/agent/wallet/records',
  transferConfig: '/ajax/agent/wallet/transfer-config',
  transfers: '/ajax/agent/transfers',
} as const;

const MEMBER_MESSAGE = '该会员不存在或不在您的团队中';
const PAGE_MESSAGE = '页码无效';

/** An id in a path or a query: a positive safe integer, or the same answer as for a stranger. */
export const MemberIdSchema = z.coerce
  .number({ error: MEMBER_MESSAGE })
  .int({ error: MEMBER_MESSAGE })
  .min(1, { error: MEMBER_MESSAGE })
  .max(Number.MAX_SAFE_INTEGER, { error: MEMBER_MESSAGE });

export const MemberIdParamsSchema = z.object({ id: MemberIdSchema });

const page = z.coerce.number({ error: PAGE_MESSAGE }).int({ error: PAGE_MESSAGE }).min(1, { error: PAGE_MESSAGE }).max(10_000, { error: PAGE_MESSAGE }).default(1);
const pageSize = z.coerce.number({ error: PAGE_MESSAGE }).int({ error: PAGE_MESSAGE }).min(1, { error: PAGE_MESSAGE }).max(100, { error: PAGE_MESSAGE }).default(20);

const USERNAME_SEARCH_MESSAGE = '用户名只能包含字母、数字和下划线';
/** A username or its beginning (spec §5 username alphabet); blank means no filter. */
export const UsernameSearchSchema = z
  .string({ error: USERNAME_SEARCH_MESSAGE })
  .trim()
  .max(16, { error: '用户名最多 16 个字符' })
  .regex(/^[A-Za-z0-9_]*$/, { error: USERNAME_SEARCH_MESSAGE })
  .transform((text) => (text === '' ? undefined : text))
  .optional();

export const MEMBER_SCOPES = ['direct', 'all'] as const;
export type MemberScope = (typeof MEMBER_SCOPES)[number];

export const MemberListQuerySchema = z.object({
  /** direct: members one level below the root; all: every level below it. */
  scope: z.enum(MEMBER_SCOPES, { error: '请选择直属或全部下级' }).default('direct'),
  /** Drill-down: list below this member of the caller's team instead of below the caller. */
  parentId: MemberIdSchema.optional(),
  /** Username prefix, case-insensitive. */
  username: UsernameSearchSchema,
  page,
  pageSize,
});
export type MemberListQuery = z.input<typeof MemberListQuerySchema>;

export const MEMBER_TYPE_LABELS: Record<(typeof CUSTOMER_TYPES)[number], string> = { PRIMARY_AGENT: '总代', AGENT: '代理', PLAYER: '会员' };

export const TeamMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  prizeGroup: z.number().int(),
  balance: z.number().int(),
  /** Levels below the caller: 1 = a direct member. */
  level: z.number().int(),
  /** Everyone below this member, all levels. */
  memberCount: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** A step of the drill-down's breadcrumb: the caller's direct member first, the listed member last. */
export const TrailStepSchema = z.object({ id: z.number().int(), username: z.string() });
export type TrailStep = z.infer<typeof TrailStepSchema>;

export const MemberListSchema = z.object({
  items: z.array(TeamMemberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  trail: z.array(TrailStepSchema),
});
export type MemberList = z.infer<typeof MemberListSchema>;

export const MemberDetailSchema = TeamMemberSchema.extend({
  alias: z.string(),
  parentUsername: z.string().nullable(),
  trail: z.array(TrailStepSchema),
  /** Only a direct member's prize group can be changed, within [prizeGroupMin, prizeGroupMax]. */
  prizeGroupEditable: z.boolean(),
  /** The highest group among the member's own members (it cannot go below), or the platform's lowest. */
  prizeGroupMin: z.number().int(),
  /** The caller's own group. */
  prizeGroupMax: z.number().int(),
  /** Transfers: only to a direct, non-trial member. */
  transferable: z.boolean(),
});
export type MemberDetail = z.infer<typeof MemberDetailSchema>;

export const PrizeGroupChangeSchema = z.object({ prizeGroup: prizeGroupSchema });
export type PrizeGroupChange = z.infer<typeof PrizeGroupChangeSchema>;

// ── Team orders ──────────────────────────────────────────────────────────────────────────────────

/** The player order filters, plus a member's username (exact, case-insensitive). */
export const TeamOrderListQuerySchema = OrderListQuerySchema.extend({ username: UsernameSearchSchema, page });
export type TeamOrderListQuery = z.infer<typeof TeamOrderListQuerySchema>;

export const TeamOrderSummarySchema = OrderSummarySchema.extend({ username: z.string() });
export type TeamOrderSummary = z.infer<typeof TeamOrderSummarySchema>;

export const TeamOrderListSchema = OrderListSchema.extend({ items: z.array(TeamOrderSummarySchema) });
export type TeamOrderList = z.infer<typeof TeamOrderListSchema>;

export const TeamOrderDetailSchema = OrderDetailSchema.extend({ username: z.string() });
export type TeamOrderDetail = z.infer<typeof TeamOrderDetailSchema>;

export const OrderIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: '订单不存在' })
    .int({ error: '订单不存在' })
    .min(1, { error: '订单不存在' })
    .max(Number.MAX_SAFE_INTEGER, { error: '订单不存在' }),
});

// ── Team wallet ──────────────────────────────────────────────────────────────────────────────────

export const WALLET_RECORD_KINDS = ['DEPOSIT', 'WITHDRAWAL', 'TRANSFER'] as const;
export type WalletRecordKind = (typeof WALLET_RECORD_KINDS)[number];
export const WALLET_RECORD_KIND_NAMES: Record<WalletRecordKind, string> = { DEPOSIT: '充值', WITHDRAWAL: '提现', TRANSFER: '团队转账' };

export const WalletRecordQuerySchema = z.object({
  kind: z.enum(WALLET_RECORD_KINDS, { error: '请选择记录类型' }).default('DEPOSIT'),
  username: UsernameSearchSchema,
  /** Beijing calendar dates, inclusive. */
  from: calendarDate('请选择有效的开始日期').optional(),
  to: calendarDate('请选择有效的结束日期').optional(),
  page,
  pageSize,
});
export type WalletRecordQuery = z.input<typeof WalletRecordQuerySchema>;

export const WalletRecordSchema = z.object({
  id: z.number().int(),
  kind: z.enum(WALLET_RECORD_KINDS),
  reference: z.string(),
  /** The member the record is about (for a transfer: who received it). */
  username: z.string(),
  /** Transfers: who sent it. */
  fromUsername: z.string().nullable(),
  amount: z.number().int(),
  /** Deposits and withdrawals: the payment status; transfers are done when they exist. */
  status: z.enum(PAYMENT_STATUSES),
  statusText: z.string(),
  createdAt: z.number().int(),
});
export type WalletRecord = z.infer<typeof WalletRecordSchema>;

export const WalletRecordListSchema = z.object({
  items: z.array(WalletRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Σ amount of every record the filter matches (all pages). */
  totalAmount: z.number().int(),
});
export type WalletRecordList = z.infer<typeof WalletRecordListSchema>;

// ── Transfers to direct members ──────────────────────────────────────────────────────────────────

/** Defaults of the transfer limits (the server's settings may differ; the config answer is the truth). */
export const TRANSFER_LIMIT_DEFAULTS = { minAmount: yuan(1), maxAmount: yuan(50_000), dailyAmountLimit: yuan(200_000) } as const;

export const transferAmountRule = amountRule({ label: '转账金额' });

const moneyPassword = textRule({ label: '资金密码', keepWhitespace: true, checks: [matches(/^.{5,32}$/su, '密码格式有误')] });

export const TransferRequestSchema = z.object({
  memberId: MemberIdSchema,
  amount: transferAmountRule.required,
  moneyPassword: moneyPassword.required,
  /** The client's idempotency key: a retried request never transfers twice. */
  clientKey: z.string({ error: '请求无效，请刷新后重试' }).uuid({ error: '请求无效，请刷新后重试' }),
});
export type TransferRequest = z.infer<typeof TransferRequestSchema>;

export const TransferConfigSchema = z.object({
  balance: z.number().int(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  dailyAmountLimit: z.number().int(),
  usedToday: z.number().int(),
  hasMoneyPassword: z.boolean(),
});
export type TransferConfig = z.infer<typeof TransferConfigSchema>;

export const TransferSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  amount: z.number().int(),
  /** The agent's balance after the transfer. */
  balance: z.number().int(),
  createdAt: z.number().int(),
});
export type Transfer = z.infer<typeof TransferSchema>;
