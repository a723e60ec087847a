// Admission for bet placement (src/server/http/admission.ts): with few slots and many placements at
// once, every request is answered — placed, or 429 「系统繁忙，请稍后再试」 with Retry-After — never a
// 5xx; the placed orders are stored once and the ledger reconciles; the queue is FIFO and bounded; a
// queued request whose client goes away gives its place back.
//
// To hold the slots for as long as a test needs, a transaction of the test locks the issue row
// FOR UPDATE: placement locks it FOR SHARE, so the admitted placements wait in PostgreSQL.
import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdmissionGate } from '../../src/server/http/admission.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { schedulerFor } from '../support/orders.ts';

const BUSY = '系统繁忙，请稍后再试';
const ISSUE = '202611220541'; // UUFFC, on sale 09:00:00–09:00:30
const clock = new ManualClock(beijing('2026-11-22 09:00:10'));
const MAX_IN_FLIGHT = 2;
const MAX_QUEUE = 3;

let server: TestServer;
let baseUrl: string;
let cookies: string[];

beforeAll(async () => {
  server = await startTestServer({
    PLACEMENT_MAX_IN_FLIGHT: String(MAX_IN_FLIGHT),
    PLACEMENT_MAX_QUEUE: String(MAX_QUEUE),
    PLACEMENT_MAX_WAIT_MS: '60000',
    PLACEMENT_MAX_LAG_MS: '1000', // well above what a slow host's test process lags
  });
  server.ctx.clock = clock;
  await server.db.database.pool.query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC')`);
  await schedulerFor(server, clock).tick();
  cookies = await Promise.all(['demo_member1', 'demo_member2', 'demo_agent'].map((name) => loginCookie(server.app, name)));
  baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());

const pool = () => server.db.database.pool;
const gate = () => server.app.admission;
const limits = () => server.ctx.config.admission;

const order = (clientKey: string) => ({
  clientKey,
  drawType: 'UUFFC',
  playMode: 'REGULAR',
  issueNumber: ISSUE,
  bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
});

interface Answer {
  status: number;
  body: { code?: string; message?: string; order?: { orderId: string } };
  retryAfter: string | undefined;
}

/** A placement over a real socket; `abort` closes it (the client goes away). */
function place(cookie: string, clientKey: string, abort?: AbortSignal): Promise<Answer> {
  const payload = JSON.stringify(order(clientKey));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}/ajax/orders`,
      {
        method: 'POST',
        signal: abort,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), cookie, ...MUTATION_HEADERS },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), retryAfter: res.headers['retry-after'] as string | undefined }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Polls a condition (no fixed sleeps): the gate's counts move as requests arrive and leave. */
async function until(condition: () => boolean, what: string, deadlineMs = 10_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Holds every placement on the issue in PostgreSQL until `release()`. */
async function blockPlacements(): Promise<{ release(): Promise<void> }> {
  const client: pg.PoolClient = await pool().connect();
  await client.query('BEGIN');
  await client.query(`SELECT id FROM draw_issues WHERE draw_type = 'UUFFC' AND issue_number = $1 FOR UPDATE`, [ISSUE]);
  return {
    async release() {
      await client.query('ROLLBACK');
      client.release();
    },
  };
}

const storedOrders = async (clientKeys: readonly string[]) =>
  Number((await pool().query('SELECT count(*) FROM orders WHERE client_key = ANY($1::text[])', [clientKeys])).rows[0].count);

describe('admission of placements', () => {
  it('answers every one of a burst: placed or 系统繁忙 (429, Retry-After), never a 5xx; placed ones stored once', async () => {
    const keys = Array.from({ length: 40 }, () => randomUUID());
    const answers = await Promise.all(keys.map((key, i) => place(cookies[i % cookies.length]!, key)));

    const placed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(placed.length + refused.length).toBe(keys.length);
    // Two run, three wait: of forty arriving together most find the queue full.
    expect(placed.length).toBeGreaterThanOrEqual(MAX_IN_FLIGHT + MAX_QUEUE);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.body).toEqual({ code: 'RATE_LIMITED', message: BUSY });
      expect(answer.retryAfter).toBe('1');
    }
    expect(await storedOrders(keys.filter((_, i) => answers[i]!.status === 200))).toBe(placed.length);
    expect(await storedOrders(keys.filter((_, i) => answers[i]!.status === 429))).toBe(0);
    expect(new Set(placed.map((a) => a.body.order!.orderId)).size).toBe(placed.length);
    expect((await reconcile(pool())).ok).toBe(true);
    expect(gate().running).toBe(0);
    expect(gate().queued).toBe(0);
  });

  it('bounds the queue: with the slots taken and the queue full, the next one is refused at once', async () => {
    const lock = await blockPlacements();
    const keys = Array.from({ length: MAX_IN_FLIGHT + MAX_QUEUE }, () => randomUUID());
    let held: Promise<Answer>[] = [];
    try {
      held = keys.map((key, i) => place(cookies[i % cookies.length]!, key));
      await until(() => gate().running === MAX_IN_FLIGHT && gate().queued === MAX_QUEUE, 'two running and three queued');
      const extra = await place(cookies[0]!, randomUUID());
      expect(extra.status).toBe(429);
      expect(extra.body.message).toBe(BUSY);
      expect(gate().queued).toBe(MAX_QUEUE); // still waiting: refused without touching the queue
    } finally {
      await lock.release();
    }
    const answers = await Promise.all(held);
    expect(answers.map((a) => a.status)).toEqual(keys.map(() => 200));
    expect(await storedOrders(keys)).toBe(keys.length);
  });

  it('refuses a request that waited maxWaitMs with 系统繁忙, and places nothing for it', async () => {
    const lock = await blockPlacements();
    const saved = limits().maxWaitMs;
    limits().maxWaitMs = 200; // the gate reads its limits from the configuration on every request
    const running = Array.from({ length: MAX_IN_FLIGHT }, () => randomUUID());
    const late = randomUUID();
    let held: Promise<Answer>[] = [];
    try {
      held = running.map((key, i) => place(cookies[i]!, key));
      await until(() => gate().running === MAX_IN_FLIGHT, 'the slots taken');
      const waited = await place(cookies[2]!, late);
      expect(waited.status).toBe(429);
      expect(waited.body.message).toBe(BUSY);
      expect(gate().queued).toBe(0);
    } finally {
      limits().maxWaitMs = saved;
      await lock.release();
    }
    expect((await Promise.all(held)).map((a) => a.status)).toEqual([200, 200]);
    expect(await storedOrders([late])).toBe(0);
  });

  it('gives the place of a queued request whose client went away back, and places nothing for it', async () => {
    const lock = await blockPlacements();
    const running = Array.from({ length: MAX_IN_FLIGHT }, () => randomUUID());
    const gone = randomUUID();
    const queued = Array.from({ length: MAX_QUEUE }, () => randomUUID());
    let held: Promise<Answer>[] = [];
    try {
      held = running.map((key, i) => place(cookies[i]!, key));
      await until(() => gate().running === MAX_IN_FLIGHT, 'the slots taken');
      const leaving = new AbortController();
      const abandoned = place(cookies[0]!, gone, leaving.signal).catch((error: unknown) => error);
      await until(() => gate().queued === 1, 'the request queued');
      leaving.abort();
      await abandoned;
      await until(() => gate().queued === 0, 'the abandoned request to leave the queue');
      // Its place is free again: a full queue's worth of newcomers wait instead of being refused.
      held.push(...queued.map((key, i) => place(cookies[i % cookies.length]!, key)));
      await until(() => gate().queued === MAX_QUEUE, 'the queue filled again');
    } finally {
      await lock.release();
    }
    expect((await Promise.all(held)).map((a) => a.status)).toEqual([...running, ...queued].map(() => 200));
    expect(await storedOrders([gone])).toBe(0);
    expect(gate().running).toBe(0);
  });

  it('refuses at once while placements queue and the event loop lags behind, and admits again once it caught up', async () => {
    const lock = await blockPlacements();
    const keys = Array.from({ length: MAX_IN_FLIGHT + 1 }, () => randomUUID());
    const refusedKey = randomUUID();
    let held: Promise<Answer>[] = [];
    try {
      held = keys.map((key, i) => place(cookies[i % cookies.length]!, key));
      await until(() => gate().running === MAX_IN_FLIGHT && gate().queued === 1, 'two running and one queued');
      // The process's CPU taken tick after tick (one late tick alone is only a pause): between the busy
      // spells the overdue sampling timer runs, late each time; the last spell ends right before the request.
      for (let spell = 0; spell < 4; spell++) {
        if (spell > 0) await new Promise((resolve) => setTimeout(resolve, 1));
        const busyUntil = performance.now() + 1_200;
        while (performance.now() < busyUntil);
      }
      const refused = await server.app.inject({ method: 'POST', url: '/ajax/orders', headers: { cookie: cookies[0]!, ...MUTATION_HEADERS }, payload: order(refusedKey) });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(BUSY);
      expect(gate().queued).toBe(1); // refused at once, though the queue had room
    } finally {
      await lock.release();
    }
    expect((await Promise.all(held)).map((a) => a.status)).toEqual(keys.map(() => 200));
    expect(await storedOrders([refusedKey])).toBe(0);
    await until(() => gate().lagMs < 1_000, 'the loop to catch up');
    expect((await place(cookies[0]!, randomUUID())).status).toBe(200);
  });

  it('does not refuse for lag alone: with nothing queued, a slow loop still places', async () => {
    for (let spell = 0; spell < 4; spell++) {
      if (spell > 0) await new Promise((resolve) => setTimeout(resolve, 1));
      const busyUntil = performance.now() + 1_200;
      while (performance.now() < busyUntil);
    }
    const placed = await server.app.inject({ method: 'POST', url: '/ajax/orders', headers: { cookie: cookies[1]!, ...MUTATION_HEADERS }, payload: order(randomUUID()) });
    expect(placed.statusCode).toBe(200);
  });

  it('leaves other routes alone: the order list is served with every slot taken', async () => {
    const lock = await blockPlacements();
    let held: Promise<Answer>[] = [];
    try {
      held = Array.from({ length: MAX_IN_FLIGHT }, (_, i) => place(cookies[i]!, randomUUID()));
      await until(() => gate().running === MAX_IN_FLIGHT, 'the slots taken');
      const list = await server.app.inject({ method: 'GET', url: '/ajax/orders', headers: { cookie: cookies[2]! } });
      expect(list.statusCode).toBe(200);
    } finally {
      await lock.release();
    }
    await Promise.all(held);
  });
});

describe('AdmissionGate', () => {
  const never = () => {};

  it('hands a released slot to the oldest waiter, in arrival order', async () => {
    const gate = new AdmissionGate({ maxInFlight: 1, maxQueue: 10, maxWaitMs: 60_000, maxLagMs: 1_000 });
    expect(gate.enter(never)).toBe(true);
    const admitted: number[] = [];
    const waiters = [1, 2, 3].map((n) => Promise.resolve(gate.enter(never)).then((ok) => ok && admitted.push(n)));
    expect(gate.queued).toBe(3);
    // A newcomer after a release does not overtake the queue: the slot went to waiter 1.
    gate.release();
    expect(gate.enter(never)).not.toBe(true);
    gate.release(); // to waiter 2
    gate.release(); // to waiter 3
    gate.release(); // to the newcomer, queued behind them
    await Promise.all(waiters);
    expect(admitted).toEqual([1, 2, 3]);
    expect(gate.running).toBe(1);
    expect(gate.queued).toBe(0);
    gate.stop();
  });

  it('refuses at once with maxWaitMs 0 or a full queue, and counts every slot back', async () => {
    const gate = new AdmissionGate({ maxInFlight: 2, maxQueue: 1, maxWaitMs: 0, maxLagMs: 1_000 });
    expect(gate.enter(never)).toBe(true);
    expect(gate.enter(never)).toBe(true);
    expect(gate.enter(never)).toBe(false);
    gate.release();
    gate.release();
    expect(gate.running).toBe(0);
    gate.stop();
  });
});
