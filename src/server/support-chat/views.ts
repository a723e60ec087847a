// How conversations and messages read, for the customer and for the desk.
import type { CustomerConversation, DeskConversation, SupportMessage } from '../../shared/api/support-chat.ts';
import { SUPPORT_CHAT_PATHS, SUPPORT_DESK_PATHS, SUPPORT_TYPING_MS } from '../../shared/api/support-chat.ts';
import { BACKOFFICE_API } from '../../shared/backoffice/session.ts';
import type { Queryable } from '../db/pool.ts';

export type Audience = 'customer' | 'desk';

export const MESSAGE_COLUMNS = `m.id, m.conversation_id, m.sender, m.kind, m.body, m.created_at, o.display_name AS operator_name`;
export const MESSAGE_FROM = `support_messages m LEFT JOIN operators o ON o.id = m.operator_id`;

export interface MessageRow {
  id: string | number;
  conversation_id: string | number;
  sender: SupportMessage['sender'];
  kind: SupportMessage['kind'];
  body: string | null;
  created_at: Date;
  operator_name: string | null;
}

export function messageView(row: MessageRow, audience: Audience): SupportMessage {
  const id = Number(row.id);
  const imageUrl = audience === 'customer' ? SUPPORT_CHAT_PATHS.image(id) : `${BACKOFFICE_API}${SUPPORT_DESK_PATHS.image(id)}`;
  return {
    id,
    conversationId: Number(row.conversation_id),
    sender: row.sender,
    operatorName: row.sender === 'OPERATOR' ? row.operator_name : null,
    kind: row.kind,
    text: row.body,
    imageUrl: row.kind === 'IMAGE' ? imageUrl : null,
    createdAt: row.created_at.toISOString(),
  };
}

export async function messagesAfter(db: Queryable, customerId: number, afterId: number, limit: number): Promise<SupportMessage[]> {
  const result = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.customer_id = $1 AND m.id > $2 ORDER BY m.id LIMIT $3`,
    [customerId, afterId, limit],
  );
  return result.rows.map((row) => messageView(row, 'customer'));
}

/** The customer's open conversation, else the newest one. */
export async function customerConversation(db: Queryable, customerId: number): Promise<CustomerConversation | null> {
  const result = await db.query<{ id: string; status: CustomerConversation['status']; operator_name: string | null; operator_read_id: string }>(
    `SELECT c.id, c.status, o.display_name AS operator_name, c.operator_read_id
       FROM support_conversations c LEFT JOIN operators o ON o.id = c.operator_id
      WHERE c.customer_id = $1 ORDER BY (c.status <> 'CLOSED') DESC, c.id DESC LIMIT 1`,
    [customerId],
  );
  const row = result.rows[0];
  return row ? { id: Number(row.id), status: row.status, operatorName: row.operator_name, operatorReadId: Number(row.operator_read_id) } : null;
}

/** Operator messages the customer has not read, over all their conversations. */
export async function customerUnread(db: Queryable, customerId: number): Promise<number> {
  const result = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM support_messages m JOIN support_conversations c ON c.id = m.conversation_id
      WHERE m.customer_id = $1 AND m.sender = 'OPERATOR' AND m.id > c.customer_read_id`,
    [customerId],
  );
  return result.rows[0]?.count ?? 0;
}

interface DeskRow {
  id: string;
  status: DeskConversation['status'];
  customer_id: string;
  customer_name: string;
  operator_id: number | null;
  operator_name: string | null;
  source: number | null;
  route: string | null;
  last_kind: 'TEXT' | 'IMAGE' | null;
  last_body: string | null;
  unread: number;
  customer_read_id: string;
  customer_typing: boolean;
  created_at: Date;
  last_message_at: Date;
}

export const DESK_SELECT = `
  SELECT c.id, c.status, c.customer_id, cu.username AS customer_name, c.operator_id, o.display_name AS operator_name,
         c.source, c.route, last.kind AS last_kind, last.body AS last_body,
         (SELECT count(*)::int FROM support_messages u WHERE u.conversation_id = c.id AND u.sender = 'CUSTOMER' AND u.id > c.operator_read_id) AS unread,
         c.customer_read_id,
         coalesce(c.customer_typing_at > now() - make_interval(secs => ${SUPPORT_TYPING_MS / 1000}), false) AS customer_typing,
         c.created_at, c.last_message_at
    FROM support_conversations c
    JOIN customers cu ON cu.id = c.customer_id
    LEFT JOIN operators o ON o.id = c.operator_id
    LEFT JOIN LATERAL (SELECT l.kind, l.body FROM support_messages l WHERE l.conversation_id = c.id AND l.sender <> 'SYSTEM' ORDER BY l.id DESC LIMIT 1) last ON true`;

export function deskView(row: DeskRow): DeskConversation {
  return {
    id: Number(row.id),
    status: row.status,
    customerId: Number(row.customer_id),
    customerName: row.customer_name,
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    source: row.source,
    route: row.route,
    lastMessage: row.last_kind === 'IMAGE' ? '[图片]' : row.last_body,
    unread: row.unread,
    customerReadId: Number(row.customer_read_id),
    customerTyping: row.customer_typing,
    createdAt: row.created_at.toISOString(),
    lastMessageAt: row.last_message_at.toISOString(),
  };
}

export async function deskConversations(db: Queryable, where: string, params: unknown[], order: string): Promise<DeskConversation[]> {
  const result = await db.query<DeskRow>(`${DESK_SELECT} WHERE ${where} ORDER BY ${order} LIMIT 200`, params);
  return result.rows.map(deskView);
}
