// The back-office core's API contract (/ajax/backoffice/...): operator sign-in (password → TOTP or a
// recovery code, or first-time enrolment), the operators admin, the approval queue and the audit log.
// Validated on both sides; the server is the authority.
import { z } from 'zod';
import { calendarDate } from '../validation/calendar-date.ts';
import { requestText } from '../validation/safe-text.ts';
import { OPERATOR_ROLES } from './permissions.ts';
import { OperatorViewSchema } from './session.ts';

export const CORE_PATHS = {
  session: '/session',
  signInPassword: '/sign-in/password',
  signInCode: '/sign-in/code',
  signInEnrolment: '/sign-in/enrolment',
  signInEnrol: '/sign-in/enrol',
  signOut: '/sign-out',
  operators: '/operators',
  operator: '/operators/:id',
  operatorRole: '/operators/:id/role',
  operatorDisabled: '/operators/:id/disabled',
  operatorPassword: '/operators/:id/password',
  operatorSecondFactor: '/operators/:id/reset-second-factor',
  operatorSessions: '/operators/:id/sessions',
  operatorSessionRevoke: '/operators/:id/sessions/:sessionId/revoke',
  approvals: '/approvals',
  approvalApprove: '/approvals/:id/approve',
  approvalReject: '/approvals/:id/reject',
  audit: '/audit',
} as const;

// ── Field rules ─────────────────────────────────────────────────────────────────────────────────

export const OPERATOR_USERNAME_MESSAGE = '用户名为 3-32 位字母、数字或下划线';
export const OPERATOR_PASSWORD_MESSAGE = '密码为 8-128 位，须同时包含字母和数字';
export const OPERATOR_DISPLAY_NAME_MESSAGE = '请输入 1-32 个字符的显示名称';
export const TOTP_CODE_MESSAGE = '请输入 6 位动态验证码';
export const SECOND_FACTOR_CODE_MESSAGE = '请输入 6 位动态验证码或恢复码';
export const REASON_MESSAGE = '请填写 2-500 个字符的原因';

export const operatorUsername = requestText({ message: OPERATOR_USERNAME_MESSAGE, min: 3, max: 32 }).regex(/^[A-Za-z0-9_]+$/, {
  error: OPERATOR_USERNAME_MESSAGE,
});
/** A new password: at least one letter and one digit. */
export const operatorNewPassword = requestText({ message: OPERATOR_PASSWORD_MESSAGE, min: 8, max: 128, charactersMessage: '密码包含不支持的字符' })
  .regex(/[A-Za-z]/, { error: OPERATOR_PASSWORD_MESSAGE })
  .regex(/\d/, { error: OPERATOR_PASSWORD_MESSAGE });
export const operatorDisplayName = requestText({ message: OPERATOR_DISPLAY_NAME_MESSAGE, min: 1, max: 32, kind: 'name' }).refine(
  (text) => text.trim().length > 0,
  { error: OPERATOR_DISPLAY_NAME_MESSAGE },
);
/** Why an operator did something: recorded in the audit log. */
export const reasonText = requestText({ message: REASON_MESSAGE, min: 2, max: 500, kind: 'multiline' }).refine(
  (text) => text.trim().length >= 2,
  { error: REASON_MESSAGE },
);
export const OperatorRoleSchema = z.enum(OPERATOR_ROLES, { error: '请选择有效的角色' });

const idParam = (message: string) => z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(2_147_483_647, { error: message });
export const OperatorIdParamsSchema = z.object({ id: idParam('操作员不存在') });
export const OperatorSessionParamsSchema = z.object({ id: idParam('操作员不存在'), sessionId: idParam('会话不存在') });
export const ApprovalIdParamsSchema = z.object({ id: idParam('审批单不存在') });

const page = z.coerce.number({ error: '页码无效' }).int({ error: '页码无效' }).min(1, { error: '页码无效' }).max(100_000, { error: '页码无效' }).default(1);
const pageSize = z.coerce
  .number({ error: '每页条数无效' })
  .int({ error: '每页条数无效' })
  .min(1, { error: '每页条数无效' })
  .max(100, { error: '每页条数无效' })
  .default(20);

