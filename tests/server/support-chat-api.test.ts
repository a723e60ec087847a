// Customer-service chat over HTTP: the customer's calls, the desk's claim/answer/transfer/close, bad
// input on every endpoint (a Chinese message, nothing changed), stored XSS kept as text, image type
// and size limits, and the check-then-acts fired from many connections at once (claim, rate limit).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_RATE_PER_MINUTE } from '../../src/shared/api/support-chat.ts';
import { createTestAccount, TEST_ACCOUNT_PASSWORD } from '../../src/server/testing/test-accounts.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { operatorHeaders, signedInOperator } from '../support/operators.ts';

let server: TestServer;
let app: FastifyInstance;

beforeAll(async () => {
  server = await startTestServer();
  app = server.app;
});
afterAll(() => server.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const XSS = '<img src=x onerror=window.__xss=1><script>alert(1)</script>';

async function customer(kind: 'PLAYER' | 'TRIAL' = 'PLAYER'): Promise<{ cookie: string; id: number }> {
  const account = await createTestAccount(server.db.database.pool, { kind, alias: 'cs', vipLevel: 'NOT_VIP', funds: 0 });
  const cookie = await loginCookie(app, account.username, TEST_ACCOUNT_PASSWORD);
  const row = await server.db.database.pool.query<{ id: string }>('SELECT id FROM customers WHERE username = $1', [account.username]);
  return { cookie, id: Number(row.rows[0]!.id) };
}

const post = (cookie: string, url: string, payload?: unknown) =>
  app.inject({ method: 'POST', url, headers: { ...MUTATION_HEADERS, cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const desk = (cookie: string, url: string, payload?: unknown) =>
  app.inject({ method: 'POST', url: `/ajax/backoffice${url}`, headers: operatorHeaders(cookie), ...(payload === undefined ? {} : { payload: payload as object }) });

async function counts() {
  const result = await server.db.database.pool.query<{ messages: number; conversations: number }>(
    'SELECT (SELECT count(*)::int FROM support_messages) AS messages, (SELECT count(*)::int FROM support_conversations) AS conversations',
  );
  return result.rows[0]!;
}

async function conversationOf(cookie: string): Promise<number> {
  const chat = (await get(cookie, '/ajax/customer-service/conversation')).json<{ conversation: { id: number } }>();
  return chat.conversation.id;
}

describe('customer side', () => {
  it('refuses anonymous calls', async () => {
    for (const [method, url] of [
      ['GET', '/ajax/customer-service/conversation'],
      ['GET', '/ajax/customer-service/unread-count'],
      ['POST', '/ajax/customer-service/messages'],
      ['GET', '/sse/im'],
    ] as const) {
      const response = await app.inject({ method, url, headers: MUTATION_HEADERS, ...(method === 'POST' ? { payload: { text: 'hi' } } : {}) });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().message).toBe('请先登录');
    }
  });

  it('opens a WAITING conversation with the first message, keeps markup as plain text, and lets a trial account ask too', async () => {
    const player = await customer('TRIAL');
    const sent = await post(player.cookie, '/ajax/customer-service/messages', { text: XSS, source: 2, route: '/lottery' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ sender: 'CUSTOMER', kind: 'TEXT', text: XSS, imageUrl: null });
    const chat = (await get(player.cookie, '/ajax/customer-service/conversation')).json();
    expect(chat.conversation).toMatchObject({ status: 'WAITING', operatorName: null });
    expect(chat.messages.map((m: { text: string }) => m.text)).toEqual([XSS]);
    const stored = await server.db.database.pool.query('SELECT source, route FROM support_conversations WHERE id = $1', [chat.conversation.id]);
    expect(stored.rows[0]).toEqual({ source: 2, route: '/lottery' });
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const player = await customer();
    const before = await counts();
    const cases: [string, unknown, string][] = [
      ['/ajax/customer-service/messages', {}, '消息不可以为空'],
      ['/ajax/customer-service/messages', { text: '   ' }, '消息不可以为空'],
      ['/ajax/customer-service/messages', { text: 12 }, '消息不可以为空'],
      ['/ajax/customer-service/messages', { text: 'x'.repeat(1001) }, '消息最多 1000 个字'],
      ['/ajax/customer-service/messages', { text: 'a\u0000b' }, '消息包含不支持的字符'],
      ['/ajax/customer-service/messages', { text: 'a\u0007b' }, '消息包含不支持的字符'],
      ['/ajax/customer-service/messages', { text: 'ok', source: 9 }, '客服线路无效'],
      ['/ajax/customer-service/messages', [1, 2], '消息不可以为空'],
      ['/ajax/customer-service/images', {}, '请选择图片'],
      ['/ajax/customer-service/images', { data: '***' }, '请选择图片'],
      ['/ajax/customer-service/images', { data: Buffer.from('GIF89a-not-allowed').toString('base64') }, '只支持 PNG、JPEG、WebP 格式的图片'],
      ['/ajax/customer-service/images', { data: Buffer.from('<svg onload=alert(1)>').toString('base64') }, '只支持 PNG、JPEG、WebP 格式的图片'],
      ['/ajax/customer-service/images', { data: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]).toString('base64') }, '图片不能超过 2MB'],
      ['/ajax/customer-service/read', { lastReadId: 'x' }, '消息编号无效'],
      ['/ajax/customer-service/read', {}, '消息编号无效'],
    ];
    for (const [url, payload, message] of cases) {
      const response = await post(player.cookie, url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 60)}`).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await get(player.cookie, '/ajax/customer-service/images/abc')).json().message).toBe('编号无效');
    expect((await get(player.cookie, '/ajax/customer-service/conversation?before=-1')).json().message).toBe('消息编号无效');
    expect(await counts()).toEqual(before);
  });

  it('stores an image by its sniffed type and shows it only to its customer and to operators', async () => {
    const owner = await customer();
    const other = await customer();
    const sent = await post(owner.cookie, '/ajax/customer-service/images', { data: PNG.toString('base64') });
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json<{ id: number; imageUrl: string; kind: string }>();
    expect(message.kind).toBe('IMAGE');
    const image = await get(owner.cookie, message.imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await get(other.cookie, message.imageUrl)).statusCode).toBe(404);
    const { cookie } = await signedInOperator(app, 'SUPPORT');
    const byDesk = await app.inject({ method: 'GET', url: `/ajax/backoffice/support/images/${message.id}`, headers: { cookie } });
    expect(byDesk.statusCode).toBe(200);
    expect(byDesk.headers['content-type']).toBe('image/png');
  });

  it(`lets ${SUPPORT_RATE_PER_MINUTE} messages a minute through, whatever arrives at once`, async () => {
    const player = await customer();
    const responses = await Promise.all(Array.from({ length: SUPPORT_RATE_PER_MINUTE + 10 }, (_, i) => post(player.cookie, '/ajax/customer-service/messages', { text: `m${i}` })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SUPPORT_RATE_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(responses.find((r) => r.statusCode === 429)!.json().message).toBe('发送过于频繁，请稍后再试');
    const stored = await server.db.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM support_messages WHERE customer_id = $1', [player.id]);
    expect(stored.rows[0]!.n).toBe(SUPPORT_RATE_PER_MINUTE);
    // Still one open conversation, though every request may have wanted to open it.
    const open = await server.db.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM support_conversations WHERE customer_id = $1`, [player.id]);
    expect(open.rows[0]!.n).toBe(1);
  });
});

