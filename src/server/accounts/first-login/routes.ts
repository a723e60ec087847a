// PUT /ajax/first-login (spec §4, §5). The variant follows the customer: one with a
// registrationLinkId gets the by-link step (contact verification, skippable unless
// firstLoginContactRequired; a new password only if typed), any other the by-manual step (new
// password, contact as required, the user agreement). Codes are checked before anything changes.
// A password change an operator forced (password_change_required) is the by-manual step whatever the
// account (session/present.ts), with a new password that differs from the current one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNTS_PATHS, firstLoginSchemaFor } from '../../../shared/api/accounts.ts';
import { CurrentCustomerSchema } from '../../../shared/api/session.ts';
import { firstLoginSchema } from '../../../shared/validation/index.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { requireAccess, requireSession } from '../../session/access.ts';
import { hashPassword, verifyPassword } from '../../session/passwords.ts';
import { withVerifiedCodes } from '../codes/verify-codes.ts';
import { bindContacts, codeChecks } from '../contact-binding.ts';
import { loadCurrentCustomer } from '../customers.ts';
import { closeSessionStreams, setLoginPassword } from '../sessions/revoke.ts';
import { fieldError, parseBody } from '../validation.ts';
import { assertNotMoneyPassword } from '../profile/password-checks.ts';

const SAME_PASSWORD_MESSAGE = '新密码不能与原密码相同';

/** The current password's hash when an operator forced a change, else null. */
async function forcedPasswordChange(db: Queryable, customerId: number): Promise<{ passwordHash: string } | null> {
  const found = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM customers WHERE id = $1 AND password_change_required',
    [customerId],
  );
  const row = found.rows[0];
  return row ? { passwordHash: row.password_hash } : null;
}

export async function firstLoginRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const pool = ctx.database.pool;
  app.withTypeProvider<ZodTypeProvider>().put(
    ACCOUNTS_PATHS.firstLogin,
    {
      preValidation: requireAccess(ctx, { tier: 'loggedIn' }),
      schema: { body: z.unknown(), response: { 200: CurrentCustomerSchema } },
    },
    async (request) => {
      const session = await requireSession(ctx, request);
      const customer = session.customer;
      if (!customer.first_login) throw errors.conflict('首次登录设置已完成');
      const forced = await forcedPasswordChange(pool, customer.id);
      const manual = forced !== null || customer.registration_link_id === null;
      const contactRequired = customer.first_login_contact_required;
      const schema = forced
        ? firstLoginSchema({ contactRequired, manualVariant: true })
        : firstLoginSchemaFor({ registrationLinkId: customer.registration_link_id, firstLoginContactRequired: contactRequired });
      const payload = parseBody(schema, request.body);
      if (forced && (await verifyPassword(forced.passwordHash, payload.newPassword))) throw fieldError('newPassword', SAME_PASSWORD_MESSAGE);
      if (payload.newPassword) await assertNotMoneyPassword(pool, customer.id, payload.newPassword);
      const passwordHash = payload.newPassword ? await hashPassword(payload.newPassword) : null;
      const contacts = { phone: payload.phoneVerification, email: payload.emailVerification };
      const checks = codeChecks(customer.id, contacts, { phone: 'phoneVerification.', email: 'emailVerification.' });
      const ended = await withVerifiedCodes(pool, checks, ctx.config.accounts.codeMaxAttempts, async (client) => {
        await bindContacts(client, customer.id, contacts);
        if (manual) await client.query(`INSERT INTO customer_consents (customer_id, kind, ip) VALUES ($1, 'USER_AGREEMENT', $2)`, [customer.id, request.ip]);
        await client.query('UPDATE customers SET first_login = false, password_change_required = false WHERE id = $1', [customer.id]);
        // A new password ends the other sessions in this transaction (no login on the old one slips past).
        return passwordHash ? setLoginPassword(client, customer.id, passwordHash, session.sessionId) : [];
      });
      await closeSessionStreams(ctx, customer.id, ended);
      return loadCurrentCustomer(pool, customer.id);
    },
  );
}