// ── Sign-in ─────────────────────────────────────────────────────────────────────────────────────

export const SignInPasswordBodySchema = z.object({
  username: requestText({ message: '请输入用户名', min: 1, max: 64, charactersMessage: '用户名包含不支持的字符' }),
  password: requestText({ message: '请输入密码', min: 1, max: 128, charactersMessage: '密码包含不支持的字符' }),
});
export type SignInPasswordBody = z.infer<typeof SignInPasswordBodySchema>;

/** What a new operator scans: the secret as text (to type in by hand) and the QR code as an SVG drawn on our server. */
export const EnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrSvg: z.string(),
  issuer: z.string(),
  account: z.string(),
});
export type Enrolment = z.infer<typeof EnrolmentSchema>;

/** After the password: the second factor, or (first sign-in, or after a reset) the enrolment. */
export const SignInPasswordResponseSchema = z.discriminatedUnion('next', [
  z.object({ next: z.literal('SECOND_FACTOR') }),
  z.object({ next: z.literal('ENROLMENT'), enrolment: EnrolmentSchema }),
]);
export type SignInPasswordResponse = z.infer<typeof SignInPasswordResponseSchema>;

/** A 6-digit TOTP code, or one of the recovery codes (xxxxx-xxxxx; case and the dash do not matter). */
export const SignInCodeBodySchema = z.object({
  code: requestText({ message: SECOND_FACTOR_CODE_MESSAGE, min: 6, max: 32 }),
});
export type SignInCodeBody = z.infer<typeof SignInCodeBodySchema>;

export const SignedInSchema = z.object({ operator: OperatorViewSchema });
export type SignedIn = z.infer<typeof SignedInSchema>;

export const EnrolBodySchema = z.object({
  code: requestText({ message: TOTP_CODE_MESSAGE, min: 6, max: 6 }).regex(/^\d{6}$/, { error: TOTP_CODE_MESSAGE }),
});
export type EnrolBody = z.infer<typeof EnrolBodySchema>;

/** Enrolment done: the recovery codes, shown this once (only their hashes are kept). */
export const EnrolResponseSchema = z.object({ operator: OperatorViewSchema, recoveryCodes: z.array(z.string()) });
export type EnrolResponse = z.infer<typeof EnrolResponseSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });

// ── Operators admin (operators.manage) ──────────────────────────────────────────────────────────

export const OperatorListItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(OPERATOR_ROLES),
  enrolled: z.boolean(),
  disabled: z.boolean(),
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  activeSessions: z.number().int(),
});
export type OperatorListItem = z.infer<typeof OperatorListItemSchema>;

export const OperatorListQuerySchema = z.object({
  q: requestText({ message: '搜索内容不能超过 32 个字符', max: 32 }).optional(),
  role: OperatorRoleSchema.optional(),
  page,
  pageSize,
});
export type OperatorListQuery = z.input<typeof OperatorListQuerySchema>;

