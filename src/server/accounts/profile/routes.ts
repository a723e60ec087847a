// Profile calls of spec §7. Each field is checked by its shared §5 rule (exact message) before
// anything is written; a refused request changes nothing. Contacts need a code sent to the new
// address and the login password; passwords need the old one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNTS_PATHS,
  AliasBodySchema,
  AvatarPresetBodySchema,
  BirthdayBodySchema,
  CustomerInfoSchema,
  EmailBindBodySchema,
  OkSchema,
  PasswordChangeBodySchema,
  PhoneBindBodySchema,
  QqBodySchema,
  WechatBodySchema,
} from '../../../shared/api/accounts.ts';
import type { ServerContext } from '../../context.ts';
import { withTransaction } from '../../db/pool.ts';
import { requireAccess, requireSession } from '../../session/access.ts';
import { hashPassword } from '../../session/passwords.ts';
import { withVerifiedCodes } from '../codes/verify-codes.ts';
import { bindContacts, codeChecks } from '../contact-binding.ts';
import { closeSessionStreams, setLoginPassword } from '../sessions/revoke.ts';
import { fieldError } from '../validation.ts';
import { loadCustomerInfo } from './info.ts';
import { assertNotMoneyPassword, checkLoginPassword } from './password-checks.ts';

export async function profileRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const loggedIn = requireAccess(ctx, { tier: 'loggedIn' });
  const nonTrial = (operation: string) => requireAccess(ctx, { tier: 'nonTrial', operation });
  const info = { 200: CustomerInfoSchema };
  const customerId = async (request: Parameters<typeof requireSession>[1]) => (await requireSession(ctx, request)).customer.id;

  r.get(ACCOUNTS_PATHS.info, { preValidation: loggedIn, schema: { response: info } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return loadCustomerInfo(pool, await customerId(request));
  });

  r.put(ACCOUNTS_PATHS.alias, { preValidation: loggedIn, schema: { body: AliasBodySchema, response: info } }, async (request) => {
    const id = await customerId(request);
    await pool.query('UPDATE customers SET alias = $2 WHERE id = $1', [id, request.body.alias]);
    return loadCustomerInfo(pool, id);
  });

  r.put(ACCOUNTS_PATHS.avatarPreset, { preValidation: loggedIn, schema: { body: AvatarPresetBodySchema, response: info } }, async (request) => {
    const id = await customerId(request);
    await pool.query('UPDATE customers SET avatar_image = $2 WHERE id = $1', [id, `#${request.body.index}`]);
    await pool.query('DELETE FROM avatar_images WHERE customer_id = $1', [id]);
    return loadCustomerInfo(pool, id);
  });

  // Set once: it decides age checks and birthday rewards, so a player cannot keep moving it.
  r.put(ACCOUNTS_PATHS.birthday, { preValidation: nonTrial('设置生日'), schema: { body: BirthdayBodySchema, response: info } }, async (request) => {
    const id = await customerId(request);
    const updated = await pool.query('UPDATE customers SET birthday = $2 WHERE id = $1 AND birthday IS NULL', [id, request.body.birthday]);
    if ((updated.rowCount ?? 0) === 0) throw fieldError('birthday', '生日设置后不能修改');
    return loadCustomerInfo(pool, id);
  });

  r.put(ACCOUNTS_PATHS.qq, { preValidation: nonTrial('绑定QQ'), schema: { body: QqBodySchema, response: info } }, async (request) => {
    const id = await customerId(request);
    await pool.query('UPDATE customers SET qq = $2 WHERE id = $1', [id, request.body.qq]);
    return loadCustomerInfo(pool, id);
  });

  r.put(ACCOUNTS_PATHS.wechat, { preValidation: nonTrial('绑定微信'), schema: { body: WechatBodySchema, response: info } }, async (request) => {
    const id = await customerId(request);
    await pool.query('UPDATE customers SET wechat = $2 WHERE id = $1', [id, request.body.wechat]);
    return loadCustomerInfo(pool, id);
  });

  r.put(ACCOUNTS_PATHS.phone, { preValidation: nonTrial('绑定手机'), schema: { body: PhoneBindBodySchema, response: info } }, async (request) => {
    const id = await customerId(request);
    const { password, ...phone } = request.body;
    await checkLoginPassword(pool, id, password);
    const contacts = { phone };
    await withVerifiedCodes(pool, codeChecks(id, contacts, { phone: '', email: '' }), ctx.config.accounts.codeMaxAttempts, (client) =>
      bindContacts(client, id, contacts),
    );
    return loadCustomerInfo(pool, id);
  });

  r.put(ACCOUNTS_PATHS.email, { preValidation: nonTrial('绑定邮箱'), schema: { body: EmailBindBodySchema, response: info } }, async (request) => {
    const id = await customerId(request);
    const { password, ...email } = request.body;
    await checkLoginPassword(pool, id, password);
    const contacts = { email };
    await withVerifiedCodes(pool, codeChecks(id, contacts, { phone: '', email: '' }), ctx.config.accounts.codeMaxAttempts, (client) =>
      bindContacts(client, id, contacts),
    );
    return loadCustomerInfo(pool, id);
  });

  r.put(
    ACCOUNTS_PATHS.password,
    { preValidation: nonTrial('修改密码'), schema: { body: PasswordChangeBodySchema, response: { 200: OkSchema } } },
    async (request) => {
      const session = await requireSession(ctx, request);
      const id = session.customer.id;
      const { oldPassword, newPassword } = request.body;
      await checkLoginPassword(pool, id, oldPassword, 'oldPassword');
      if (oldPassword === newPassword) throw fieldError('newPassword', '新密码不能与原密码相同');
      await assertNotMoneyPassword(pool, id, newPassword);
      const newHash = await hashPassword(newPassword);
      // ASVS 7.4.3: a changed password ends every other session, in the transaction that changes it.
      const ended = await withTransaction(pool, (client) => setLoginPassword(client, id, newHash, session.sessionId));
      await closeSessionStreams(ctx, id, ended);
      return { ok: true as const };
    },
  );

}
