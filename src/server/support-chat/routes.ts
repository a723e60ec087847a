// Customer-service chat (issue 21 item 2, docs/messages/customer-service.md): /ajax/customer-service/...
// for a logged-in customer (trial accounts too: they need help as much as anyone) and GET /sse/im.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CustomerChatSchema,
  IdParamsSchema,
  MarkReadSchema,
  MessagesQuerySchema,
  SendImageSchema,
  SendTextSchema,
  SUPPORT_CHAT_PATHS,
  SUPPORT_IMAGE_BODY_LIMIT,
  SUPPORT_MESSAGES,
  SupportMessageSchema,
  UnreadSchema,
} from '../../shared/api/support-chat.ts';
import type { ServerContext } from '../context.ts';
import { withTransaction, type Queryable } from '../db/pool.ts';
import { errors } from '../http/errors.ts';
import { requireSession, type AccessRule } from '../session/access.ts';
import { ImHub } from './im-hub.ts';
import { decodeImage } from './images.ts';
import { markCustomerRead, publishUnread, sendCustomerMessage, type MessageContent, type Origin } from './messages.ts';
import { registerImStream } from './stream.ts';
import { customerConversation, customerUnread, MESSAGE_COLUMNS, MESSAGE_FROM, messageView, type MessageRow } from './views.ts';

const loggedIn: AccessRule = { tier: 'loggedIn' };
const config = { access: loggedIn };
const PAGE = 50;

/** Sends a stored image with the sniffed type; never sniffed again by the browser. */
export async function sendImage(db: Queryable, reply: FastifyReply, id: number, customerId: number | null): Promise<Buffer> {
  const result = await db.query<{ image_type: string; image_data: Buffer }>(
    `SELECT image_type, image_data FROM support_messages WHERE id = $1 AND kind = 'IMAGE' AND ($2::bigint IS NULL OR customer_id = $2)`,
    [id, customerId],
  );
  const row = result.rows[0];
  if (!row) throw errors.notFound(SUPPORT_MESSAGES.imageMissing);
  void reply
    .header('content-type', row.image_type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .header('cache-control', 'private, max-age=86400');
  return row.image_data;
}

export async function supportChatRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const hub = new ImHub(ctx.database.url, app.log);
  app.addHook('onClose', () => hub.close());
  const customerOf = async (request: FastifyRequest) => Number((await requireSession(ctx, request)).customer.id);

  const send = async (request: FastifyRequest, content: MessageContent, origin: Origin) => {
    const customerId = await customerOf(request);
    return withTransaction(pool, (client) => sendCustomerMessage(client, customerId, content, origin));
  };

  r.get(SUPPORT_CHAT_PATHS.conversation, { config, schema: { querystring: MessagesQuerySchema, response: { 200: CustomerChatSchema } } }, async (request) => {
    const customerId = await customerOf(request);
    const before = request.query.before ?? Number.MAX_SAFE_INTEGER;
    const rows = await pool.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.customer_id = $1 AND m.id < $2 ORDER BY m.id DESC LIMIT $3`,
      [customerId, before, PAGE + 1],
    );
    const page = rows.rows.slice(0, PAGE).reverse();
    return {
      conversation: await customerConversation(pool, customerId),
      messages: page.map((row) => messageView(row, 'customer')),
      hasMore: rows.rows.length > PAGE,
      unread: await customerUnread(pool, customerId),
    };
  });

  r.get(SUPPORT_CHAT_PATHS.unreadCount, { config, schema: { response: { 200: UnreadSchema } } }, async (request) => ({
    count: await customerUnread(pool, await customerOf(request)),
  }));

  r.post(SUPPORT_CHAT_PATHS.messages, { config, schema: { body: SendTextSchema, response: { 200: SupportMessageSchema } } }, async (request) =>
    send(request, { kind: 'TEXT', text: request.body.text }, request.body),
  );

  r.post(
    SUPPORT_CHAT_PATHS.images,
    { config, bodyLimit: SUPPORT_IMAGE_BODY_LIMIT, schema: { body: SendImageSchema, response: { 200: SupportMessageSchema } } },
    async (request) => send(request, { kind: 'IMAGE', ...decodeImage(request.body.data) }, request.body),
  );

  r.get(`${SUPPORT_CHAT_PATHS.images}/:id`, { config, schema: { params: IdParamsSchema } }, async (request, reply) =>
    sendImage(pool, reply, request.params.id, await customerOf(request)),
  );

  r.post(SUPPORT_CHAT_PATHS.read, { config, schema: { body: MarkReadSchema, response: { 200: UnreadSchema } } }, async (request) => {
    const customerId = await customerOf(request);
    const count = await markCustomerRead(pool, customerId, request.body.lastReadId);
    publishUnread(ctx, customerId, count, request.log);
    return { count };
  });

  r.post(SUPPORT_CHAT_PATHS.typing, { config, schema: { response: { 200: UnreadSchema.pick({}) } } }, async (request) => {
    const customerId = await customerOf(request);
    await pool.query(`UPDATE support_conversations SET customer_typing_at = now() WHERE customer_id = $1 AND status <> 'CLOSED'`, [customerId]);
    return {};
  });

  registerImStream(app, ctx, hub);
}
