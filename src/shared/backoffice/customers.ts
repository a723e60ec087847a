// The back office's customers (issue 16 item 5): search, the detail page and its tabs, and the actions
// (freeze, unfreeze with a second operator, forced password change, ending sessions, VIP level, manual
// balance adjustment with a second operator). Shared by the server and the back-office UI; the server
// is the authority. Money is in 0.0001 元 (decisions §3); times are ISO strings.
import { z } from 'zod';
import { LimitStatusSchema } from '../api/protection-status.ts';
import { CUSTOMER_TYPES, ORDER_STATUSES, VIP_LEVELS } from '../enums.ts';
import { UNITS_PER_YUAN } from '../money.ts';
import { requestText } from '../validation/safe-text.ts';
import { reasonText } from './auth.ts';

export const CUSTOMERS_ADMIN_PATHS = {
  search: '/customers',
  customer: (id: number) => `/customers/${id}`,
  ledger: (id: number) => `/customers/${id}/ledger`,
  orders: (id: number) => `/customers/${id}/orders`,
  autobets: (id: number) => `/customers/${id}/autobets`,
  sessions: (id: number) => `/customers/${id}/sessions`,
  logins: (id: number) => `/customers/${id}/logins`,
  protection: (id: number) => `/customers/${id}/protection`,
  freeze: (id: number) => `/customers/${id}/freeze`,
  unfreeze: (id: number) => `/customers/${id}/unfreeze`,
  forcePasswordChange: (id: number) => `/customers/${id}/force-password-change`,
  endSessions: (id: number) => `/customers/${id}/end-sessions`,
  vipLevel: (id: number) => `/customers/${id}/vip-level`,
  adjustment: (id: number) => `/customers/${id}/adjustment`,
} as const;

/** The four-eyes approval kinds of this area (core/api.ts). */
export const UNFREEZE_APPROVAL = 'customers.unfreeze';
export const ADJUSTMENT_APPROVAL = 'customers.adjust';

export const CUSTOMER_TYPE_LABELS: Record<(typeof CUSTOMER_TYPES)[number], string> = {
  PRIMARY_AGENT: '总代',
  AGENT: '代理',
  PLAYER: '会员',
};
export const VIP_LEVEL_LABELS: Record<(typeof VIP_LEVELS)[number], string> = { NOT_VIP: '普通', VIP_1: 'VIP 1', VIP_2: 'VIP 2' };
export const CUSTOMER_STATUSES = ['ACTIVE', 'FROZEN'] as const;
export const CUSTOMER_STATUS_LABELS: Record<(typeof CUSTOMER_STATUSES)[number], string> = { ACTIVE: '正常', FROZEN: '已冻结' };

// ── Search ──────────────────────────────────────────────────────────────────────────────────────

const USERNAME_SEARCH_MESSAGE = '用户名最多 16 位字母、数字或下划线';
const ALIAS_SEARCH_MESSAGE = '昵称最多 36 个字';
const PHONE_SEARCH_MESSAGE = '手机号码最多 11 位数字';
const LINK_SEARCH_MESSAGE = '注册链接编号最多 64 位字母、数字、- 或 _';
const UPLINE_SEARCH_MESSAGE = '上级用户名最多 16 位字母、数字或下划线';

/** Blank (or only spaces) means "no filter"; anything else is trimmed, then checked. */
const filter = (schema: z.ZodType<string>) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), schema.optional()).transform((value) => value || undefined);

const usernameText = (message: string) => requestText({ message, max: 16 }).regex(/^[A-Za-z0-9_]*$/, { error: message });

const page = z.coerce.number({ error: '页码无效' }).int({ error: '页码无效' }).min(1, { error: '页码无效' }).max(100_000, { error: '页码无效' }).default(1);
const pageSize = z.coerce
  .number({ error: '每页条数无效' })
  .int({ error: '每页条数无效' })
  .min(1, { error: '每页条数无效' })
  .max(100, { error: '每页条数无效' })
  .default(20);

export const PageQuerySchema = z.object({ page, pageSize });
export type PageQuery = z.input<typeof PageQuerySchema>;

/**
 * Filters combine (AND). username: prefix, case-insensitive; alias: contains; phone: prefix;
 * registrationLinkId: exact; upline: everyone below that agent, at any depth.
 */
