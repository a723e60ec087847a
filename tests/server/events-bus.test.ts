// Fan-out across processes (src/server/events/bus/): two servers on one database, with the NATS bus
// (the machine's NATS, EVENTS_BUS) and with PostgreSQL NOTIFY. Events published in one reach the
// streams of the other; a stream resumes on the other by Last-Event-ID with no gap and no repeat; a
// lost NATS message is filled from the outbox; concurrent appends keep ids visible in commit order.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.ts';
import { openDatabase, type Database } from '../../src/server/db/pool.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { relayTestHooks } from '../../src/server/events/bus/relay.ts';
import type { EventHub } from '../../src/server/events/hub.ts';
import { appendEvents, eventsAfter } from '../../src/server/events/outbox.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../support/db.ts';
import { loginCookie } from '../support/http.ts';
import { openSse, type SseClient } from '../support/sse.ts';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

interface Process {
  built: BuiltApp;
  database: Database;
  url: string;
  hub: EventHub;
}

async function startProcess(db: TestDatabase, bus: Record<string, string>): Promise<Process> {
  const database = openDatabase(db.url, 10);
  const built = await buildApp(testConfig(db.url, { SSE_HEARTBEAT_MS: '60000', ...bus }), database);
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  return { built, database, url, hub: built.ctx.events as EventHub };
}

async function stopProcess(process: Process | undefined): Promise<void> {
  if (!process) return;
  await process.built.app.close();
  await process.database.close();
}

/** Polls `probe` until true; a deadline, not a sleep, so a slow host only waits longer. */
async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const balances = (client: SseClient) =>
  client.events.filter((e) => e.event === 'balance').map((e) => (e.data as { balance: number }).balance);

for (const [name, bus] of [
  ['NATS', { EVENTS_BUS: NATS_URL }],
  ['NOTIFY', {}],
] as const) {
  describe(`fan-out across two processes (${name})`, () => {
    let db: TestDatabase;
    let a: Process;
    let b: Process;
    let playerId: number;

    beforeAll(async () => {
      db = await createTestDatabase();
      await seedDemoData(db.database.pool);
      [a, b] = await Promise.all([startProcess(db, bus), startProcess(db, bus)]);
      const row = await db.database.pool.query<{ id: number }>("SELECT id FROM customers WHERE username = 'demo_player'");
      playerId = row.rows[0]!.id;
    });
    afterAll(async () => {
      await stopProcess(a);
      await stopProcess(b);
      await db?.drop();
    });

    const publish = (process: Process, values: number[]) =>
      process.hub.publish(values.map((balance) => ({ customerId: playerId, type: 'balance', payload: { balance } })));

    it(`uses the ${name} bus`, () => {
      expect(a.hub.busKind).toBe(name === 'NATS' ? 'nats' : 'notify');
    });

    it('delivers what one process publishes to the streams of the other', async () => {
      const onB = await openSse(b.url, await loginCookie(b.built.app, 'demo_player'));
      const onA = await openSse(a.url, await loginCookie(a.built.app, 'demo_player'));
      await publish(a, [1, 2]);
      await publish(b, [3]);
      await until('three balances on both processes', () => balances(onB).length >= 3 && balances(onA).length >= 3);
      expect(balances(onB)).toEqual([1, 2, 3]);
      expect(balances(onA)).toEqual([1, 2, 3]);
      onA.close();
      onB.close();
    });

    it('resumes a stream on the other process by Last-Event-ID with no gap and no repeat, under publishing', async () => {
      const cookie = await loginCookie(a.built.app, 'demo_player');
      const first = await openSse(a.url, cookie);
      const values = Array.from({ length: 300 }, (_, i) => 1000 + i);
      // Published in small batches from both processes while the stream moves from A to B.
      let next = 0;
      const publishing = (async () => {
        while (next < values.length) {
          const chunk = values.slice(next, next + 10);
          next += chunk.length;
          await publish(next % 20 === 0 ? a : b, chunk);
        }
      })();
      await until('some events on A', () => first.events.length >= 50);
      first.close();
      const seen = first.events.slice();
      const lastId = seen[seen.length - 1]!.id!;
      const second = await openSse(b.url, cookie, { 'last-event-id': lastId });
      await publishing;
      await until('the rest on B', () => seen.length + second.events.length >= values.length);
      const received = [...balances({ ...first, events: seen }), ...balances(second)];
      expect(received).toEqual(values);
      const ids = [...seen, ...second.events].map((e) => Number(e.id));
      expect(new Set(ids).size).toBe(ids.length);
      second.close();
    });
  });
}

