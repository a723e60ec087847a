// One conversation's messages: the newest page (or older ones), sending one, and marking what the
// caller received as read.
import type pg from 'pg';
import { CHAT_MESSAGES, CHAT_PAGE_SIZE, type AgentChatMessage, type ChatMessageList } from '../../shared/api/agent-chat.ts';
import { consumeOrRefuse } from '../accounts/rate-limit.ts';
import type { Queryable } from '../db/pool.ts';
import { chatMessageEvent, unreadCountEvents, type LiveEvent } from './events.ts';
import { resolveConversation, type Conversation } from './conversations.ts';

/** Messages one customer may send per minute, all conversations together (bulk sends aside). */
export const MESSAGES_PER_MINUTE = 30;

interface MessageRow {
  id: string;
  sender_id: string;
  content: string;
  created_at: Date;
  read_at: Date | null;
  bulk_id: string | null;
}

function present(row: MessageRow, callerId: number): AgentChatMessage {
  return {
    id: Number(row.id),
    mine: Number(row.sender_id) === callerId,
    content: row.content,
    createdAt: row.created_at.getTime(),
    read: row.read_at !== null,
    bulk: row.bulk_id !== null,
  };
}

async function contactSummary(db: Queryable, conversation: Conversation): Promise<ChatMessageList['contact']> {
  const found = await db.query<{ username: string; alias: string }>('SELECT username, alias FROM customers WHERE id = $1', [
    conversation.contactId,
  ]);
  const row = found.rows[0]!;
  const relation = conversation.contactId === conversation.agentId ? 'UPLINE' : 'MEMBER';
  return { id: conversation.contactId, username: row.username, alias: row.alias, relation };
}

export async function listMessages(db: Queryable, callerId: number, contactId: number, before?: number): Promise<ChatMessageList> {
  const conversation = await resolveConversation(db, callerId, contactId);
  const rows = await db.query<MessageRow>(
    `SELECT id, sender_id, content, created_at, read_at, bulk_id FROM agent_chat_messages
      WHERE agent_id = $1 AND member_id = $2 AND ($3::bigint IS NULL OR id < $3)
      ORDER BY id DESC LIMIT $4`,
    [conversation.agentId, conversation.memberId, before ?? null, CHAT_PAGE_SIZE + 1],
  );
  const page = rows.rows.slice(0, CHAT_PAGE_SIZE).reverse();
  return {
    items: page.map((row) => present(row, callerId)),
    hasMore: rows.rows.length > CHAT_PAGE_SIZE,
    contact: await contactSummary(db, conversation),
  };
}

export interface Sent {
  message: AgentChatMessage;
  events: LiveEvent[];
}

export async function sendMessage(pool: pg.Pool, sender: { id: number; username: string }, contactId: number, content: string): Promise<Sent> {
  const conversation = await resolveConversation(pool, sender.id, contactId);
  await consumeOrRefuse(pool, { bucket: 'agent-chat-message', key: String(sender.id), limit: MESSAGES_PER_MINUTE, windowMs: 60_000 }, CHAT_MESSAGES.messageRate);
  const inserted = await pool.query<MessageRow>(
    `INSERT INTO agent_chat_messages (agent_id, member_id, sender_id, recipient_id, content)
     VALUES ($1, $2, $3, $4, $5) RETURNING id, sender_id, content, created_at, read_at, bulk_id`,
    [conversation.agentId, conversation.memberId, sender.id, contactId, content],
  );
  const message = present(inserted.rows[0]!, sender.id);
  const events = [
    chatMessageEvent(contactId, { id: message.id, senderId: sender.id, from: sender.username, content }),
    ...(await unreadCountEvents(pool, [contactId])),
  ];
  return { message, events };
}

/** Marks what the caller received in this conversation as read; returns the caller's new unread total. */
export async function markRead(pool: pg.Pool, callerId: number, contactId: number): Promise<{ count: number; events: LiveEvent[] }> {
  const conversation = await resolveConversation(pool, callerId, contactId);
  await pool.query(
    `UPDATE agent_chat_messages SET read_at = now()
      WHERE agent_id = $1 AND member_id = $2 AND recipient_id = $3 AND read_at IS NULL`,
    [conversation.agentId, conversation.memberId, callerId],
  );
  const events = await unreadCountEvents(pool, [callerId]);
  return { count: events[0]?.payload.count ?? 0, events };
}
