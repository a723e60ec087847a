import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { openSse } from '../support/sse.ts';

let server: TestServer;
let baseUrl: string;
let ids: Record<string, number>;

beforeAll(async () => {
  server = await startTestServer({ SSE_HEARTBEAT_MS: '200' });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const rows = await server.db.database.pool.query<{ username: string; id: number }>('SELECT username, id FROM customers');
  ids = Object.fromEntries(rows.rows.map((r) => [r.username, r.id]));
});
afterAll(() => server.close());

describe('live event stream', () => {
  it('refuses an anonymous stream', async () => {
    const client = await openSse(baseUrl, '');
    expect(client.status).toBe(401);
    client.close();
  });

  it("delivers a customer's events to that customer only, and broadcasts to everyone", async () => {
    const player = await openSse(baseUrl, await loginCookie(server.app, 'demo_player'));
    const agent = await openSse(baseUrl, await loginCookie(server.app, 'demo_agent'));
    await server.ctx.events.publishTo(ids.demo_player!, 'balance', { balance: 1234 });
    await server.ctx.events.publishTo(ids.demo_agent!, 'unreadMailCount', { count: 3 });
    await server.ctx.events.publishToAll('textPopup', { title: '公告', content: '系统维护通知' });

    const playerEvents = await player.waitFor(2);
    const agentEvents = await agent.waitFor(2);
    expect(playerEvents.map((e) => [e.event, e.data])).toEqual([
      ['balance', { balance: 1234 }],
      ['textPopup', { title: '公告', content: '系统维护通知' }],
    ]);
    expect(agentEvents.map((e) => [e.event, e.data])).toEqual([
      ['unreadMailCount', { count: 3 }],
      ['textPopup', { title: '公告', content: '系统维护通知' }],
    ]);
    // Ids are monotonic.
    const playerIds = playerEvents.map((e) => Number(e.id));
    expect(playerIds[1]).toBeGreaterThan(playerIds[0]!);
    await new Promise((r) => setTimeout(r, 300));
    expect(player.events).toHaveLength(2);
    player.close();
    agent.close();
  });

  it('replays exactly the missed events after Last-Event-ID (header or query parameter)', async () => {
    const cookie = await loginCookie(server.app, 'demo_member1');
    const first = await openSse(baseUrl, cookie);
    await server.ctx.events.publishTo(ids.demo_member1!, 'balance', { balance: 1 });
    const [seen] = await first.waitFor(1);
    first.close();

    await server.ctx.events.publishTo(ids.demo_member1!, 'balance', { balance: 2 });
    await server.ctx.events.publishTo(ids.demo_member2!, 'balance', { balance: 99 });
    await server.ctx.events.publishTo(ids.demo_member1!, 'unreadMailCount', { count: 5 });

    const byHeader = await openSse(baseUrl, cookie, { 'last-event-id': seen!.id! });
    const replayed = await byHeader.waitFor(2);
    expect(replayed.map((e) => e.data)).toEqual([{ balance: 2 }, { count: 5 }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(byHeader.events).toHaveLength(2);
    byHeader.close();

    const byQuery = await openSse(baseUrl, cookie, {}, `/sse/events?lastEventId=${seen!.id}`);
    expect((await byQuery.waitFor(2)).map((e) => e.data)).toEqual([{ balance: 2 }, { count: 5 }]);
    // Live events continue after the replay without a gap or a repeat.
    await server.ctx.events.publishTo(ids.demo_member1!, 'balance', { balance: 3 });
    expect((await byQuery.waitFor(3)).map((e) => e.data)).toEqual([{ balance: 2 }, { count: 5 }, { balance: 3 }]);
    byQuery.close();
  });

  it('keeps every event in order under concurrent publishers', async () => {
    const cookie = await loginCookie(server.app, 'demo_primary');
    const client = await openSse(baseUrl, cookie);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => server.ctx.events.publishTo(ids.demo_primary!, 'balance', { balance: i })),
    );
    const received = await client.waitFor(40);
    expect(new Set(received.map((e) => (e.data as { balance: number }).balance)).size).toBe(40);
    const received_ids = received.map((e) => Number(e.id));
    expect(received_ids).toEqual([...received_ids].sort((a, b) => a - b));
    client.close();
  });

  it('ends the stream when its session logs out', async () => {
    const cookie = await loginCookie(server.app, 'demo_trial');
    const client = await openSse(baseUrl, cookie);
    await server.app.inject({ method: 'PUT', url: '/ajax/logout', headers: { cookie, ...MUTATION_HEADERS } });
    await expect(Promise.race([client.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 3000))])).resolves.toBe('ended');
  });

  it('closes promptly with streams open', async () => {
    const extra = await startTestServer();
    await extra.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(extra.app.server.address() as AddressInfo).port}`;
    const streams = await Promise.all(
      ['demo_player', 'demo_agent', 'demo_primary'].map(async (u) => openSse(url, await loginCookie(extra.app, u))),
    );
    const started = performance.now();
    await extra.app.close();
    const elapsed = performance.now() - started;
    await Promise.all(streams.map((s) => s.ended));
    expect(elapsed).toBeLessThan(2_000);
    await extra.db.drop();
  });
});
