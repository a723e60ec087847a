// 站内信 (issue 21 item 1, docs/messages/mail.md): paths and schemas shared by the PWA, the back office
// and the server. Subjects are plain text; bodies are rich text sanitised by the server before storing.
import { z } from 'zod';
import { VIP_LEVELS } from '../enums.ts';
import { htmlContent } from '../validation/content-rules.ts';
import { charLength, textRule } from '../validation/field-rule.ts';
import { requestText } from '../validation/safe-text.ts';

export const MAIL_PATHS = {
  list: '/ajax/mail',
  unreadCount: '/ajax/mail/unread-count',
  recipients: '/ajax/mail/recipients',
  mail: (id: number | string) => `/ajax/mail/${id}`,
  read: (id: number | string) => `/ajax/mail/${id}/read`,
} as const;

/** Back-office paths, under BACKOFFICE_API. */
export const MAIL_ADMIN_PATHS = {
  sent: '/mail',
  inbox: '/mail/inbox',
  mail: (id: number | string) => `/mail/${id}`,
} as const;

/** Spec §3.5 mail roles: who a mail is from. */
export const MAIL_ROLES = ['PLATFORM', 'PARENT', 'MEMBER'] as const;
export type MailRole = (typeof MAIL_ROLES)[number];

/**
 * Spec §3.5 recipient groups as a customer chooses them: all direct members or one team member
 * (agents), the direct parent agent, the platform (admin).
 */
export const MAIL_RECIPIENT_GROUPS = ['ALL_DIRECT_MEMBER', 'ONE_MEMBER', 'DIRECT_PARENT', 'ADMIN'] as const;
export type MailRecipientGroup = (typeof MAIL_RECIPIENT_GROUPS)[number];

export const MAIL_RECIPIENT_LABELS: Record<MailRecipientGroup | 'SEGMENT', string> = {
  ALL_DIRECT_MEMBER: '全部直属下级',
  ONE_MEMBER: '指定下级',
  DIRECT_PARENT: '上级代理',
  ADMIN: '平台客服',
  SEGMENT: '平台会员',
};

export const MAIL_ROLE_LABELS: Record<MailRole, string> = {
  PLATFORM: '平台',
  PARENT: '上级代理',
  MEMBER: '下级会员',
};

export const MAIL_BOXES = ['received', 'sent'] as const;
export type MailBox = (typeof MAIL_BOXES)[number];

export const MAIL_MESSAGES = {
  missing: '站内信不存在',
  subject: '标题最多 50 个字',
  recipientGroup: '请选择收件人',
  memberRequired: '请选择收件的下级会员',
  noParent: '您没有上级代理，无法发送',
  noMembers: '您还没有直属下级，无法发送',
  agentsOnly: '只有代理可以给下级发送站内信',
  emptyAfterSanitising: '内容不可以为空（脚本、样式等不允许的内容已被移除）',
  rateLimited: '发送过于频繁，请稍后再试',
  page: '页码无效',
  segment: '请选择发送对象',
  username: '该会员不存在',
  noRecipients: '没有符合条件的收件人',
} as const;

export const MAIL_SUBJECT_MAX = 50;
export const mailSubject = textRule({
  label: '标题',
  checks: [
    {
      test: (text) => charLength(text) <= MAIL_SUBJECT_MAX,
      message: MAIL_MESSAGES.subject,
    },
  ],
});

const idSchema = z.coerce
  .number({ error: MAIL_MESSAGES.missing })
  .int({ error: MAIL_MESSAGES.missing })
  .min(1, { error: MAIL_MESSAGES.missing })
  .max(Number.MAX_SAFE_INTEGER, { error: MAIL_MESSAGES.missing });

export const MailIdParamsSchema = z.object({ id: idSchema });

const pageNumber = z.coerce
  .number({ error: MAIL_MESSAGES.page })
  .int({ error: MAIL_MESSAGES.page })
  .min(1, { error: MAIL_MESSAGES.page })
  .max(10_000, { error: MAIL_MESSAGES.page });
const pageSize = z.coerce
  .number({ error: MAIL_MESSAGES.page })
  .int({ error: MAIL_MESSAGES.page })
  .min(1, { error: MAIL_MESSAGES.page })
  .max(50, { error: MAIL_MESSAGES.page });

