// 客服 chat (issue 21 item 2, docs/messages/customer-service.md): paths and schemas shared by the PWA,
// the back office and the server. Messages are plain text (rendered as text) or an image.
import { z } from 'zod';
import { requestText } from '../validation/safe-text.ts';

export const SUPPORT_CHAT_PATHS = {
  conversation: '/ajax/customer-service/conversation',
  messages: '/ajax/customer-service/messages',
  images: '/ajax/customer-service/images',
  image: (id: number | string) => `/ajax/customer-service/images/${id}`,
  read: '/ajax/customer-service/read',
  typing: '/ajax/customer-service/typing',
  unreadCount: '/ajax/customer-service/unread-count',
  stream: '/sse/im',
} as const;

/** Back-office paths, under BACKOFFICE_API. */
export const SUPPORT_DESK_PATHS = {
  conversations: '/support/conversations',
  conversation: (id: number | string) => `/support/conversations/${id}`,
  claim: (id: number | string) => `/support/conversations/${id}/claim`,
  messages: (id: number | string) => `/support/conversations/${id}/messages`,
  images: (id: number | string) => `/support/conversations/${id}/images`,
  transfer: (id: number | string) => `/support/conversations/${id}/transfer`,
  close: (id: number | string) => `/support/conversations/${id}/close`,
  read: (id: number | string) => `/support/conversations/${id}/read`,
  typing: (id: number | string) => `/support/conversations/${id}/typing`,
  image: (id: number | string) => `/support/images/${id}`,
  operators: '/support/operators',
} as const;

export const SUPPORT_TEXT_MAX = 1000;
export const SUPPORT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const SUPPORT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type SupportImageType = (typeof SUPPORT_IMAGE_TYPES)[number];
/** Messages one customer may send per minute. */
export const SUPPORT_RATE_PER_MINUTE = 20;
/** How long a typing signal shows. */
export const SUPPORT_TYPING_MS = 5_000;

export const SUPPORT_MESSAGES = {
  empty: '消息不可以为空',
  tooLong: `消息最多 ${SUPPORT_TEXT_MAX} 个字`,
  characters: '消息包含不支持的字符',
  image: '请选择图片',
  imageType: '只支持 PNG、JPEG、WebP 格式的图片',
  imageSize: '图片不能超过 2MB',
  rateLimited: '发送过于频繁，请稍后再试',
  conversationMissing: '会话不存在',
  imageMissing: '图片不存在',
  alreadyClaimed: '该会话已被其他客服接入',
  notYours: '该会话不由您接待，请先接入',
  closed: '该会话已结束',
  transferTarget: '请选择要转接的客服',
  transferSelf: '不能转接给自己',
  messageId: '消息编号无效',
  id: '编号无效',
  source: '客服线路无效',
  route: '来源页面无效',
  offline: '当前网络已断开，发送消息需要联网',
} as const;

export const SUPPORT_CONVERSATION_STATUSES = ['WAITING', 'ACTIVE', 'CLOSED'] as const;
export type SupportConversationStatus = (typeof SUPPORT_CONVERSATION_STATUSES)[number];
export const SUPPORT_STATUS_LABELS: Record<SupportConversationStatus, string> = { WAITING: '等待接入', ACTIVE: '服务中', CLOSED: '已结束' };

export const SupportTextSchema = requestText({ message: SUPPORT_MESSAGES.tooLong, max: SUPPORT_TEXT_MAX, kind: 'multiline', charactersMessage: SUPPORT_MESSAGES.characters })
  .refine((text) => text.trim().length > 0, { error: SUPPORT_MESSAGES.empty });

export const SendTextSchema = z.object(
  {
    text: z.unknown().transform((value, context) => {
      if (typeof value !== 'string' || value.trim() === '') {
        context.addIssue({ code: 'custom', message: SUPPORT_MESSAGES.empty });
        return z.NEVER;
      }
      const parsed = SupportTextSchema.safeParse(value);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? SUPPORT_MESSAGES.tooLong });
        return z.NEVER;
      }
      return parsed.data;
    }),
    /** The footer line the window was opened from (1–3), and the page: stored on a new conversation. */
    source: z.number({ error: SUPPORT_MESSAGES.source }).int({ error: SUPPORT_MESSAGES.source }).min(1, { error: SUPPORT_MESSAGES.source }).max(3, { error: SUPPORT_MESSAGES.source }).optional(),
    route: requestText({ message: SUPPORT_MESSAGES.route, max: 200 }).optional(),
  },
  { error: SUPPORT_MESSAGES.empty },
);
export type SendText = z.infer<typeof SendTextSchema>;

