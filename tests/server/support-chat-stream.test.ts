// GET /sse/im with real streams: an operator's answer written by another server instance on the same
// database reaches the customer's open stream (and the main stream's chatMessage/unreadMessageCount);
// after a reconnect with Last-Event-ID (header or query) exactly the missed messages arrive, in order,
// once, and the stream then continues live; typing and read receipts are transient events.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.ts';
import { openDatabase, type Database } from '../../src/server/db/pool.ts';
import { createTestAccount, TEST_ACCOUNT_PASSWORD } from '../../src/server/testing/test-accounts.ts';
import { startTestServer, testConfig, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { operatorHeaders, signedInOperator } from '../support/operators.ts';
import { openSse, type SseClient } from '../support/sse.ts';

let server: TestServer;
let other: BuiltApp;
let otherDatabase: Database;
let baseUrl: string;

beforeAll(async () => {
  server = await startTestServer({ SSE_HEARTBEAT_MS: '200' });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  // A second server on the same database: what it writes reaches this one only through PostgreSQL.
  otherDatabase = openDatabase(server.db.url, 4);
  other = await buildApp(testConfig(server.db.url), otherDatabase);
});
afterAll(async () => {
  await other.app.close();
  await otherDatabase.pool.end();
  await server.close();
});

async function conversationWithOperator(): Promise<{ cookie: string; id: number; operatorCookie: string; app: FastifyInstance }> {
  const account = await createTestAccount(server.db.database.pool, { kind: 'PLAYER', alias: 'im', vipLevel: 'NOT_VIP', funds: 0 });
  const cookie = await loginCookie(server.app, account.username, TEST_ACCOUNT_PASSWORD);
  await server.app.inject({ method: 'POST', url: '/ajax/customer-service/messages', headers: { ...MUTATION_HEADERS, cookie }, payload: { text: '你好' } });
  const chat = (await server.app.inject({ method: 'GET', url: '/ajax/customer-service/conversation', headers: { cookie } })).json();
  const { cookie: operatorCookie } = await signedInOperator(other.app, 'SUPPORT');
  const claimed = await other.app.inject({ method: 'POST', url: `/ajax/backoffice/support/conversations/${chat.conversation.id}/claim`, headers: operatorHeaders(operatorCookie) });
  expect(claimed.statusCode, claimed.body).toBe(200);
  return { cookie, id: chat.conversation.id, operatorCookie, app: other.app };
}

async function answer(operatorCookie: string, id: number, text: string): Promise<number> {
  const response = await other.app.inject({ method: 'POST', url: `/ajax/backoffice/support/conversations/${id}/messages`, headers: operatorHeaders(operatorCookie), payload: { text } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

const messages = (client: SseClient) => client.events.filter((e) => e.event === 'message');
const texts = (client: SseClient) => messages(client).map((e) => (e.data as { text: string }).text);

async function waitForMessages(client: SseClient, count: number): Promise<void> {
  await expect.poll(() => messages(client).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count);
}

describe('/sse/im', () => {
  it('refuses an anonymous stream', async () => {
    const client = await openSse(baseUrl, '', {}, '/sse/im');
    expect(client.status).toBe(401);
    client.close();
  });

  it("delivers an answer written by another server live, on the chat stream and the main stream's badge", async () => {
    const chat = await conversationWithOperator();
    const im = await openSse(baseUrl, chat.cookie, {}, '/sse/im');
    const main = await openSse(baseUrl, chat.cookie);
    const id = await answer(chat.operatorCookie, chat.id, '您好，请问有什么可以帮您？');
    await waitForMessages(im, 1);
    const [event] = messages(im);
    expect(event).toMatchObject({ id: String(id), data: { id, sender: 'OPERATOR', text: '您好，请问有什么可以帮您？' } });
    await expect.poll(() => main.events.map((e) => e.event), { timeout: 5_000 }).toEqual(expect.arrayContaining(['chatMessage', 'unreadMessageCount']));
    expect(main.events.find((e) => e.event === 'chatMessage')!.data).toMatchObject({ channel: 'SUPPORT', messageId: id, contactId: null, content: '您好，请问有什么可以帮您？' });
    expect(main.events.find((e) => e.event === 'unreadMessageCount')!.data).toEqual({ count: 1, channel: 'SUPPORT' });
    im.close();
    main.close();
  });

  it('replays exactly what was missed after Last-Event-ID (header or query), then continues live', async () => {
    const chat = await conversationWithOperator();
    const first = await openSse(baseUrl, chat.cookie, {}, '/sse/im');
    const seen = await answer(chat.operatorCookie, chat.id, 'a1');
    await waitForMessages(first, 1);
    first.close();

    await answer(chat.operatorCookie, chat.id, 'a2');
    await server.app.inject({ method: 'POST', url: '/ajax/customer-service/messages', headers: { ...MUTATION_HEADERS, cookie: chat.cookie }, payload: { text: 'c3' } });
    await answer(chat.operatorCookie, chat.id, 'a4');

    const byHeader = await openSse(baseUrl, chat.cookie, { 'last-event-id': String(seen) }, '/sse/im');
    await waitForMessages(byHeader, 3);
    expect(texts(byHeader)).toEqual(['a2', 'c3', 'a4']);
    const ids = messages(byHeader).map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    byHeader.close();

    const byQuery = await openSse(baseUrl, chat.cookie, {}, `/sse/im?lastEventId=${seen}`);
    await waitForMessages(byQuery, 3);
    await answer(chat.operatorCookie, chat.id, 'a5');
    await waitForMessages(byQuery, 4);
    // A later answer arrives after a5 with nothing repeated in between.
    await answer(chat.operatorCookie, chat.id, 'a6');
    await waitForMessages(byQuery, 5);
    expect(texts(byQuery)).toEqual(['a2', 'c3', 'a4', 'a5', 'a6']);
    byQuery.close();
  });

  it('carries typing and read receipts as transient events, and a closed conversation', async () => {
    const chat = await conversationWithOperator();
    const sent = await server.app.inject({ method: 'POST', url: '/ajax/customer-service/messages', headers: { ...MUTATION_HEADERS, cookie: chat.cookie }, payload: { text: '在吗' } });
    const im = await openSse(baseUrl, chat.cookie, {}, '/sse/im');
    await other.app.inject({ method: 'POST', url: `/ajax/backoffice/support/conversations/${chat.id}/typing`, headers: operatorHeaders(chat.operatorCookie) });
    await expect.poll(() => im.events.some((e) => e.event === 'typing'), { timeout: 5_000 }).toBe(true);
    const read = await other.app.inject({
      method: 'POST',
      url: `/ajax/backoffice/support/conversations/${chat.id}/read`,
      headers: operatorHeaders(chat.operatorCookie),
      payload: { lastReadId: sent.json().id },
    });
    expect(read.statusCode, read.body).toBe(200);
    await expect.poll(() => im.events.find((e) => e.event === 'read')?.data, { timeout: 5_000 }).toEqual({ operatorReadId: sent.json().id });
    expect(im.events.filter((e) => e.event !== 'message').every((e) => e.id === undefined)).toBe(true);
    await other.app.inject({ method: 'POST', url: `/ajax/backoffice/support/conversations/${chat.id}/close`, headers: operatorHeaders(chat.operatorCookie) });
    await expect.poll(() => im.events.find((e) => e.event === 'conversation')?.data, { timeout: 5_000 }).toMatchObject({ status: 'CLOSED' });
    im.close();
  });
});