export const MailListQuerySchema = z.object({
  box: z.enum(MAIL_BOXES, { error: '请选择收件箱或发件箱' }).default('received'),
  page: pageNumber.default(1),
  size: pageSize.default(20),
});
export type MailListQuery = z.infer<typeof MailListQuerySchema>;

export const MailSummarySchema = z.object({
  id: z.number().int(),
  role: z.enum(MAIL_ROLES),
  subject: z.string(),
  /** Who sent it: 平台, or the sending customer's username. */
  from: z.string(),
  /** Sent box: whom it went to (a group label or a username). */
  to: z.string(),
  createdAt: z.string(),
  /** Received box: read by the caller; sent box: always true. */
  read: z.boolean(),
  recipientCount: z.number().int(),
});
export type MailSummary = z.infer<typeof MailSummarySchema>;

export const MailListSchema = z.object({
  items: z.array(MailSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type MailList = z.infer<typeof MailListSchema>;

export const MailDetailSchema = MailSummarySchema.extend({
  html: z.string(),
  box: z.enum(MAIL_BOXES),
});
export type MailDetail = z.infer<typeof MailDetailSchema>;

export const UnreadMailCountSchema = z.object({
  count: z.number().int().nonnegative(),
});

export const MailRecipientOptionsSchema = z.object({
  groups: z.array(z.enum(MAIL_RECIPIENT_GROUPS)),
  /** ONE_MEMBER: the caller's direct members to pick from (deeper members by id). */
  members: z.array(z.object({ id: z.number().int(), username: z.string() })),
  /** DIRECT_PARENT: the parent agent's username, or null without one. */
  parent: z.string().nullable(),
});
export type MailRecipientOptions = z.infer<typeof MailRecipientOptionsSchema>;

export const SendMailSchema = z.object({
  recipientGroup: z.enum(MAIL_RECIPIENT_GROUPS, {
    error: MAIL_MESSAGES.recipientGroup,
  }),
  memberId: idSchema.optional(),
  subject: mailSubject.required,
  htmlContent: htmlContent.required,
});
export type SendMail = z.infer<typeof SendMailSchema>;

export const SentMailSchema = z.object({
  id: z.number().int(),
  recipientCount: z.number().int(),
});
export const OkSchema = z.object({ ok: z.literal(true) });

// ── Back office ──────────────────────────────────────────────────────────────────────────────────

export const MAIL_SEGMENTS = ['ALL', 'AGENTS', 'PLAYERS', 'VIP', 'USERNAME'] as const;
export type MailSegmentKind = (typeof MAIL_SEGMENTS)[number];
export const MAIL_SEGMENT_LABELS: Record<MailSegmentKind, string> = {
  ALL: '全部会员',
  AGENTS: '全部代理',
  PLAYERS: '全部玩家',
  VIP: '指定 VIP 等级',
  USERNAME: '指定会员',
};

export const AdminSendMailSchema = z
  .object({
    segment: z.enum(MAIL_SEGMENTS, { error: MAIL_MESSAGES.segment }),
    vipLevel: z.enum(VIP_LEVELS, { error: '请选择 VIP 等级' }).optional(),
    username: requestText({ message: MAIL_MESSAGES.username, max: 16 })
      .regex(/^[A-Za-z0-9_]+$/, { error: MAIL_MESSAGES.username })
      .optional(),
    subject: mailSubject.required,
    htmlContent: htmlContent.required,
  })
  .superRefine((body, context) => {
    if (body.segment === 'VIP' && !body.vipLevel)
      context.addIssue({
        code: 'custom',
        path: ['vipLevel'],
        message: '请选择 VIP 等级',
      });
    if (body.segment === 'USERNAME' && !body.username)
      context.addIssue({
        code: 'custom',
        path: ['username'],
        message: '请输入会员用户名',
      });
  });
export type AdminSendMail = z.infer<typeof AdminSendMailSchema>;

export const AdminMailQuerySchema = z.object({
  page: pageNumber.default(1),
  size: pageSize.default(20),
});

export const AdminMailSummarySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  from: z.string(),
  to: z.string(),
  createdAt: z.string(),
  recipientCount: z.number().int(),
  readCount: z.number().int(),
});
export const AdminMailListSchema = z.object({
  items: z.array(AdminMailSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type AdminMailList = z.infer<typeof AdminMailListSchema>;
export const AdminMailDetailSchema = AdminMailSummarySchema.extend({
  html: z.string(),
});
export type AdminMailDetail = z.infer<typeof AdminMailDetailSchema>;
