// The write side of the chat. Every insert of a customer's messages holds that customer's advisory
// lock, so message ids become visible in id order per customer: a /sse/im stream resuming after an id
// can never skip a message committed later with a lower id. The NOTIFY that wakes the streams is sent
// inside the same transaction, so PostgreSQL delivers it only once the rows are committed.
import type pg from 'pg';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import { SUPPORT_MESSAGES, SUPPORT_RATE_PER_MINUTE, type SupportImageType, type SupportMessage } from '../../shared/api/support-chat.ts';
import type { ServerContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { notifyIm } from './im-hub.ts';
import { MESSAGE_COLUMNS, MESSAGE_FROM, customerUnread, messageView, type Audience, type MessageRow } from './views.ts';

const CUSTOMER_LOCK = 7_412_021;

export async function lockCustomerChat(client: pg.PoolClient, customerId: number): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1, $2)', [CUSTOMER_LOCK, customerId]);
}

export type MessageContent = { kind: 'TEXT'; text: string } | { kind: 'IMAGE'; type: SupportImageType; bytes: Buffer };

export interface NewMessage {
  conversationId: number;
  customerId: number;
  sender: SupportMessage['sender'];
  operatorId: number | null;
  content: MessageContent;
}

/** Inserts one message (the caller holds the customer's lock) and wakes the customer's streams. */
export async function insertMessage(client: pg.PoolClient, message: NewMessage, audience: Audience): Promise<SupportMessage> {
  const { content } = message;
  const inserted = await client.query<{ id: string }>(
    `INSERT INTO support_messages (conversation_id, customer_id, sender, operator_id, kind, body, image_type, image_data)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      message.conversationId,
      message.customerId,
      message.sender,
      message.operatorId,
      content.kind,
      content.kind === 'TEXT' ? content.text : null,
      content.kind === 'IMAGE' ? content.type : null,
      content.kind === 'IMAGE' ? content.bytes : null,
    ],
  );
  await client.query('UPDATE support_conversations SET last_message_at = now() WHERE id = $1', [message.conversationId]);
  await notifyIm(client, { c: message.customerId, k: 'm' });
  const row = await client.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.id = $1`, [inserted.rows[0]!.id]);
  return messageView(row.rows[0]!, audience);
}

export async function insertSystemMessage(client: pg.PoolClient, conversationId: number, customerId: number, text: string): Promise<void> {
  await insertMessage(client, { conversationId, customerId, sender: 'SYSTEM', operatorId: null, content: { kind: 'TEXT', text } }, 'customer');
  await notifyIm(client, { c: customerId, k: 'c' });
}

/** Refuses a customer's message beyond SUPPORT_RATE_PER_MINUTE (the caller holds the customer's lock). */
async function checkRate(client: pg.PoolClient, customerId: number): Promise<void> {
  const result = await client.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM support_messages
      WHERE customer_id = $1 AND sender = 'CUSTOMER' AND created_at > clock_timestamp() - interval '1 minute'`,
    [customerId],
  );
  if ((result.rows[0]?.count ?? 0) >= SUPPORT_RATE_PER_MINUTE) throw new AppError(429, ERROR_CODES.RATE_LIMITED, SUPPORT_MESSAGES.rateLimited);
}

export interface Origin {
  source?: number | undefined;
  route?: string | undefined;
}

/** A customer's message: into the open conversation, or a new WAITING one. */
export async function sendCustomerMessage(client: pg.PoolClient, customerId: number, content: MessageContent, origin: Origin): Promise<SupportMessage> {
  await lockCustomerChat(client, customerId);
  await checkRate(client, customerId);
  const open = await client.query<{ id: string }>(
    `SELECT id FROM support_conversations WHERE customer_id = $1 AND status <> 'CLOSED' FOR UPDATE`,
    [customerId],
  );
  let conversationId = open.rows[0] ? Number(open.rows[0].id) : null;
  if (conversationId === null) {
    const created = await client.query<{ id: string }>(
      'INSERT INTO support_conversations (customer_id, source, route) VALUES ($1, $2, $3) RETURNING id',
      [customerId, origin.source ?? null, origin.route ?? null],
    );
    conversationId = Number(created.rows[0]!.id);
    await notifyIm(client, { c: customerId, k: 'c' });
  }
  await client.query('UPDATE support_conversations SET customer_typing_at = NULL WHERE id = $1', [conversationId]);
  return insertMessage(client, { conversationId, customerId, sender: 'CUSTOMER', operatorId: null, content }, 'customer');
}

/** Marks the customer's messages read up to `lastReadId` (never backwards); answers the unread count. */
export async function markCustomerRead(client: pg.PoolClient | pg.Pool, customerId: number, lastReadId: number): Promise<number> {
  await client.query(
    `UPDATE support_conversations c
        SET customer_read_id = (SELECT max(m.id) FROM support_messages m WHERE m.conversation_id = c.id AND m.id <= $2)
      WHERE c.customer_id = $1
        AND EXISTS (SELECT 1 FROM support_messages m WHERE m.conversation_id = c.id AND m.id <= $2 AND m.id > c.customer_read_id)`,
    [customerId, lastReadId],
  );
  return customerUnread(client, customerId);
}

/** The live events of an operator's message for the customer's main stream (published after commit). */
export async function publishOperatorMessage(ctx: ServerContext, customerId: number, message: SupportMessage, log: { warn: (obj: object, msg: string) => void }): Promise<void> {
  try {
    const count = await customerUnread(ctx.database.pool, customerId);
    await ctx.events.publish([
      {
        customerId,
        type: 'chatMessage',
        payload: { channel: 'SUPPORT', messageId: message.id, contactId: null, from: message.operatorName ?? '客服', content: message.text ?? '[图片]' },
      },
      { customerId, type: 'unreadMessageCount', payload: { count, channel: 'SUPPORT' } },
    ]);
  } catch (error) {
    log.warn({ err: error }, 'support chat events not published');
  }
}

export function publishUnread(ctx: ServerContext, customerId: number, count: number, log: { warn: (obj: object, msg: string) => void }): void {
  void ctx.events.publishTo(customerId, 'unreadMessageCount', { count, channel: 'SUPPORT' }).catch((error: unknown) => log.warn({ err: error }, 'support unread count not published'));
}
