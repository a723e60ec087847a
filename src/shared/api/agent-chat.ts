// Agent ↔ member chat (issue 21 item 3, docs/messages/agent-chat.md): paths and schemas shared by the
// PWA and the server. An agent talks with anyone of its team; a member with its direct parent agent
// (and with a higher upline agent that wrote to it first). Messages are plain text.
import { z } from 'zod';
import { CUSTOMER_TYPES } from '../enums.ts';
import { chatRemarkAndStatus } from '../validation/content-rules.ts';
import { charLength, textRule } from '../validation/field-rule.ts';

export const AGENT_CHAT_PATHS = {
  contacts: '/ajax/chat/contacts',
  messages: (contactId: number | string) => `/ajax/chat/conversations/${contactId}/messages`,
  read: (contactId: number | string) => `/ajax/chat/conversations/${contactId}/read`,
  remark: (memberId: number | string) => `/ajax/chat/contacts/${memberId}/remark`,
  bulk: '/ajax/chat/bulk',
  unreadCount: '/ajax/chat/unread-count',
} as const;

export const NOT_IN_TEAM_MESSAGE = '该会员不存在或不在您的团队中';
export const CHAT_MESSAGE_MAX_LENGTH = 500;
export const CHAT_PAGE_SIZE = 30;
export const CONTACT_PAGE_SIZE = 50;

/** Spec §3.5 bulk chat recipients. */
export const BULK_RECIPIENTS = ['ALL', 'ALL_DIRECT_MEMBER', 'ALL_INDIRECT_MEMBER'] as const;
export type BulkRecipients = (typeof BULK_RECIPIENTS)[number];
export const BULK_RECIPIENT_LABELS: Record<BulkRecipients, string> = {
  ALL: '全部下级',
  ALL_DIRECT_MEMBER: '直属下级',
  ALL_INDIRECT_MEMBER: '非直属下级',
};

export const CHAT_MESSAGES = {
  messageRate: '发送过于频繁，请稍后再试',
  bulkRate: '群发过于频繁，请稍后再试',
  noRecipients: '没有可以接收消息的会员',
  remarkNotOwn: NOT_IN_TEAM_MESSAGE,
} as const;

/** A message: plain text, line breaks allowed, other control characters refused. */
export const chatMessageText = textRule({
  label: '消息',
  kind: 'multiline',
  checks: [{ test: (text) => charLength(text) <= CHAT_MESSAGE_MAX_LENGTH, message: `消息最多 ${CHAT_MESSAGE_MAX_LENGTH} 个字` }],
});

const idNumber = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(Number.MAX_SAFE_INTEGER, { error: message });

export const ContactIdParamsSchema = z.object({ contactId: idNumber(NOT_IN_TEAM_MESSAGE) });
export const MemberIdParamsSchema = z.object({ memberId: idNumber(NOT_IN_TEAM_MESSAGE) });

const SEARCH_MESSAGE = '搜索内容最多 16 个字，仅支持中英文、数字、下划线和空格';
export const ContactListQuerySchema = z.object({
  /** A username's beginning, or a word of the remark or status; blank means everyone. */
  search: z
    .string({ error: SEARCH_MESSAGE })
    .trim()
    .max(16, { error: SEARCH_MESSAGE })
    .regex(/^[A-Za-z0-9_\p{Script=Han} ]*$/u, { error: SEARCH_MESSAGE })
    .transform((text) => (text === '' ? undefined : text))
    .optional(),
  page: z.coerce.number({ error: '页码无效' }).int({ error: '页码无效' }).min(1, { error: '页码无效' }).max(10_000, { error: '页码无效' }).default(1),
});
export type ContactListQuery = z.input<typeof ContactListQuerySchema>;

export const CONTACT_RELATIONS = ['UPLINE', 'MEMBER'] as const;
export type ContactRelation = (typeof CONTACT_RELATIONS)[number];

export const ChatContactSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  alias: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  /** UPLINE: an agent above the caller; MEMBER: someone of the caller's team. */
  relation: z.enum(CONTACT_RELATIONS),
  /** Levels between the caller and the contact: 1 = direct. */
  level: z.number().int(),
  /** The caller's own note (members of its team only). */
  remark: z.string().nullable(),
  status: z.string().nullable(),
  online: z.boolean(),
  lastSeenAt: z.number().int().nullable(),
  unread: z.number().int().nonnegative(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.number().int().nullable(),
});
export type ChatContact = z.infer<typeof ChatContactSchema>;

export const ChatContactListSchema = z.object({
  items: z.array(ChatContactSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ChatContactList = z.infer<typeof ChatContactListSchema>;

export const MessageListQuerySchema = z.object({
  /** Older than this message id (paging back); absent: the newest page. */
  before: idNumber('消息编号无效').optional(),
});

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  /** Whether the caller wrote it. */
  mine: z.boolean(),
  content: z.string(),
  createdAt: z.number().int(),
  /** Read by its recipient. */
  read: z.boolean(),
  bulk: z.boolean(),
});
export type AgentChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatMessageListSchema = z.object({
  /** Oldest first. */
  items: z.array(ChatMessageSchema),
  hasMore: z.boolean(),
  contact: ChatContactSchema.pick({ id: true, username: true, alias: true, relation: true }),
});
export type ChatMessageList = z.infer<typeof ChatMessageListSchema>;

export const SendMessageSchema = z.object({ content: chatMessageText.required });
export type SendMessage = z.infer<typeof SendMessageSchema>;

export const RemarkSchema = z.object({
  remark: chatRemarkAndStatus.optional,
  status: chatRemarkAndStatus.optional,
});
export type RemarkInput = z.input<typeof RemarkSchema>;
export const RemarkResultSchema = z.object({ remark: z.string().nullable(), status: z.string().nullable() });

export const BulkSendSchema = z.object({
  recipients: z.enum(BULK_RECIPIENTS, { error: '请选择接收对象' }),
  content: chatMessageText.required,
});
export type BulkSend = z.infer<typeof BulkSendSchema>;
export const BulkResultSchema = z.object({ id: z.number().int(), recipientCount: z.number().int() });

export const UnreadCountSchema = z.object({ count: z.number().int().nonnegative() });
