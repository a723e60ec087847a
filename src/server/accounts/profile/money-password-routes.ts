// The money password (decisions §5: separate from the login password): set the first one, change it
// with the old one, or reset it with a code sent to the bound phone or e-mail. A contact bound less
// than a day ago cannot reset it (the login password alone is enough to bind one).
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
import { checkMoneyPassword, forgetMoneyPasswordFailures, isLoginPassword } from './password-checks.ts';

const SAME_AS_LOGIN = '资金密码不能与登录密码相同';
const RESET_AFTER_BINDING = '24 hours';
const RECENT_PHONE = '新绑定的手机号码须满 24 小时后才能用于重置资金密码';
const RECENT_EMAIL = '新绑定的邮箱须满 24 小时后才能用于重置资金密码';

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
    const current = await pool.query<{ hash: string | null }>('SELECT money_password_hash AS hash FROM customers WHERE id = $1', [id]);
    const before = current.rows[0]?.hash ?? null;
    if (before !== null) {
      if (oldMoneyPassword === undefined) throw fieldError('oldMoneyPassword', requiredMessage('原资金密码'));
      await checkMoneyPassword(pool, id, oldMoneyPassword, 'oldMoneyPassword');
    }
    await assertNotLoginPassword(id, newMoneyPassword);
    // Written only over the password that was checked: a request racing this one (a first set, or a
    // change with the same old password) finds it replaced and is refused as if it had sent no or the wrong old one.
    const written = await pool.query('UPDATE customers SET money_password_hash = $2 WHERE id = $1 AND money_password_hash IS NOT DISTINCT FROM $3', [
      id,
      await hashPassword(newMoneyPassword),
      before,
    ]);
    if (written.rowCount === 0) throw before === null ? fieldError('oldMoneyPassword', requiredMessage('原资金密码')) : fieldError('oldMoneyPassword', '资金密码错误');
    return { ok: true as const };
  });

  r.put(
    ACCOUNTS_PATHS.moneyPasswordReset,
    { preValidation: guard, schema: { body: MoneyPasswordResetBodySchema, response: ok } },
    async (request) => {
      const id = (await requireSession(ctx, request)).customer.id;
      const { phoneVerification, emailVerification, newMoneyPassword } = request.body;
      const bound = await pool.query<{ phone: string | null; email: string | null; phone_recent: boolean; email_recent: boolean }>(
        `SELECT phone, email, coalesce(phone_bound_at > now() - $2::interval, false) AS phone_recent,
                coalesce(email_bound_at > now() - $2::interval, false) AS email_recent
           FROM customers WHERE id = $1`,
        [id, RESET_AFTER_BINDING],
      );
      const { phone, email, phone_recent, email_recent } = bound.rows[0]!;
      // Only the customer's own bound contact can reset it, and not one bound within the last day.
      if (phoneVerification && phoneVerification.phone !== phone) throw fieldError('phoneVerification.phone', '手机号码与绑定的不一致');
      if (emailVerification && emailVerification.email.toLowerCase() !== email) throw fieldError('emailVerification.email', '邮箱与绑定的不一致');
      if (phoneVerification && phone_recent) throw fieldError('phoneVerification.phone', RECENT_PHONE);
      if (emailVerification && email_recent) throw fieldError('emailVerification.email', RECENT_EMAIL);
      await assertNotLoginPassword(id, newMoneyPassword);
      const newHash = await hashPassword(newMoneyPassword);
      const checks = codeChecks(id, { phone: phoneVerification, email: emailVerification }, { phone: 'phoneVerification.', email: 'emailVerification.' });
      await withVerifiedCodes(pool, checks, ctx.config.accounts.codeMaxAttempts, async (client) => {
        await client.query('UPDATE customers SET money_password_hash = $2 WHERE id = $1', [id, newHash]);
      });
      // The code proved who this is and the password is new: earlier wrong tries no longer lock it.
      await forgetMoneyPasswordFailures(pool, id);
      return { ok: true as const };
    },
  );
}
