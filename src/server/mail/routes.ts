// 站内信 (issue 21 item 1, docs/messages/mail.md): the player and agent API under /ajax/mail. Every
// route is for non-trial customers (a trial account gets 403 TRIAL_FORBIDDEN, spec §6); the unread
// count is published to whoever's count a call changed, after its commit.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAIL_PATHS,
  MailDetailSchema,
  MailIdParamsSchema,
  MailListQuerySchema,
  MailListSchema,
  MailRecipientOptionsSchema,
  OkSchema,
  SendMailSchema,
  SentMailSchema,
  UnreadMailCountSchema,
} from '../../shared/api/mail.ts';
import type { ServerContext } from '../context.ts';
import { withTransaction } from '../db/pool.ts';
import type { AccessRule } from '../session/access.ts';
import { requireSession } from '../session/access.ts';
import { publishUnreadCountsAfterCommit } from './events.ts';
import { recipientOptions, sendCustomerMail } from './send.ts';
import { deleteMail, listMail, markRead, openMail, unreadCount } from './store.ts';

const nonTrial: AccessRule = { tier: 'nonTrial', operation: '使用站内信' };

export async function mailRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const customerOf = async (request: FastifyRequest) => (await requireSession(ctx, request)).customer;
  const idOf = async (request: FastifyRequest) => Number((await customerOf(request)).id);

  r.get(
    MAIL_PATHS.list,
    {
      config: { access: nonTrial },
      schema: {
        querystring: MailListQuerySchema,
        response: { 200: MailListSchema },
      },
    },
    async (request) => listMail(pool, await idOf(request), request.query),
  );

  r.get(
    MAIL_PATHS.unreadCount,
    {
      config: { access: nonTrial },
      schema: { response: { 200: UnreadMailCountSchema } },
    },
    async (request) => ({
      count: await unreadCount(pool, await idOf(request)),
    }),
  );

  r.get(
    MAIL_PATHS.recipients,
    {
      config: { access: nonTrial },
      schema: { response: { 200: MailRecipientOptionsSchema } },
    },
    async (request) => {
      const customer = await customerOf(request);
      return recipientOptions(pool, {
        id: Number(customer.id),
        type: customer.type,
      });
    },
  );

  r.get(
    MAIL_PATHS.mail(':id'),
    {
      config: { access: nonTrial },
      schema: {
        params: MailIdParamsSchema,
        response: { 200: MailDetailSchema },
      },
    },
    async (request) => {
      const customerId = await idOf(request);
      const { mail, changed } = await openMail(pool, customerId, request.params.id);
      if (changed) publishUnreadCountsAfterCommit(ctx, [customerId], request.log);
      return mail;
    },
  );

  r.put(
    MAIL_PATHS.read(':id'),
    {
      config: { access: nonTrial },
      schema: { params: MailIdParamsSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      const customerId = await idOf(request);
      if (await markRead(pool, customerId, request.params.id)) publishUnreadCountsAfterCommit(ctx, [customerId], request.log);
      return { ok: true as const };
    },
  );

  r.delete(
    MAIL_PATHS.mail(':id'),
    {
      config: { access: nonTrial },
      schema: { params: MailIdParamsSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      const customerId = await idOf(request);
      if (await deleteMail(pool, customerId, request.params.id)) publishUnreadCountsAfterCommit(ctx, [customerId], request.log);
      return { ok: true as const };
    },
  );

  r.post(
    MAIL_PATHS.list,
    {
      config: { access: nonTrial },
      schema: { body: SendMailSchema, response: { 200: SentMailSchema } },
    },
    async (request) => {
      const customer = await customerOf(request);
      const sent = await withTransaction(pool, (client) => sendCustomerMail(client, { id: Number(customer.id), type: customer.type }, request.body));
      publishUnreadCountsAfterCommit(ctx, sent.recipientIds, request.log);
      return { id: sent.id, recipientCount: sent.recipientCount };
    },
  );
}
