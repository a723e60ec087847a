// Agent ↔ member chat (issue 21 item 3, docs/messages/agent-chat.md): /ajax/chat/... Every route is
// for non-trial customers (a trial account can neither read nor write); bulk sends are agent-only.
// Who may talk to whom is decided per request from the team tree (conversations.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AGENT_CHAT_PATHS,
  BulkResultSchema,
  BulkSendSchema,
  ChatContactListSchema,
  ChatMessageListSchema,
  ChatMessageSchema,
  ContactIdParamsSchema,
  ContactListQuerySchema,
  MemberIdParamsSchema,
  MessageListQuerySchema,
  RemarkResultSchema,
  RemarkSchema,
  SendMessageSchema,
  UnreadCountSchema,
} from '../../shared/api/agent-chat.ts';
import type { ServerContext } from '../context.ts';
import { requireSession, type AccessRule } from '../session/access.ts';
import { publishAfterCommit } from '../wallet/deposits/events.ts';
import { bulkSend } from './bulk.ts';
import { listContacts, setRemark } from './contacts.ts';
import { unreadCount } from './events.ts';
import { listMessages, markRead, sendMessage } from './messages.ts';

const nonTrial: AccessRule = { tier: 'nonTrial', operation: '使用聊天' };
const agentOnly: AccessRule = { tier: 'agentOnly', operation: '使用聊天' };

export async function agentChatRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const callerOf = async (request: FastifyRequest) => {
    const { customer } = await requireSession(ctx, request);
    return { id: customer.id, username: customer.username };
  };

  r.get(
    AGENT_CHAT_PATHS.contacts,
    { config: { access: nonTrial }, schema: { querystring: ContactListQuerySchema, response: { 200: ChatContactListSchema } } },
    async (request) => listContacts(pool, (await callerOf(request)).id, request.query),
  );

  r.get(
    AGENT_CHAT_PATHS.messages(':contactId'),
    {
      config: { access: nonTrial },
      schema: { params: ContactIdParamsSchema, querystring: MessageListQuerySchema, response: { 200: ChatMessageListSchema } },
    },
    async (request) => listMessages(pool, (await callerOf(request)).id, request.params.contactId, request.query.before),
  );

  r.post(
    AGENT_CHAT_PATHS.messages(':contactId'),
    { config: { access: nonTrial }, schema: { params: ContactIdParamsSchema, body: SendMessageSchema, response: { 200: ChatMessageSchema } } },
    async (request) => {
      const sent = await sendMessage(pool, await callerOf(request), request.params.contactId, request.body.content);
      publishAfterCommit(ctx, sent.events, request.log);
      return sent.message;
    },
  );

  r.put(
    AGENT_CHAT_PATHS.read(':contactId'),
    { config: { access: nonTrial }, schema: { params: ContactIdParamsSchema, response: { 200: UnreadCountSchema } } },
    async (request) => {
      const { count, events } = await markRead(pool, (await callerOf(request)).id, request.params.contactId);
      publishAfterCommit(ctx, events, request.log);
      return { count };
    },
  );

  r.put(
    AGENT_CHAT_PATHS.remark(':memberId'),
    { config: { access: nonTrial }, schema: { params: MemberIdParamsSchema, body: RemarkSchema, response: { 200: RemarkResultSchema } } },
    async (request) => setRemark(pool, (await callerOf(request)).id, request.params.memberId, request.body),
  );

  r.post(
    AGENT_CHAT_PATHS.bulk,
    { config: { access: agentOnly }, schema: { body: BulkSendSchema, response: { 200: BulkResultSchema } } },
    async (request) => {
      const sent = await bulkSend(pool, await callerOf(request), request.body.recipients, request.body.content);
      publishAfterCommit(ctx, sent.events, request.log);
      return { id: sent.id, recipientCount: sent.recipientCount };
    },
  );

  r.get(
    AGENT_CHAT_PATHS.unreadCount,
    { config: { access: nonTrial }, schema: { response: { 200: UnreadCountSchema } } },
    async (request) => ({ count: await unreadCount(pool, (await callerOf(request)).id) }),
  );
}
