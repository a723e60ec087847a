// Back office 站内信 (issue 21 item 1): operators mail everyone or a segment (mail.send, audited), and
// read the platform mails sent with their read counts and the members' mails to the platform (mail.read).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminMailDetailSchema,
  AdminMailListSchema,
  AdminMailQuerySchema,
  AdminSendMailSchema,
  MAIL_ADMIN_PATHS,
  MailIdParamsSchema,
  SentMailSchema,
} from '../../../shared/api/mail.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { publishUnreadCountsAfterCommit } from '../../mail/events.ts';
import { operatorOf, withOperatorWrite } from '../core/api.ts';
import { sendPlatformMail } from './send.ts';
import { adminMailDetail, listAdminMail } from './views.ts';

const read = { operator: { permission: 'mail.read' as const } };
const send = { operator: { permission: 'mail.send' as const } };
const path = (relative: string) => `${BACKOFFICE_API}${relative}`;

export async function mailAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;

  r.get(
    path(MAIL_ADMIN_PATHS.sent),
    {
      config: read,
      schema: {
        querystring: AdminMailQuerySchema,
        response: { 200: AdminMailListSchema },
      },
    },
    async (request) => listAdminMail(pool, 'sent', request.query.page, request.query.size),
  );

  r.get(
    path(MAIL_ADMIN_PATHS.inbox),
    {
      config: read,
      schema: {
        querystring: AdminMailQuerySchema,
        response: { 200: AdminMailListSchema },
      },
    },
    async (request) => listAdminMail(pool, 'inbox', request.query.page, request.query.size),
  );

  r.get(
    path(MAIL_ADMIN_PATHS.mail(':id')),
    {
      config: read,
      schema: {
        params: MailIdParamsSchema,
        response: { 200: AdminMailDetailSchema },
      },
    },
    async (request) => adminMailDetail(pool, request.params.id),
  );

  r.post(
    path(MAIL_ADMIN_PATHS.sent),
    {
      config: send,
      schema: { body: AdminSendMailSchema, response: { 200: SentMailSchema } },
    },
    async (request) => {
      const operator = operatorOf(request);
      const sent = await withOperatorWrite(ctx, request, (client, audit) => sendPlatformMail(client, audit, operator.id, request.body));
      publishUnreadCountsAfterCommit(ctx, sent.recipientIds, request.log);
      return { id: sent.id, recipientCount: sent.recipientCount };
    },
  );
}
