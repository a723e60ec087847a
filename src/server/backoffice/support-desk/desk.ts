// The desk's writes: claim (atomic: of two operators claiming at once exactly one wins), answer,
// transfer, close, read. Each holds the customer's chat lock (message ids in commit order, messages.ts)
// and runs inside withOperatorWrite with its audit row.
import type pg from 'pg';
import { SUPPORT_MESSAGES, type DeskConversation, type SupportMessage } from '../../../shared/api/support-chat.ts';
import { errors } from '../../http/errors.ts';
import { notifyIm } from '../../support-chat/im-hub.ts';
import { insertMessage, insertSystemMessage, lockCustomerChat, type MessageContent } from '../../support-chat/messages.ts';
import { deskConversations } from '../../support-chat/views.ts';
import type { Audit, OperatorPrincipal } from '../core/api.ts';

interface Locked {
  id: number;
  customerId: number;
  status: DeskConversation['status'];
  operatorId: number | null;
}

/** Takes the customer's lock, then the conversation row. */
async function lockConversation(client: pg.PoolClient, id: number): Promise<Locked> {
  const found = await client.query<{ customer_id: string }>('SELECT customer_id FROM support_conversations WHERE id = $1', [id]);
  if (!found.rows[0]) throw errors.notFound(SUPPORT_MESSAGES.conversationMissing);
  await lockCustomerChat(client, Number(found.rows[0].customer_id));
  const row = await client.query<{ customer_id: string; status: Locked['status']; operator_id: number | null }>(
    'SELECT customer_id, status, operator_id FROM support_conversations WHERE id = $1 FOR UPDATE',
    [id],
  );
  const locked = row.rows[0]!;
  return { id, customerId: Number(locked.customer_id), status: locked.status, operatorId: locked.operator_id };
}

/** An ACTIVE conversation this operator holds (a super admin may act on any ACTIVE one). */
function assertHeldBy(conversation: Locked, operator: OperatorPrincipal): void {
  if (conversation.status === 'CLOSED') throw errors.conflict(SUPPORT_MESSAGES.closed);
  if (conversation.status !== 'ACTIVE') throw errors.conflict(SUPPORT_MESSAGES.notYours);
  if (conversation.operatorId !== operator.id && operator.role !== 'SUPER_ADMIN') throw errors.conflict(SUPPORT_MESSAGES.notYours);
}

export async function deskConversation(client: pg.PoolClient | pg.Pool, id: number): Promise<DeskConversation> {
  const [conversation] = await deskConversations(client, 'c.id = $1', [id], 'c.id');
  if (!conversation) throw errors.notFound(SUPPORT_MESSAGES.conversationMissing);
  return conversation;
}

export async function claim(client: pg.PoolClient, audit: Audit, operator: OperatorPrincipal, id: number): Promise<DeskConversation> {
  const conversation = await lockConversation(client, id);
  const claimed = await client.query(
    `UPDATE support_conversations SET status = 'ACTIVE', operator_id = $2, claimed_at = now() WHERE id = $1 AND status = 'WAITING'`,
    [id, operator.id],
  );
  if (claimed.rowCount !== 1) throw errors.conflict(conversation.status === 'CLOSED' ? SUPPORT_MESSAGES.closed : SUPPORT_MESSAGES.alreadyClaimed);
  await insertSystemMessage(client, id, conversation.customerId, `客服 ${operator.displayName} 已接入，很高兴为您服务`);
  await audit({ action: 'support.claim', targetType: 'support_conversation', targetId: id, before: { status: 'WAITING' }, after: { status: 'ACTIVE', operatorId: operator.id } });
  return deskConversation(client, id);
}

