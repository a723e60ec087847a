// Test-only hooks, registered when NODE_ENV=test: browser tests publish live events through the
// same hub the domains use, and make accounts of their own.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_EVENT_SCHEMAS } from '../../shared/api/events.ts';
import type { ServerContext } from '../context.ts';
import { errors } from '../http/errors.ts';
import { CAPTCHA_ALPHABET } from '../accounts/captcha/glyphs.ts';
import { CAPTCHA_LENGTH } from '../accounts/captcha/challenges.ts';
import { createTestAccount, TestAccountSchema } from './test-accounts.ts';
import { testIssueRoutes } from './test-issues.ts';
import { createTestOperator, TestOperatorSchema } from './test-operators.ts';

const PublishSchema = z.object({
  username: z.string().nullable(),
  type: z.enum(Object.keys(LIVE_EVENT_SCHEMAS) as [keyof typeof LIVE_EVENT_SCHEMAS]),
  payload: z.unknown(),
});

export async function testingRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/ajax/test/publish-event', { schema: { body: PublishSchema } }, async (request) => {
    const { username, type, payload } = request.body;
    const parsed = LIVE_EVENT_SCHEMAS[type].safeParse(payload);
    if (!parsed.success) throw errors.validation('事件内容格式有误');
    let customerId: number | null = null;
    if (username !== null) {
      const found = await ctx.database.pool.query<{ id: number }>('SELECT id FROM customers WHERE username_key = $1', [
        username.toLowerCase(),
      ]);
      if (!found.rows[0]) throw errors.notFound('用户不存在');
      customerId = found.rows[0].id;
    }
    await ctx.events.publish([{ customerId, type, payload: parsed.data }]);
    return { ok: true };
  });

  app.withTypeProvider<ZodTypeProvider>().post('/ajax/test/accounts', { schema: { body: TestAccountSchema } }, async (request) =>
    createTestAccount(ctx.database.pool, request.body),
  );

  // A fresh operator of a role, already enrolled: its password and TOTP secret (browser tests sign in with them).
  app.withTypeProvider<ZodTypeProvider>().post('/ajax/test/operators', { schema: { body: TestOperatorSchema } }, async (request) =>
    createTestOperator(ctx.database.pool, request.body),
  );

  // An official issue of the test's own that the scheduler closes but never draws (manual-result tests).
  await testIssueRoutes(app, ctx);

  // Only a hash of a captcha answer is stored: a test recovers the answer by trying every one.
  app.get('/ajax/test/captcha/:id/answer', async (request) => {
    const { id } = request.params as { id: string };
    const stored = await ctx.database.pool.query<{ answer_hash: Buffer }>('SELECT answer_hash FROM captcha_challenges WHERE id = $1', [id]);
    const target = stored.rows[0]?.answer_hash.toString('hex');
    if (!target) throw errors.notFound('验证码不存在');
    const letters = [...CAPTCHA_ALPHABET];
    const search = (prefix: string): string | null => {
      if (prefix.length === CAPTCHA_LENGTH) {
        return createHash('sha256').update(`${id}:${prefix}`).digest('hex') === target ? prefix : null;
      }
      for (const letter of letters) {
        const found = search(prefix + letter);
        if (found) return found;
      }
      return null;
    };
    return { answer: search('') };
  });

  // The built-in outbox adapter's last message to a phone or e-mail address (the code a player got).
  app.get('/ajax/test/outbox/:destination', async (request) => {
    const { destination } = request.params as { destination: string };
    const found = await ctx.database.pool.query<{ body: string }>(
      'SELECT body FROM outbox_messages WHERE destination = $1 ORDER BY id DESC LIMIT 1',
      [destination],
    );
    if (!found.rows[0]) throw errors.notFound('没有消息');
    return { body: found.rows[0].body, code: /\d{6}/.exec(found.rows[0].body)?.[0] ?? null };
  });
}
