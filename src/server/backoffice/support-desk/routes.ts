// Back office 客服工作台 (issue 21 item 2, docs/messages/customer-service.md): the waiting queue, my
// conversations, all active and recently closed ones; claim, answer (text or image), transfer, close,
// read receipts and typing. `support.read` looks, `support.chat` acts; every write is audited. The desk
// refreshes by short-interval refetch (the page), the customer's side is live (GET /sse/im).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DeskConversationDetailSchema,
  DeskConversationListSchema,
  DeskConversationSchema,
  DeskListQuerySchema,
  DeskOperatorListSchema,
  IdParamsSchema,
  MarkReadSchema,
  SendImageSchema,
  SendTextSchema,
  SUPPORT_DESK_PATHS,
  SUPPORT_IMAGE_BODY_LIMIT,
  SUPPORT_MESSAGES,
  SupportMessageSchema,
  TransferSchema,
} from '../../../shared/api/support-chat.ts';
import type { Permission } from '../../../shared/backoffice/permissions.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import { notifyIm } from '../../support-chat/im-hub.ts';
import { decodeImage } from '../../support-chat/images.ts';
import { publishOperatorMessage, type MessageContent } from '../../support-chat/messages.ts';
import { sendImage } from '../../support-chat/routes.ts';
import { deskConversations, MESSAGE_COLUMNS, MESSAGE_FROM, messageView, type MessageRow } from '../../support-chat/views.ts';
import { operatorOf, withOperatorWrite } from '../core/api.ts';
import { answer, claim, close, deskConversation, markRead, transfer } from './desk.ts';

const path = (p: string) => `${BACKOFFICE_API}${p}`;
const rule = (permission: Permission) => ({ operator: { permission } });
const read = rule('support.read');
const chat = rule('support.chat');
const HISTORY = 200;

export async function supportDeskRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;

  r.get(path(SUPPORT_DESK_PATHS.conversations), { config: read, schema: { querystring: DeskListQuerySchema, response: { 200: DeskConversationListSchema } } }, async (request) => {
    const operator = operatorOf(request);
    switch (request.query.view) {
      case 'waiting':
        return { items: await deskConversations(pool, `c.status = 'WAITING'`, [], 'c.created_at, c.id') };
      case 'mine':
        return { items: await deskConversations(pool, `c.status = 'ACTIVE' AND c.operator_id = $1`, [operator.id], 'c.last_message_at DESC, c.id DESC') };
      case 'active':
        return { items: await deskConversations(pool, `c.status = 'ACTIVE'`, [], 'c.last_message_at DESC, c.id DESC') };
      case 'closed':
        return { items: await deskConversations(pool, `c.status = 'CLOSED'`, [], 'c.closed_at DESC, c.id DESC') };
    }
  });

  r.get(path(SUPPORT_DESK_PATHS.conversation(':id')), { config: read, schema: { params: IdParamsSchema, response: { 200: DeskConversationDetailSchema } } }, async (request) => {
    const conversation = await deskConversation(pool, request.params.id);
    // The customer's recent history over all conversations: context for whoever answers.
    const rows = await pool.query<MessageRow>(
      `SELECT * FROM (SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.customer_id = $1 AND m.conversation_id <= $2 ORDER BY m.id DESC LIMIT $3) recent ORDER BY id`,
      [conversation.customerId, conversation.id, HISTORY],
    );
    return { conversation, messages: rows.rows.map((row) => messageView(row, 'desk')) };
  });

  r.get(path(SUPPORT_DESK_PATHS.image(':id')), { config: read, schema: { params: IdParamsSchema } }, async (request, reply) =>
    sendImage(pool, reply, request.params.id, null),
  );

  r.get(path(SUPPORT_DESK_PATHS.operators), { config: chat, schema: { response: { 200: DeskOperatorListSchema } } }, async () => {
    const result = await pool.query<{ id: number; display_name: string; username: string }>(
      `SELECT id, display_name, username FROM operators WHERE role IN ('SUPPORT', 'SUPER_ADMIN') AND disabled_at IS NULL ORDER BY display_name, id`,
    );
    return { items: result.rows.map((row) => ({ id: row.id, displayName: row.display_name, username: row.username })) };
  });

  r.post(path(SUPPORT_DESK_PATHS.claim(':id')), { config: chat, schema: { params: IdParamsSchema, response: { 200: DeskConversationSchema } } }, async (request) =>
    withOperatorWrite(ctx, request, (client, audit) => claim(client, audit, operatorOf(request), request.params.id)),
  );

  const reply = async (request: Parameters<typeof operatorOf>[0], id: number, content: MessageContent) => {
    const sent = await withOperatorWrite(ctx, request, (client, audit) => answer(client, audit, operatorOf(request), id, content));
    void publishOperatorMessage(ctx, sent.customerId, sent.message, request.log);
    return sent.message;
  };

  r.post(
    path(SUPPORT_DESK_PATHS.messages(':id')),
    { config: chat, schema: { params: IdParamsSchema, body: SendTextSchema, response: { 200: SupportMessageSchema } } },
    async (request) => reply(request, request.params.id, { kind: 'TEXT', text: request.body.text }),
  );

  r.post(
    path(SUPPORT_DESK_PATHS.images(':id')),
    { config: chat, bodyLimit: SUPPORT_IMAGE_BODY_LIMIT, schema: { params: IdParamsSchema, body: SendImageSchema, response: { 200: SupportMessageSchema } } },
    async (request) => reply(request, request.params.id, { kind: 'IMAGE', ...decodeImage(request.body.data) }),
  );

  r.post(
    path(SUPPORT_DESK_PATHS.transfer(':id')),
    { config: chat, schema: { params: IdParamsSchema, body: TransferSchema, response: { 200: DeskConversationSchema } } },
    async (request) =>
      withOperatorWrite(ctx, request, (client, audit) =>
        transfer(client, audit, operatorOf(request), request.params.id, request.body.operatorId, request.body.reason),
      ),
  );

  r.post(path(SUPPORT_DESK_PATHS.close(':id')), { config: chat, schema: { params: IdParamsSchema, response: { 200: DeskConversationSchema } } }, async (request) =>
    withOperatorWrite(ctx, request, (client, audit) => close(client, audit, operatorOf(request), request.params.id)),
  );

  r.post(
    path(SUPPORT_DESK_PATHS.read(':id')),
    { config: chat, schema: { params: IdParamsSchema, body: MarkReadSchema, response: { 200: DeskConversationSchema } } },
    async (request) => withOperatorWrite(ctx, request, (client, audit) => markRead(client, audit, operatorOf(request), request.params.id, request.body.lastReadId)),
  );

  // Transient: no row changes, so nothing to audit.
  r.post(path(SUPPORT_DESK_PATHS.typing(':id')), { config: chat, schema: { params: IdParamsSchema, response: { 200: DeskOperatorListSchema.pick({}) } } }, async (request) => {
    const conversation = await deskConversation(pool, request.params.id);
    const operator = operatorOf(request);
    if (conversation.status !== 'ACTIVE' || (conversation.operatorId !== operator.id && operator.role !== 'SUPER_ADMIN')) throw errors.conflict(SUPPORT_MESSAGES.notYours);
    await notifyIm(pool, { c: conversation.customerId, k: 't' });
    return {};
  });
}