export const OperatorListSchema = z.object({
  items: z.array(OperatorListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OperatorList = z.infer<typeof OperatorListSchema>;

export const CreateOperatorBodySchema = z.object({
  username: operatorUsername,
  displayName: operatorDisplayName,
  role: OperatorRoleSchema,
  /** Left out: the server makes one up and answers it once. */
  password: operatorNewPassword.optional(),
});
export type CreateOperatorBody = z.infer<typeof CreateOperatorBodySchema>;

/** `initialPassword` is the password to hand over (the generated one, or the one given). */
export const CreatedOperatorSchema = z.object({ operator: OperatorListItemSchema, initialPassword: z.string() });
export type CreatedOperator = z.infer<typeof CreatedOperatorSchema>;

export const ChangeRoleBodySchema = z.object({ role: OperatorRoleSchema, reason: reasonText });
export const SetDisabledBodySchema = z.object({ disabled: z.boolean({ error: '请选择停用或启用' }), reason: reasonText });
export const ResetPasswordBodySchema = z.object({ password: operatorNewPassword.optional(), reason: reasonText });
export const ResetPasswordResponseSchema = z.object({ password: z.string() });
export const ReasonBodySchema = z.object({ reason: reasonText });
export const OperatorResponseSchema = z.object({ operator: OperatorListItemSchema });

export const OperatorSessionItemSchema = z.object({
  id: z.number().int(),
  stage: z.enum(['SECOND_FACTOR', 'ENROLMENT', 'ACTIVE']),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export const OperatorSessionListSchema = z.object({ items: z.array(OperatorSessionItemSchema) });
export type OperatorSessionItem = z.infer<typeof OperatorSessionItemSchema>;

// ── Approvals (four-eyes) ───────────────────────────────────────────────────────────────────────

export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const APPROVAL_STATUS_LABELS: Record<(typeof APPROVAL_STATUSES)[number], string> = {
  PENDING: '待审批',
  APPROVED: '已批准',
  REJECTED: '已驳回',
};

const OperatorRefSchema = z.object({ id: z.number().int(), username: z.string(), displayName: z.string() });

export const ApprovalItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  label: z.string(),
  summary: z.string(),
  payload: z.unknown(),
  status: z.enum(APPROVAL_STATUSES),
  reason: z.string(),
  requestedBy: OperatorRefSchema,
  requestedAt: z.string(),
  decidedBy: OperatorRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** Whether the signed-in operator may approve or reject it (a different operator with the kind's permission). */
  canDecide: z.boolean(),
});
export type ApprovalItem = z.infer<typeof ApprovalItemSchema>;

export const ApprovalListQuerySchema = z.object({
  status: z.enum(APPROVAL_STATUSES, { error: '请选择有效的状态' }).optional(),
  kind: requestText({ message: '审批类型无效', max: 64 }).optional(),
  /** 'true': only what I asked for. */
  mine: z.enum(['true', 'false'], { error: '筛选条件无效' }).optional(),
  page,
  pageSize,
});
export type ApprovalListQuery = z.input<typeof ApprovalListQuerySchema>;

export const ApprovalListSchema = z.object({
  items: z.array(ApprovalItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every registered kind, for the filter. */
  kinds: z.array(z.object({ kind: z.string(), label: z.string() })),
});
export type ApprovalList = z.infer<typeof ApprovalListSchema>;

export const ApproveBodySchema = z.object({ reason: reasonText.optional() });
export const RejectBodySchema = z.object({ reason: reasonText });
export const ApprovalResponseSchema = z.object({ approval: ApprovalItemSchema });

// ── Audit log (audit.read) ──────────────────────────────────────────────────────────────────────

export const AuditItemSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorId: z.number().int().nullable(),
  operatorUsername: z.string(),
  role: z.string(),
  ip: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  hash: z.string(),
});
export type AuditItem = z.infer<typeof AuditItemSchema>;

export const AuditQuerySchema = z.object({
  /** Operator username (exact, any case). */
  operator: requestText({ message: '操作员用户名不能超过 32 个字符', max: 32 }).optional(),
  /** Action prefix, e.g. 'operator.' or 'customer.freeze'. */
  action: requestText({ message: '操作类型不能超过 64 个字符', max: 64 }).optional(),
  targetType: requestText({ message: '对象类型不能超过 64 个字符', max: 64 }).optional(),
  targetId: requestText({ message: '对象编号不能超过 64 个字符', max: 64 }).optional(),
  /** YYYY-MM-DD, Beijing time, inclusive. */
  from: calendarDate('请选择有效的开始日期').optional(),
  to: calendarDate('请选择有效的结束日期').optional(),
  page,
  pageSize,
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditListSchema = z.object({
  items: z.array(AuditItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditList = z.infer<typeof AuditListSchema>;