export const CustomerSearchQuerySchema = z.object({
  username: filter(usernameText(USERNAME_SEARCH_MESSAGE)),
  alias: filter(requestText({ message: ALIAS_SEARCH_MESSAGE, max: 36, kind: 'name' })),
  phone: filter(requestText({ message: PHONE_SEARCH_MESSAGE, max: 11 }).regex(/^\d*$/, { error: PHONE_SEARCH_MESSAGE })),
  registrationLinkId: filter(requestText({ message: LINK_SEARCH_MESSAGE, max: 64 }).regex(/^[A-Za-z0-9_-]*$/, { error: LINK_SEARCH_MESSAGE })),
  upline: filter(usernameText(UPLINE_SEARCH_MESSAGE)),
  status: z.enum(CUSTOMER_STATUSES, { error: '请选择有效的账号状态' }).optional(),
  page,
  pageSize,
});
/** What the UI sends (blank filters are left out). */
export interface CustomerSearchQuery {
  username?: string;
  alias?: string;
  phone?: string;
  registrationLinkId?: string;
  upline?: string;
  status?: (typeof CUSTOMER_STATUSES)[number];
  page: number;
  pageSize: number;
}
export type CustomerSearch = z.output<typeof CustomerSearchQuerySchema>;

export const CustomerListItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  alias: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  trial: z.boolean(),
  vipLevel: z.enum(VIP_LEVELS),
  status: z.enum(CUSTOMER_STATUSES),
  parentUsername: z.string().nullable(),
  registrationLinkId: z.string().nullable(),
  phone: z.string().nullable(),
  balance: z.number().int(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type CustomerListItem = z.infer<typeof CustomerListItemSchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const CustomerListSchema = pageOf(CustomerListItemSchema);
export type CustomerList = z.infer<typeof CustomerListSchema>;

// ── Detail ──────────────────────────────────────────────────────────────────────────────────────

const CUSTOMER_ID_MESSAGE = '客户不存在';
export const CustomerIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: CUSTOMER_ID_MESSAGE })
    .int({ error: CUSTOMER_ID_MESSAGE })
    .min(1, { error: CUSTOMER_ID_MESSAGE })
    .max(Number.MAX_SAFE_INTEGER, { error: CUSTOMER_ID_MESSAGE }),
});

export const AgentLineItemSchema = z.object({ id: z.number().int(), username: z.string(), alias: z.string(), type: z.enum(CUSTOMER_TYPES) });

