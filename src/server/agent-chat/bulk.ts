// 群发 (spec §3.5 bulk chat recipients): one bulk row and, in the same statement batch, one message per
// recipient conversation, so a member reads and answers it like any other message. Rate-limited per
// agent with a reserved slot (atomic across processes); a send that reaches nobody gives it back.
import type pg from 'pg';
import { CHAT_MESSAGES, type BulkRecipients } from '../../shared/api/agent-chat.ts';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import { releaseSlot, reserveSlot } from '../accounts/rate-limit.ts';
import { withTransaction } from '../db/pool.ts';
import { AppError, errors } from '../http/errors.ts';
import { chatMessageEvent, unreadCountEvents, type LiveEvent } from './events.ts';

/** Bulk sends one agent may make per hour. */
export const BULK_SENDS_PER_HOUR = 10;

const DEPTH_RULE: Record<BulkRecipients, string> = {
  ALL: 't.depth > 0',
  ALL_DIRECT_MEMBER: 't.depth = 1',
  ALL_INDIRECT_MEMBER: 't.depth > 1',
};

export interface BulkSent {
  id: number;
  recipientCount: number;
  events: LiveEvent[];
}

export async function bulkSend(
  pool: pg.Pool,
  agent: { id: number; username: string },
  recipients: BulkRecipients,
  content: string,
): Promise<BulkSent> {
  const slot = await reserveSlot(pool, { bucket: 'agent-chat-bulk', key: String(agent.id), limit: BULK_SENDS_PER_HOUR, windowMs: 3_600_000 });
  if (slot === null) throw new AppError(429, ERROR_CODES.RATE_LIMITED, CHAT_MESSAGES.bulkRate);
  let sent: { id: number; messages: { id: number; recipientId: number }[] };
  try {
    sent = await withTransaction(pool, async (client) => {
      const bulk = await client.query<{ id: string }>(
        `INSERT INTO agent_chat_bulk_sends (agent_id, recipients, content, recipient_count) VALUES ($1, $2, $3, 0) RETURNING id`,
        [agent.id, recipients, content],
      );
      const bulkId = Number(bulk.rows[0]!.id);
      const inserted = await client.query<{ id: string; recipient_id: string }>(
        `INSERT INTO agent_chat_messages (agent_id, member_id, sender_id, recipient_id, content, bulk_id)
         SELECT $1, t.descendant_id, $1, t.descendant_id, $2, $3
           FROM customer_tree t JOIN customers c ON c.id = t.descendant_id AND c.test_mode IS NULL
          WHERE t.ancestor_id = $1 AND ${DEPTH_RULE[recipients]}
          ORDER BY t.descendant_id
         RETURNING id, recipient_id`,
        [agent.id, content, bulkId],
      );
      if (inserted.rowCount === 0) throw errors.validation(CHAT_MESSAGES.noRecipients, { recipients: CHAT_MESSAGES.noRecipients });
      await client.query('UPDATE agent_chat_bulk_sends SET recipient_count = $2 WHERE id = $1', [bulkId, inserted.rowCount]);
      return { id: bulkId, messages: inserted.rows.map((row) => ({ id: Number(row.id), recipientId: Number(row.recipient_id) })) };
    });
  } catch (error) {
    await releaseSlot(pool, slot);
    throw error;
  }
  const events: LiveEvent[] = sent.messages.map((message) =>
    chatMessageEvent(message.recipientId, { id: message.id, senderId: agent.id, from: agent.username, content }),
  );
  events.push(...(await unreadCountEvents(pool, sent.messages.map((message) => message.recipientId))));
  return { id: sent.id, recipientCount: sent.messages.length, events };
}
