import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOutboxPartitions, OUTBOX_PARTITION_SPAN, outboxPartitions, pruneOutbox } from '../../src/server/events/retention.ts';
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

  it('replays 2500 missed events exactly, in pages, then continues live', async () => {
    const cookie = await loginCookie(server.app, 'demo_member2');
    const first = await openSse(baseUrl, cookie);
    await server.ctx.events.publishTo(ids.demo_member2!, 'balance', { balance: 0 });
    const [seen] = await first.waitFor(1);
    first.close();

    // Interleaved with another customer's events, so pages of the outbox and of the replay differ.
    await server.ctx.events.publish(
      Array.from({ length: 2500 }, (_, i) => [
        { customerId: ids.demo_member2!, type: 'balance', payload: { balance: i + 1 } },
        { customerId: ids.demo_player!, type: 'balance', payload: { balance: -1 } },
      ]).flat(),
    );
    const client = await openSse(baseUrl, cookie, { 'last-event-id': seen!.id! });
    const replayed = await client.waitFor(2500, 15_000);
    expect(replayed.map((e) => (e.data as { balance: number }).balance)).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
    const replayedIds = replayed.map((e) => Number(e.id));
    expect(new Set(replayedIds).size).toBe(2500);
    expect(replayedIds).toEqual([...replayedIds].sort((a, b) => a - b));
    await server.ctx.events.publishTo(ids.demo_member2!, 'unreadMailCount', { count: 1 });
    const all = await client.waitFor(2501);
    expect(all[2500]!.data).toEqual({ count: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(client.events).toHaveLength(2501);
    client.close();
  });

  it('sends a heartbeat comment every SSE_HEARTBEAT_MS', async () => {
    const cookie = await loginCookie(server.app, 'demo_agent');
    // The file's server beats every 200 ms: two pings arrive long before the default 15 s would.
    const body = await new Promise<string>((resolve, reject) => {
      let received = '';
      const request = http.get(`${baseUrl}/sse/events`, { headers: { cookie } }, (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          received += chunk;
          // Two pings: the heartbeat repeats, it is not a one-off greeting.
          if (received.split(': ping\n\n').length - 1 >= 2) {
            request.destroy();
            resolve(received);
          }
        });
      });
      request.on('error', reject);
      setTimeout(() => {
        request.destroy();
        reject(new Error(`no heartbeat; got ${JSON.stringify(received)}`));
      }, 3_000);
    });
    expect(body.startsWith('retry: 5000\n\n')).toBe(true);
    expect(body.replace(/^retry: 5000\n\n/, '')).toMatch(/^(: ping\n\n)+$/);
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

describe('outbox retention and resync', () => {
  let own: TestServer;
  let url: string;
  let playerId: number;
  const RESYNC_MAX = 5;

  beforeAll(async () => {
    own = await startTestServer({ LIVE_EVENTS_REPLAY_MAX: String(RESYNC_MAX) });
    await own.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(own.app.server.address() as AddressInfo).port}`;
    const row = await own.db.database.pool.query<{ id: number }>("SELECT id FROM customers WHERE username = 'demo_player'");
    playerId = row.rows[0]!.id;
  });
  afterAll(() => own.close());

  const publishBalances = (values: number[]) =>
    own.ctx.events.publish(values.map((balance) => ({ customerId: playerId, type: 'balance', payload: { balance } })));
  const newestId = async () =>
    (await own.db.database.pool.query<{ id: number }>('SELECT max(id) AS id FROM live_events')).rows[0]!.id;
  const count = async () => Number((await own.db.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM live_events')).rows[0]!.n);

  it('replays up to LIVE_EVENTS_REPLAY_MAX events, and sends resync (at the newest id) when more were missed', async () => {
    const cookie = await loginCookie(own.app, 'demo_player');
    await publishBalances([1]);
    const start = await newestId();
    await publishBalances([2, 3, 4, 5, 6]);
    const exact = await openSse(url, cookie, { 'last-event-id': String(start) });
    expect((await exact.waitFor(5)).map((e) => e.event)).toEqual(Array(5).fill('balance'));
    exact.close();

    await publishBalances([7]);
    const tooMany = await openSse(url, cookie, { 'last-event-id': String(start) });
    const [resync] = await tooMany.waitFor(1);
    expect(resync).toEqual({ id: String(await newestId()), event: 'resync', data: {} });
    // Live events follow the resync.
    await publishBalances([8]);
    expect((await tooMany.waitFor(2))[1]!.data).toEqual({ balance: 8 });
    await new Promise((r) => setTimeout(r, 200));
    expect(tooMany.events).toHaveLength(2);
    tooMany.close();
  });

  const pool = () => own.db.database.pool;
  /** The next id appended is `id + 1`. */
  const jumpTo = (id: number) => pool().query("SELECT setval('live_events_id_seq', $1)", [id]);
  const nextBoundary = async () => (Math.floor((await newestId()) / OUTBOX_PARTITION_SPAN) + 1) * OUTBOX_PARTITION_SPAN;
  const ageBelow = (id: number, days: number) =>
    pool().query(`UPDATE live_events SET created_at = now() - make_interval(days => $2) WHERE id < $1`, [id, days]);
  const partitionOf = async (id: number) =>
    (await pool().query<{ name: string }>('SELECT tableoid::regclass::text AS name FROM live_events WHERE id = $1', [id])).rows[0]?.name;
  const retention = { retentionMs: 7 * 86_400_000, retentionMax: 1_000_000 };

  it('drops the oldest partitions whose every event is past retention, keeping the others whole', async () => {
    await publishBalances([10]);
    const first = await nextBoundary();
    await jumpTo(first);
    await publishBalances([11, 12]);
    const secondNewest = await newestId();
    const second = await nextBoundary();
    await jumpTo(second);
    await publishBalances([13]);
    const newest = await newestId();
    // Everything before the first boundary is old, and one of the two events after it.
    await ageBelow(first + 2, 8);
    const before = await count();

    // By age: the first partition goes whole; the second keeps its old event with its young one.
    expect((await pruneOutbox(pool(), retention)).map((p) => p.to)).toEqual([first]);
    expect(await count()).toBe(3);
    expect(before).toBeGreaterThan(3);
    // By count: only the newest 2 are kept, and the second partition has only the third-newest and
    // older, so it goes; the newest's partition stays.
    expect((await pruneOutbox(pool(), { ...retention, retentionMax: 2 })).map((p) => p.to)).toEqual([second]);
    expect(await count()).toBe(1);
    expect(await newestId()).toBe(newest);
    expect(secondNewest).toBeLessThan(second);
    // Everything old: the newest stays, so the oldest id still tells what was pruned.
    await ageBelow(newest + 1, 30);
    expect(await pruneOutbox(pool(), retention)).toEqual([]);
    expect(await count()).toBe(1);
  });

  it('creates partitions ahead, and takes over what an append put in the default partition meanwhile', async () => {
    const partitions = await outboxPartitions(pool());
    const top = partitions[partitions.length - 1]!.to;
    // Beyond every partition (the job fell behind): the append still succeeds, into the default.
    await jumpTo(top + 3 * OUTBOX_PARTITION_SPAN);
    await publishBalances([30]);
    const stray = await newestId();
    expect(await partitionOf(stray)).toBe('live_events_default');
    expect(await addOutboxPartitions(pool())).toBeGreaterThan(0);
    const owner = (await outboxPartitions(pool())).find((p) => p.from <= stray && stray < p.to)!;
    expect(await partitionOf(stray)).toBe(owner.name);
    expect(await count()).toBeGreaterThan(0);
    // Partitions now reach beyond the sequence: a second pass has nothing to do.
    expect(await addOutboxPartitions(pool())).toBe(0);
  });

  it('answers resync to a Last-Event-ID older than what is kept, and to one it never issued', async () => {
    const cookie = await loginCookie(own.app, 'demo_player');
    // In a partition of their own, so the ones before them can be dropped.
    await jumpTo(await nextBoundary());
    await publishBalances([20, 21]);
    const newest = await newestId();
    expect(await pruneOutbox(own.db.database.pool, { retentionMs: 7 * 86_400_000, retentionMax: 1 })).not.toEqual([]);

    const stale = await openSse(url, cookie, {}, '/sse/events?lastEventId=1');
    expect(await stale.waitFor(1)).toEqual([{ id: String(newest), event: 'resync', data: {} }]);
    stale.close();

    const future = await openSse(url, cookie, { 'last-event-id': String(newest + 1000) });
    expect(await future.waitFor(1)).toEqual([{ id: String(newest), event: 'resync', data: {} }]);
    // Events after the reset position are delivered, though their ids are below the old Last-Event-ID.
    await publishBalances([22]);
    expect((await future.waitFor(2))[1]!.data).toEqual({ balance: 22 });
    future.close();

    // Nothing pruned after it: a plain replay, no resync.
    const current = await openSse(url, cookie, { 'last-event-id': String(newest) });
    expect((await current.waitFor(1)).map((e) => e.data)).toEqual([{ balance: 22 }]);
    current.close();
  });
});