export const CustomerDetailSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  alias: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  trial: z.boolean(),
  vipLevel: z.enum(VIP_LEVELS),
  prizeGroup: z.number().int(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  qq: z.string().nullable(),
  wechat: z.string().nullable(),
  birthday: z.string().nullable(),
  registrationLinkId: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** The first-login step is still to do (a hand-made account, or a forced password change). */
  firstLoginPending: z.boolean(),
  passwordChangeRequired: z.boolean(),
  frozen: z.object({ at: z.string(), reason: z.string() }).nullable(),
  /** An unfreeze request waiting for its second operator (its approval id). */
  pendingUnfreeze: z.number().int().nullable(),
  /** From the top of the tree down to the direct parent. */
  agentLine: z.array(AgentLineItemSchema),
  directMembers: z.number().int(),
  balance: z.number().int(),
  activeSessions: z.number().int(),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

export const LedgerLineSchema = z.object({
  entryId: z.number().int(),
  transferId: z.number().int(),
  /** A spec §3.5 wallet type code (WALLET_TRANSACTION_TYPES; later issues may add codes). */
  type: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  at: z.string(),
});
export const LedgerPageSchema = pageOf(LedgerLineSchema);
export type LedgerLine = z.infer<typeof LedgerLineSchema>;

export const CustomerOrderSchema = z.object({
  id: z.number().int(),
  drawType: z.string(),
  playMode: z.string(),
  issueNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  betCount: z.number().int(),
  stake: z.number().int(),
  payout: z.number().int(),
  rebate: z.number().int(),
  autobet: z.boolean(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export const CustomerOrdersSchema = pageOf(CustomerOrderSchema);
export type CustomerOrder = z.infer<typeof CustomerOrderSchema>;

export const CustomerAutobetSchema = z.object({
  id: z.number().int(),
  drawType: z.string(),
  playMode: z.string(),
  status: z.string(),
  stopOnWin: z.boolean(),
  totalPlanned: z.number().int(),
  entries: z.number().int(),
  placed: z.number().int(),
  pending: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export const CustomerAutobetsSchema = pageOf(CustomerAutobetSchema);
export type CustomerAutobet = z.infer<typeof CustomerAutobetSchema>;

export const CustomerSessionSchema = z.object({
  id: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
/** The newest sessions (at most 50), open ones first. */
export const CustomerSessionsSchema = z.object({ items: z.array(CustomerSessionSchema) });
export type CustomerSession = z.infer<typeof CustomerSessionSchema>;

export const LOGIN_OUTCOMES = ['SUCCESS', 'BAD_PASSWORD', 'FROZEN'] as const;
export const LOGIN_OUTCOME_LABELS: Record<(typeof LOGIN_OUTCOMES)[number], string> = {
  SUCCESS: '登录成功',
  BAD_PASSWORD: '密码错误',
  FROZEN: '账号冻结，拒绝登录',
};
export const LoginRecordSchema = z.object({
  id: z.number().int(),
  outcome: z.enum(LOGIN_OUTCOMES),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  at: z.string(),
});
export const LoginHistorySchema = pageOf(LoginRecordSchema);
export type LoginRecord = z.infer<typeof LoginRecordSchema>;

/** The player's own protection settings, read-only here: an operator cannot loosen them. */
export const CustomerProtectionSchema = z.object({
  limits: z.array(LimitStatusSchema),
  coolingOffUntil: z.number().int().nullable(),
  selfExcludedUntil: z.number().int().nullable(),
  blocked: z.boolean(),
  realityCheckMinutes: z.number().int().nullable(),
});
export type CustomerProtection = z.infer<typeof CustomerProtectionSchema>;

// ── Actions ─────────────────────────────────────────────────────────────────────────────────────

export const ReasonBodySchema = z.object({ reason: reasonText });
export type ReasonBody = z.infer<typeof ReasonBodySchema>;

export const VipLevelBodySchema = z.object({ vipLevel: z.enum(VIP_LEVELS, { error: '请选择有效的 VIP 等级' }), reason: reasonText });
export type VipLevelBody = z.infer<typeof VipLevelBodySchema>;

export const ADJUSTMENT_DIRECTIONS = ['CREDIT', 'DEBIT'] as const;
export const ADJUSTMENT_DIRECTION_LABELS: Record<(typeof ADJUSTMENT_DIRECTIONS)[number], string> = { CREDIT: '人工加款', DEBIT: '人工扣款' };
/** The largest single adjustment: 1,000,000 元. */
export const MAX_ADJUSTMENT = 1_000_000 * UNITS_PER_YUAN;
/** Adjustments are in whole 分: the smallest amount a player sees (display floors to 2 decimals). */
export const ADJUSTMENT_STEP = UNITS_PER_YUAN / 100;
const ADJUSTMENT_AMOUNT_MESSAGE = '调整金额须大于 0 且不超过 1000000 元';
const ADJUSTMENT_STEP_MESSAGE = '调整金额最多两位小数';

export const AdjustmentBodySchema = z.object({
  direction: z.enum(ADJUSTMENT_DIRECTIONS, { error: '请选择加款或扣款' }),
  /** Money (0.0001 元), always positive; the direction gives the sign. */
  amount: z
    .number({ error: ADJUSTMENT_AMOUNT_MESSAGE })
    .int({ error: ADJUSTMENT_AMOUNT_MESSAGE })
    .min(1, { error: ADJUSTMENT_AMOUNT_MESSAGE })
    .max(MAX_ADJUSTMENT, { error: ADJUSTMENT_AMOUNT_MESSAGE })
    .refine((amount) => amount % ADJUSTMENT_STEP === 0, { error: ADJUSTMENT_STEP_MESSAGE }),
  reason: reasonText,
});
export type AdjustmentBody = z.infer<typeof AdjustmentBodySchema>;

/** A four-eyes request recorded: nothing changes until a second operator approves it. */
export const ApprovalRequestedSchema = z.object({ approvalId: z.number().int(), status: z.enum(['PENDING', 'APPROVED', 'REJECTED']) });
export type ApprovalRequested = z.infer<typeof ApprovalRequestedSchema>;

export const CustomerActionResultSchema = z.object({ customer: CustomerDetailSchema, endedSessions: z.number().int() });
export type CustomerActionResult = z.infer<typeof CustomerActionResultSchema>;