describe('a lost NATS message', () => {
  let db: TestDatabase;
  let a: Process;
  let b: Process;

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedDemoData(db.database.pool);
    [a, b] = await Promise.all([startProcess(db, { EVENTS_BUS: NATS_URL }), startProcess(db, { EVENTS_BUS: NATS_URL })]);
  });
  afterAll(async () => {
    relayTestHooks.dropEventMessages = 0;
    await stopProcess(a);
    await stopProcess(b);
    await db?.drop();
  });

  it('is filled from the outbox when the next message shows the gap', async () => {
    const playerId = (await db.database.pool.query<{ id: number }>("SELECT id FROM customers WHERE username = 'demo_player'")).rows[0]!.id;
    const stream = await openSse(b.url, await loginCookie(b.built.app, 'demo_player'));
    const gapsBefore = b.hub.stats.gapsFilled;
    relayTestHooks.dropEventMessages = 1;
    await a.hub.publishTo(playerId, 'balance', { balance: 1 });
    await until('the relay to drop a message', () => relayTestHooks.dropEventMessages === 0);
    await a.hub.publishTo(playerId, 'balance', { balance: 2 });
    // Only the balances: a broadcast (the jackpot pool's total) may reach the stream meanwhile.
    await until('both balances on the other process', () => balances(stream).length >= 2);
    expect(balances(stream)).toEqual([1, 2]);
    expect(b.hub.stats.gapsFilled).toBeGreaterThan(gapsBefore);
    stream.close();
  });

  it('reads nothing from the outbox in steady state: the events come from the bus', async () => {
    const playerId = (await db.database.pool.query<{ id: number }>("SELECT id FROM customers WHERE username = 'demo_player'")).rows[0]!.id;
    const stream = await openSse(b.url, await loginCookie(b.built.app, 'demo_player'));
    const readsBefore = b.hub.stats.outboxReads;
    for (let i = 0; i < 20; i++) await a.hub.publishTo(playerId, 'balance', { balance: i });
    await stream.waitFor(20);
    expect(b.hub.stats.outboxReads).toBe(readsBefore);
    stream.close();
  });
});

describe('the outbox under concurrent appends', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  it('makes ids visible in commit order: a follower reading after its cursor misses none', async () => {
    const pool = db.database.pool;
    const start = (await pool.query<{ id: number | null }>('SELECT max(id) AS id FROM live_events')).rows[0]!.id ?? 0;
    const seen: number[] = [];
    let cursor = start;
    let appending = true;
    const follower = (async () => {
      while (appending) {
        const batch = await eventsAfter(pool, cursor, 1000);
        for (const event of batch) seen.push(event.id);
        if (batch.length > 0) cursor = batch[batch.length - 1]!.id;
      }
    })();
    // 16 connections append at once, each many small batches.
    await Promise.all(
      Array.from({ length: 16 }, async (_, writer) => {
        for (let i = 0; i < 40; i++) {
          await appendEvents(pool, Array.from({ length: 1 + (i % 3) }, () => ({ customerId: null, type: 'probe', payload: { writer, i } })));
        }
      }),
    );
    appending = false;
    await follower;
    for (let batch = await eventsAfter(pool, cursor, 1000); batch.length > 0; batch = await eventsAfter(pool, cursor, 1000)) {
      for (const event of batch) seen.push(event.id);
      cursor = batch[batch.length - 1]!.id;
    }
    const all = (await pool.query<{ id: number }>('SELECT id FROM live_events WHERE id > $1 ORDER BY id', [start])).rows.map((r) => r.id);
    expect(all).toHaveLength(16 * Array.from({ length: 40 }, (_, i) => 1 + (i % 3)).reduce((x, y) => x + y));
    expect(seen).toEqual(all);
  });
});

describe('the NATS relay after its process closes', () => {
  let db: TestDatabase;
  let processes: Process[];
  const stopped = new Set<Process>();

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedDemoData(db.database.pool);
    processes = await Promise.all([startProcess(db, { EVENTS_BUS: NATS_URL }), startProcess(db, { EVENTS_BUS: NATS_URL })]);
  });
  afterAll(async () => {
    for (const process of processes ?? []) if (!stopped.has(process)) await stopProcess(process);
    await db?.drop();
  });

  it('moves to the other process, and the streams there miss nothing', async () => {
    const holds = (process: Process) => process.built.ctx.singletons.holds('events-relay');
    await until('one process to run the relay', () => processes.some(holds), 20_000);
    const holder = processes.find(holds)!;
    const survivor = processes.find((p) => p !== holder)!;
    const playerId = (await db.database.pool.query<{ id: number }>("SELECT id FROM customers WHERE username = 'demo_player'")).rows[0]!.id;
    const stream = await openSse(survivor.url, await loginCookie(survivor.built.app, 'demo_player'));
    await holder.hub.publishTo(playerId, 'balance', { balance: 1 });
    await until('the first balance', () => balances(stream).length >= 1);

    stopped.add(holder);
    await stopProcess(holder);
    // Published before the survivor's relay runs: its first position message reveals them.
    await survivor.hub.publishTo(playerId, 'balance', { balance: 2 });
    await until('the survivor to take the relay over', () => holds(survivor), 30_000);
    await survivor.hub.publishTo(playerId, 'balance', { balance: 3 });
    await until('three balances on the survivor', () => balances(stream).length >= 3, 10_000);
    expect(balances(stream)).toEqual([1, 2, 3]);
    stream.close();
  }, 60_000);
});

describe('NATS unreachable', () => {
  let db: TestDatabase;
  let server: Process;

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedDemoData(db.database.pool);
    // Nothing listens there (a port of this file's own range).
    server = await startProcess(db, { EVENTS_BUS: 'nats://127.0.0.1:4299' });
  });
  afterAll(async () => {
    await stopProcess(server);
    await db?.drop();
  });

  it('starts anyway, and its streams get every event from the outbox (slower: the safety poll)', async () => {
    const playerId = (await db.database.pool.query<{ id: number }>("SELECT id FROM customers WHERE username = 'demo_player'")).rows[0]!.id;
    const stream = await openSse(server.url, await loginCookie(server.built.app, 'demo_player'));
    await server.hub.publishTo(playerId, 'balance', { balance: 1 });
    await server.hub.publishTo(playerId, 'balance', { balance: 2 });
    await until('both balances from the outbox', () => balances(stream).length >= 2, 15_000);
    expect(balances(stream)).toEqual([1, 2]);
    stream.close();
  }, 30_000);
});