describe('desk', () => {
  it('lets exactly one of several operators claiming at once win', async () => {
    const player = await customer();
    await post(player.cookie, '/ajax/customer-service/messages', { text: '在吗' });
    const id = await conversationOf(player.cookie);
    const operators = await Promise.all(Array.from({ length: 4 }, () => signedInOperator(app, 'SUPPORT')));
    const responses = await Promise.all(operators.map(({ cookie }) => desk(cookie, `/support/conversations/${id}/claim`)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json().message).toBe('该会话已被其他客服接入');
    const winner = operators[responses.findIndex((r) => r.statusCode === 200)]!;
    const row = await server.db.database.pool.query('SELECT status, operator_id FROM support_conversations WHERE id = $1', [id]);
    expect(row.rows[0]).toEqual({ status: 'ACTIVE', operator_id: winner.operator.id });
    const audit = await server.db.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM operator_audit_log WHERE action = 'support.claim' AND target_id = $1`, [String(id)]);
    expect(audit.rows[0]!.n).toBe(1);
  });

  it('answers, counts unread, transfers, closes, and a later message opens a new conversation', async () => {
    const player = await customer();
    await post(player.cookie, '/ajax/customer-service/messages', { text: '充值没到账' });
    const id = await conversationOf(player.cookie);
    const first = await signedInOperator(app, 'SUPPORT');
    const second = await signedInOperator(app, 'SUPPORT');

    const waiting = await app.inject({ method: 'GET', url: '/ajax/backoffice/support/conversations?view=waiting', headers: { cookie: first.cookie } });
    expect(waiting.json().items.map((c: { id: number }) => c.id)).toContain(id);
    expect((await desk(first.cookie, `/support/conversations/${id}/messages`, { text: '您好' })).json().message).toBe('该会话不由您接待，请先接入');
    expect((await desk(first.cookie, `/support/conversations/${id}/claim`)).statusCode).toBe(200);
    const answered = await desk(first.cookie, `/support/conversations/${id}/messages`, { text: XSS });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ sender: 'OPERATOR', text: XSS });
    expect((await get(player.cookie, '/ajax/customer-service/unread-count')).json()).toEqual({ count: 1 });
    expect((await desk(second.cookie, `/support/conversations/${id}/messages`, { text: '插话' })).statusCode).toBe(409);

    const read = await post(player.cookie, '/ajax/customer-service/read', { lastReadId: answered.json().id });
    expect(read.json()).toEqual({ count: 0 });

    // Transfer: to a non-support operator is refused; to another SUPPORT operator hands it over.
    const finance = await signedInOperator(app, 'FINANCE');
    expect((await desk(first.cookie, `/support/conversations/${id}/transfer`, { operatorId: finance.operator.id })).json().message).toBe('请选择要转接的客服');
    expect((await desk(first.cookie, `/support/conversations/${id}/transfer`, { operatorId: 'x' })).json().message).toBe('请选择要转接的客服');
    const moved = await desk(first.cookie, `/support/conversations/${id}/transfer`, { operatorId: second.operator.id, reason: '财务问题' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ operatorId: second.operator.id, status: 'ACTIVE' });
    expect((await desk(first.cookie, `/support/conversations/${id}/messages`, { text: '还在吗' })).statusCode).toBe(409);
    expect((await desk(second.cookie, `/support/conversations/${id}/messages`, { text: '我来处理' })).statusCode).toBe(200);

    const closed = await desk(second.cookie, `/support/conversations/${id}/close`);
    expect(closed.json()).toMatchObject({ status: 'CLOSED' });
    expect((await desk(second.cookie, `/support/conversations/${id}/close`)).json().message).toBe('该会话已结束');
    const chat = (await get(player.cookie, '/ajax/customer-service/conversation')).json();
    expect(chat.conversation.status).toBe('CLOSED');
    expect(chat.messages.filter((m: { sender: string }) => m.sender === 'SYSTEM')).toHaveLength(3);

    await post(player.cookie, '/ajax/customer-service/messages', { text: '又有问题' });
    const next = await conversationOf(player.cookie);
    expect(next).not.toBe(id);
    const actions = await server.db.database.pool.query<{ action: string }>(
      `SELECT action FROM operator_audit_log WHERE target_type = 'support_conversation' AND target_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(actions.rows.map((r) => r.action)).toEqual(['support.claim', 'support.answer', 'support.transfer', 'support.answer', 'support.close']);
  });

  it('refuses bad desk input with a Chinese message and changes nothing', async () => {
    const player = await customer();
    await post(player.cookie, '/ajax/customer-service/messages', { text: '你好' });
    const id = await conversationOf(player.cookie);
    const { cookie } = await signedInOperator(app, 'SUPPORT');
    await desk(cookie, `/support/conversations/${id}/claim`);
    const before = await counts();
    const cases: [string, unknown, number, string][] = [
      [`/support/conversations/abc/claim`, undefined, 400, '编号无效'],
      [`/support/conversations/999999999/claim`, undefined, 404, '会话不存在'],
      [`/support/conversations/${id}/messages`, { text: '' }, 400, '消息不可以为空'],
      [`/support/conversations/${id}/messages`, { text: 'y'.repeat(1001) }, 400, '消息最多 1000 个字'],
      [`/support/conversations/${id}/images`, { data: Buffer.from('hello').toString('base64') }, 400, '只支持 PNG、JPEG、WebP 格式的图片'],
      [`/support/conversations/${id}/read`, { lastReadId: -3 }, 400, '消息编号无效'],
      [`/support/conversations/${id}/transfer`, {}, 400, '请选择要转接的客服'],
    ];
    for (const [url, payload, status, message] of cases) {
      const response = await desk(cookie, url, payload);
      expect(response.statusCode, url).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const list = await app.inject({ method: 'GET', url: '/ajax/backoffice/support/conversations?view=nope', headers: { cookie } });
    expect(list.json().message).toBe('列表类型无效');
    expect(await counts()).toEqual(before);
  });

  it('lets RISK look but not act', async () => {
    const player = await customer();
    await post(player.cookie, '/ajax/customer-service/messages', { text: '你好' });
    const id = await conversationOf(player.cookie);
    const { cookie } = await signedInOperator(app, 'RISK');
    expect((await app.inject({ method: 'GET', url: `/ajax/backoffice/support/conversations/${id}`, headers: { cookie } })).statusCode).toBe(200);
    expect((await desk(cookie, `/support/conversations/${id}/claim`)).statusCode).toBe(403);
  });
});
