// The money password (decisions §5: separate from the login password): set the first one, change it
// with the old one, or reset it with a code sent to the bound phone or e-mail.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNTS_PATHS, MoneyPasswordBodySchema, MoneyPasswordResetBodySchema, OkSchema } from '../../../shared/api/accounts.ts';
import { requiredMessage } from '../../../shared/validation/index.ts';
import type { ServerContext } from '../../context.ts';
import { requireAccess, requireSession } from '../../session/access.ts';
import { hashPassword } from '../../session/passwords.ts';
import { withVerifiedCodes } from '../codes/verify-codes.ts';
import { codeChecks } from '../contact-binding.ts';
import { fieldError } from '../validation.ts';
import { checkMoneyPassword, isLoginPassword } from './password-checks.ts';

const SAME_AS_LOGIN = '资金密码不能与登录密码相同';

export async function moneyPasswordRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const guard = requireAccess(ctx, { tier: 'nonTrial', operation: '设置资金密码' });
  const ok = { 200: OkSchema };

  const assertNotLoginPassword = async (customerId: number, password: string) => {
    if (await isLoginPassword(pool, customerId, password)) throw fieldError('newMoneyPassword', SAME_AS_LOGIN);
  };

  r.put(ACCOUNTS_PATHS.moneyPassword, { preValidation: guard, schema: { body: MoneyPasswordBodySchema, response: ok } }, async (request) => {
    const id = (await requireSession(ctx, request)).customer.id;
    const { oldMoneyPassword, newMoneyPassword } = request.body;
    const current = await pool.query<{ set: boolean }>('SELECT money_password_hash IS NOT NULL AS set FROM customers WHERE id = $1', [id]);
    if (current.rows[0]?.set) {
      if (oldMoneyPassword === undefined) throw fieldError('oldMoneyPassword', requiredMessage('原资金密码'));
      await checkMoneyPassword(pool, id, oldMoneyPassword, 'oldMoneyPassword');
    }
    await assertNotLoginPassword(id, newMoneyPassword);
    await pool.query('UPDATE customers SET money_password_hash = $2 WHERE id = $1', [id, await hashPassword(newMoneyPassword)]);
    return { ok: true as const };
  });

  r.put(
    ACCOUNTS_PATHS.moneyPasswordReset,
    { preValidation: guard, schema: { body: MoneyPasswordResetBodySchema, response: ok } },
    async (request) => {
      const id = (await requireSession(ctx, request)).customer.id;
      const { phoneVerification, emailVerification, newMoneyPassword } = request.body;
      const bound = await pool.query<{ phone: string | null; email: string | null }>('SELECT phone, email FROM customers WHERE id = $1', [id]);
      const { phone, email } = bound.rows[0]!;
      // Only the customer's own bound contact can reset it.
      if (phoneVerification && phoneVerification.phone !== phone) throw fieldError('phoneVerification.phone', '手机号码与绑定的不一致');
      if (emailVerification && emailVerification.email.toLowerCase() !== email) throw fieldError('emailVerification.email', '邮箱与绑定的不一致');
      await assertNotLoginPassword(id, newMoneyPassword);
      const newHash = await hashPassword(newMoneyPassword);
      const checks = codeChecks(id, { phone: phoneVerification, email: emailVerification }, { phone: 'phoneVerification.', email: 'emailVerification.' });
      await withVerifiedCodes(pool, checks, ctx.config.accounts.codeMaxAttempts, async (client) => {
        await client.query('UPDATE customers SET money_password_hash = $2 WHERE id = $1', [id, newHash]);
      });
      return { ok: true as const };
    },
  );
}
