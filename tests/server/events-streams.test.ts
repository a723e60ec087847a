// What a live-event stream costs the server and how it treats a client that stops reading
// (src/server/events/sse.ts, docs/scaling/streams.md): each event is encoded once for all its
// recipients; a stream whose unsent bytes pass MAX_UNSENT_BYTES is closed (the others carry on), and
// reconnecting with the last id it received replays exactly what it missed.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFrame, MAX_UNSENT_BYTES } from '../../src/server/events/sse.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { openSse } from '../support/sse.ts';

let server: TestServer;
let baseUrl: string;
let port: number;
let ids: Record<string, number>;

beforeAll(async () => {
  server = await startTestServer({ SSE_HEARTBEAT_MS: '60000' });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  const rows = await server.db.database.pool.query<{ username: string; id: number }>('SELECT username, id FROM customers');
  ids = Object.fromEntries(rows.rows.map((r) => [r.username, r.id]));
});
afterAll(() => server?.close());

/** Polls `condition` until it holds or the deadline passes (events, not time: no fixed sleep). */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A raw stream whose socket is paused: the server's writes pile up (kernel buffers, then Node's). */
function openStalledStream(cookie: string): Promise<{ socket: net.Socket; readAll(): Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.write(`GET /sse/events HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: text/event-stream\r\ncookie: ${cookie}\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.once('data', (first: Buffer) => {
      chunks.push(first);
      socket.pause();
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      resolve({
        socket,
        readAll: () =>
          new Promise((done) => {
            socket.once('close', () => done(Buffer.concat(chunks).toString('utf8')));
            socket.resume();
          }),
      });
    });
    socket.once('error', reject);
  });
}

/** The ids of the complete messages in a raw chunked SSE response (a message cut short is not counted). */
function completeIds(raw: string): number[] {
  // Chunked transfer coding: every write is its own chunk, so a message is never split by a chunk header.
  return [...raw.matchAll(/\nid: (\d+)\nevent: [^\n]+\ndata: [^\n]*\n\n/g)].map((m) => Number(m[1]));
}

describe('live event streams under load', () => {
  it('encodes an event once: every recipient is written the same bytes', () => {
    const event = { id: 7, customerId: null, type: 'textPopup', payload: { title: '公告', content: '维护' } };
    const first = eventFrame(event);
    expect(eventFrame(event)).toBe(first);
    expect(first.toString()).toBe('id: 7\nevent: textPopup\ndata: {"title":"公告","content":"维护"}\n\n');
  });

  it('closes a stream that stops reading once its unsent bytes pass the limit; the others get everything; a reconnect replays exactly what it missed', async () => {
    const customerId = ids.demo_member1!;
    const cookie = await loginCookie(server.app, 'demo_member1');
    const reader = await openSse(baseUrl, cookie);
    const stalled = await openStalledStream(cookie);
    await until(() => server.ctx.events.connectionCount === 2, 'both streams attached');

    // Big events fill the stalled socket's kernel buffers, then Node's; the limit must close it.
    const content = '满'.repeat(40 * 1024);
    let published = 0;
    while (server.ctx.events.connectionCount === 2) {
      expect(published).toBeLessThan(1_000);
      await server.ctx.events.publishTo(customerId, 'textPopup', { title: `第${published}条`, content });
      published++;
      await until(() => reader.events.length === published || server.ctx.events.connectionCount < 2, 'the reader to keep up');
    }
    // Closed for being slow, never for the reader: it still gets every event, in order.
    await reader.waitFor(published, 20_000);
    expect(server.ctx.events.connectionCount).toBe(1);
    expect(published * content.length * 3).toBeGreaterThan(MAX_UNSENT_BYTES);

    const received = completeIds(await stalled.readAll());
    const all = reader.events.map((e) => Number(e.id));
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThan(all.length);
    expect(received).toEqual(all.slice(0, received.length));

    // Back with the last id it has: the rest, once each, then live events again.
    const resumed = await openSse(baseUrl, cookie, { 'last-event-id': String(received.at(-1)) });
    const missed = all.slice(received.length);
    expect((await resumed.waitFor(missed.length, 20_000)).map((e) => Number(e.id))).toEqual(missed);
    await server.ctx.events.publishTo(customerId, 'balance', { balance: 1 });
    const after = await resumed.waitFor(missed.length + 1);
    expect(after.at(-1)!.event).toBe('balance');
    expect(new Set(after.map((e) => e.id)).size).toBe(after.length);
    resumed.close();
    reader.close();
    await until(() => server.ctx.events.connectionCount === 0, 'the streams to detach');
  });

  it("closes every stream of a logged-out session, and only that session's", async () => {
    const first = await loginCookie(server.app, 'demo_member2');
    const second = await loginCookie(server.app, 'demo_member2');
    const streams = [await openSse(baseUrl, first), await openSse(baseUrl, first), await openSse(baseUrl, second)];
    await until(() => server.ctx.events.connectionCount === 3, 'three streams attached');

    await server.app.inject({ method: 'PUT', url: '/ajax/logout', headers: { cookie: first, ...MUTATION_HEADERS } });
    await streams[0]!.ended;
    await streams[1]!.ended;
    await until(() => server.ctx.events.connectionCount === 1, 'the logged-out streams to detach');
    await server.ctx.events.publishTo(ids.demo_member2!, 'balance', { balance: 42 });
    expect((await streams[2]!.waitFor(1)).map((e) => e.data)).toEqual([{ balance: 42 }]);
    streams[2]!.close();
  });
});