/** base64 of at most 2 MB (with a little room for padding); the type is sniffed from the bytes. */
const BASE64_MAX = Math.ceil(SUPPORT_IMAGE_MAX_BYTES / 3) * 4;
export const SendImageSchema = z.object(
  {
    data: z
      .string({ error: SUPPORT_MESSAGES.image })
      .min(1, { error: SUPPORT_MESSAGES.image })
      .max(BASE64_MAX, { error: SUPPORT_MESSAGES.imageSize })
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: SUPPORT_MESSAGES.image }),
    source: z.number({ error: SUPPORT_MESSAGES.source }).int({ error: SUPPORT_MESSAGES.source }).min(1, { error: SUPPORT_MESSAGES.source }).max(3, { error: SUPPORT_MESSAGES.source }).optional(),
    route: requestText({ message: SUPPORT_MESSAGES.route, max: 200 }).optional(),
  },
  { error: SUPPORT_MESSAGES.image },
);
export type SendImage = z.infer<typeof SendImageSchema>;
/** The request body limit of the image routes: the base64 of 2 MB plus the JSON around it. */
export const SUPPORT_IMAGE_BODY_LIMIT = BASE64_MAX + 4_096;

const positiveId = (message: string) => z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(Number.MAX_SAFE_INTEGER, { error: message });

export const MarkReadSchema = z.object({ lastReadId: positiveId(SUPPORT_MESSAGES.messageId) }, { error: SUPPORT_MESSAGES.messageId });
export const IdParamsSchema = z.object({ id: positiveId(SUPPORT_MESSAGES.id) });
export const TransferSchema = z.object(
  {
    operatorId: positiveId(SUPPORT_MESSAGES.transferTarget),
    reason: requestText({ message: '转接说明最多 200 个字', max: 200 }).optional(),
  },
  { error: SUPPORT_MESSAGES.transferTarget },
);
export const MessagesQuerySchema = z.object({ before: positiveId(SUPPORT_MESSAGES.messageId).optional() });
export const DeskListQuerySchema = z.object({
  view: z.enum(['waiting', 'mine', 'active', 'closed'], { error: '列表类型无效' }).default('waiting'),
});

export const SupportMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  sender: z.enum(['CUSTOMER', 'OPERATOR', 'SYSTEM']),
  /** The operator's display name for OPERATOR messages. */
  operatorName: z.string().nullable(),
  kind: z.enum(['TEXT', 'IMAGE']),
  text: z.string().nullable(),
  /** For IMAGE messages: where the image is served (customer path or back-office path). */
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const CustomerConversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(SUPPORT_CONVERSATION_STATUSES),
  operatorName: z.string().nullable(),
  /** The newest of the customer's messages the operator has read (read receipts). */
  operatorReadId: z.number().int(),
});
export type CustomerConversation = z.infer<typeof CustomerConversationSchema>;

export const CustomerChatSchema = z.object({
  /** The open conversation, else the last one (null before the first message). */
  conversation: CustomerConversationSchema.nullable(),
  /** Oldest first: the newest page of the customer's messages over all conversations. */
  messages: z.array(SupportMessageSchema),
  hasMore: z.boolean(),
  unread: z.number().int().nonnegative(),
});
export type CustomerChat = z.infer<typeof CustomerChatSchema>;

export const UnreadSchema = z.object({ count: z.number().int().nonnegative() });

/** /sse/im transient events (no id): typing and read receipts. `message` events carry a SupportMessage. */
export const IM_EVENTS = { message: 'message', typing: 'typing', read: 'read', conversation: 'conversation' } as const;
export const ImReadEventSchema = z.object({ operatorReadId: z.number().int() });
export const ImConversationEventSchema = CustomerConversationSchema;

export const DeskConversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(SUPPORT_CONVERSATION_STATUSES),
  customerId: z.number().int(),
  customerName: z.string(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  source: z.number().int().nullable(),
  route: z.string().nullable(),
  lastMessage: z.string().nullable(),
  /** Customer messages the operator has not read yet. */
  unread: z.number().int().nonnegative(),
  customerReadId: z.number().int(),
  customerTyping: z.boolean(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
});
export type DeskConversation = z.infer<typeof DeskConversationSchema>;
export const DeskConversationListSchema = z.object({ items: z.array(DeskConversationSchema) });
export const DeskConversationDetailSchema = z.object({ conversation: DeskConversationSchema, messages: z.array(SupportMessageSchema) });
export type DeskConversationDetail = z.infer<typeof DeskConversationDetailSchema>;
export const DeskOperatorListSchema = z.object({ items: z.array(z.object({ id: z.number().int(), displayName: z.string(), username: z.string() })) });
