// POST /ajax/customer/phone/send and /email/send (spec §7): the address is checked first with the
// §5 rule (exact message), then a code is sent. Trial accounts may not: SMS costs money and trial
// accounts cost nothing to make.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNTS_PATHS, CodeSentSchema } from '../../../shared/api/accounts.ts';
import { emailCodeRequestSchema, phoneCodeRequestSchema } from '../../../shared/validation/index.ts';
import type { ServerContext } from '../../context.ts';
import { requireAccess, requireSession } from '../../session/access.ts';
import type { AccountServices } from '../services.ts';
import { sendCode } from './send-code.ts';

export async function codeRoutes(app: FastifyInstance, ctx: ServerContext, services: AccountServices): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const nonTrial = requireAccess(ctx, { tier: 'nonTrial', operation: '获取验证码' });
  const deps = (channel: 'SMS' | 'EMAIL') => ({
    pool: ctx.database.pool,
    settings: ctx.config.accounts,
    messenger: services.messengers[channel],
    log: app.log,
  });

  r.post(
    ACCOUNTS_PATHS.phoneSend,
    { preValidation: nonTrial, schema: { body: phoneCodeRequestSchema, response: { 200: CodeSentSchema } } },
    async (request) => {
      const session = await requireSession(ctx, request);
      return sendCode(deps('SMS'), { customerId: session.customer.id, channel: 'SMS', destination: request.body.phone, ip: request.ip });
    },
  );

  r.post(
    ACCOUNTS_PATHS.emailSend,
    { preValidation: nonTrial, schema: { body: emailCodeRequestSchema, response: { 200: CodeSentSchema } } },
    async (request) => {
      const session = await requireSession(ctx, request);
      return sendCode(deps('EMAIL'), {
        customerId: session.customer.id,
        channel: 'EMAIL',
        destination: request.body.email.toLowerCase(),
        ip: request.ip,
      });
    },
  );
}