export async function answer(
  client: pg.PoolClient,
  audit: Audit,
  operator: OperatorPrincipal,
  id: number,
  content: MessageContent,
): Promise<{ message: SupportMessage; customerId: number }> {
  const conversation = await lockConversation(client, id);
  assertHeldBy(conversation, operator);
  const message = await insertMessage(
    client,
    { conversationId: id, customerId: conversation.customerId, sender: 'OPERATOR', operatorId: operator.id, content },
    'desk',
  );
  // Answering implies having read what the customer wrote before.
  await client.query('UPDATE support_conversations SET operator_read_id = $2 WHERE id = $1 AND operator_read_id < $2', [id, message.id]);
  await notifyIm(client, { c: conversation.customerId, k: 'r', id: message.id });
  await audit({
    action: 'support.answer',
    targetType: 'support_conversation',
    targetId: id,
    before: null,
    after: { messageId: message.id, kind: content.kind, ...(content.kind === 'TEXT' ? { length: content.text.length } : { bytes: content.bytes.length }) },
  });
  return { message, customerId: conversation.customerId };
}

export async function transfer(
  client: pg.PoolClient,
  audit: Audit,
  operator: OperatorPrincipal,
  id: number,
  targetId: number,
  reason: string | undefined,
): Promise<DeskConversation> {
  const conversation = await lockConversation(client, id);
  assertHeldBy(conversation, operator);
  if (targetId === conversation.operatorId) throw errors.validation(SUPPORT_MESSAGES.transferSelf);
  const target = await client.query<{ display_name: string }>(
    `SELECT display_name FROM operators WHERE id = $1 AND role IN ('SUPPORT', 'SUPER_ADMIN') AND disabled_at IS NULL`,
    [targetId],
  );
  if (!target.rows[0]) throw errors.validation(SUPPORT_MESSAGES.transferTarget);
  await client.query('UPDATE support_conversations SET operator_id = $2 WHERE id = $1', [id, targetId]);
  await insertSystemMessage(client, id, conversation.customerId, `已为您转接至客服 ${target.rows[0].display_name}`);
  await audit({
    action: 'support.transfer',
    targetType: 'support_conversation',
    targetId: id,
    before: { operatorId: conversation.operatorId },
    after: { operatorId: targetId },
    reason: reason ?? null,
  });
  return deskConversation(client, id);
}

export async function close(client: pg.PoolClient, audit: Audit, operator: OperatorPrincipal, id: number): Promise<DeskConversation> {
  const conversation = await lockConversation(client, id);
  if (conversation.status === 'CLOSED') throw errors.conflict(SUPPORT_MESSAGES.closed);
  if (conversation.status === 'ACTIVE') assertHeldBy(conversation, operator);
  await client.query(`UPDATE support_conversations SET status = 'CLOSED', closed_at = now(), customer_typing_at = NULL WHERE id = $1`, [id]);
  await insertSystemMessage(client, id, conversation.customerId, '本次会话已结束，如需帮助请重新发送消息');
  await audit({ action: 'support.close', targetType: 'support_conversation', targetId: id, before: { status: conversation.status }, after: { status: 'CLOSED' } });
  return deskConversation(client, id);
}

/** Read receipt: the operator has read the customer's messages up to `lastReadId` (never backwards). */
export async function markRead(client: pg.PoolClient, audit: Audit, operator: OperatorPrincipal, id: number, lastReadId: number): Promise<DeskConversation> {
  const conversation = await lockConversation(client, id);
  // Only whoever answers the customer may tell them (and the desk's unread count) that it was read.
  assertHeldBy(conversation, operator);
  const updated = await client.query<{ operator_read_id: string }>(
    `UPDATE support_conversations c
        SET operator_read_id = (SELECT max(m.id) FROM support_messages m WHERE m.conversation_id = c.id AND m.id <= $2)
      WHERE c.id = $1 AND EXISTS (SELECT 1 FROM support_messages m WHERE m.conversation_id = c.id AND m.id <= $2 AND m.id > c.operator_read_id)
      RETURNING operator_read_id`,
    [id, lastReadId],
  );
  const readId = updated.rows[0] ? Number(updated.rows[0].operator_read_id) : null;
  if (readId !== null) await notifyIm(client, { c: conversation.customerId, k: 'r', id: readId });
  await audit({ action: 'support.read', targetType: 'support_conversation', targetId: id, before: null, after: { operatorReadId: readId } });
  return deskConversation(client, id);
}
