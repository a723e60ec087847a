// Live events of the agent chat (decisions §6), built after the statement that stored the message
// committed: the message itself for its recipient, and the recipient's new AGENT unread count.
import type { Queryable } from '../db/pool.ts';
import type { LiveEventPayloads } from '../../shared/api/events.ts';
import type { NewLiveEvent } from '../events/outbox.ts';

export interface LiveEvent<K extends keyof LiveEventPayloads = keyof LiveEventPayloads> extends NewLiveEvent {
  customerId: number;
  type: K;
  payload: LiveEventPayloads[K];
}

export function chatMessageEvent(recipientId: number, message: { id: number; senderId: number; from: string; content: string }): LiveEvent<'chatMessage'> {
  return {
    customerId: recipientId,
    type: 'chatMessage',
    payload: { channel: 'AGENT', messageId: message.id, contactId: message.senderId, from: message.from, content: message.content },
  };
}

/** The AGENT-channel unread count of each customer, as events (one query for any number of them). */
export async function unreadCountEvents(db: Queryable, customerIds: readonly number[]): Promise<LiveEvent<'unreadMessageCount'>[]> {
  if (customerIds.length === 0) return [];
  const counts = await db.query<{ id: string; count: number }>(
    `SELECT ids.id, (SELECT count(*)::int FROM agent_chat_messages m WHERE m.recipient_id = ids.id AND m.read_at IS NULL) AS count
       FROM unnest($1::bigint[]) AS ids(id)`,
    [customerIds],
  );
  return counts.rows.map((row) => ({
    customerId: Number(row.id),
    type: 'unreadMessageCount' as const,
    payload: { count: row.count, channel: 'AGENT' as const },
  }));
}

export async function unreadCount(db: Queryable, customerId: number): Promise<number> {
  const result = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM agent_chat_messages WHERE recipient_id = $1 AND read_at IS NULL',
    [customerId],
  );
  return result.rows[0]!.count;
}
