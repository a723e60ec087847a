// Two real server processes (src/server/main.ts, own ports, one database) behind a real HAProxy run
// from the documented deploy/haproxy/jinli.cfg (its addresses replaced): requests reach both, a bet
// placed through HAProxy is stored once, a live-event stream through HAProxy receives the events of
// either process, and killing one process keeps the service up through the other.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOpenIssue, type BenchIssue } from '../../bench/support/issues.ts';
import { renderHaproxyConfig } from '../../src/server/cluster/haproxy-config.ts';
import { seedDemoData, DEMO_PASSWORD } from '../../src/server/db/seed.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { MUTATION_HEADERS } from '../support/http.ts';
import { freePort } from '../support/ports.ts';
import { openSse, type SseClient } from '../support/sse.ts';
import { startServerProcess, waitForHealth, type ServerProcess } from '../support/server-process.ts';

const HAPROXY = '/usr/sbin/haproxy';

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let db: TestDatabase;
let issue: BenchIssue;
const servers: { process: ServerProcess; url: string }[] = [];
let haproxy: ChildProcess | undefined;
let haproxyOutput = '';
let front = '';
let stats = '';
let configDir = '';
const streams: SseClient[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoData(db.database.pool);
  issue = await insertOpenIssue(db.database.pool, 'UUFFC', 'HAPROXY-1', 3_600_000);
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const process = startServerProcess({ DATABASE_URL: db.url, PORT: String(port), TRUST_PROXY: 'true', DRAW_SCHEDULER: 'false' });
    servers.push({ process, url: `http://127.0.0.1:${port}` });
  }
  await Promise.all(servers.map((s) => waitForHealth(s.url, s.process.child, 60_000)));

  const [frontPort, statsPort] = [await freePort(), await freePort()];
  front = `http://127.0.0.1:${frontPort}`;
  stats = `http://127.0.0.1:${statsPort}`;
  configDir = mkdtempSync(path.join(tmpdir(), 'jinli-haproxy-'));
  const configFile = path.join(configDir, 'haproxy.cfg');
  writeFileSync(
    configFile,
    renderHaproxyConfig({ bind: `127.0.0.1:${frontPort}`, stats: `127.0.0.1:${statsPort}`, servers: servers.map((s) => s.url.slice('http://'.length)), logToStderr: true })
      // This host's open-file limit is lower than a production HAProxy host's.
      .replace(/maxconn 60000/, 'maxconn 4000'),
  );
  haproxy = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  haproxy.stdout!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
  haproxy.stderr!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
  // Up, and both API processes seen healthy by its checks.
  await until(async () => (await upServers()).length === 2, 30_000, `haproxy with both servers up\n${haproxyOutput}`);
}, 120_000);

afterAll(async () => {
  streams.forEach((s) => s.close());
  if (haproxy && haproxy.exitCode === null) {
    const exited = new Promise((resolve) => haproxy!.once('exit', resolve));
    haproxy.kill('SIGTERM');
    await exited;
  }
  await Promise.all(servers.map((s) => s.process.kill('SIGTERM')));
  if (configDir) rmSync(configDir, { recursive: true, force: true });
  await db?.drop();
});

/** HAProxy's statistics (CSV) for the API servers: name, status, total sessions. */
async function serverStats(): Promise<{ name: string; status: string; total: number }[]> {
  const csv = await (await fetch(`${stats}/;csv`)).text();
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header!.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  return rows
    .map((row) => row.split(','))
    .filter((cells) => cells[at('pxname')] === 'jinli_api' && cells[at('svname')]!.startsWith('api'))
    .map((cells) => ({ name: cells[at('svname')]!, status: cells[at('status')]!, total: Number(cells[at('stot')]) }));
}

async function upServers(): Promise<string[]> {
  return (await serverStats()).filter((s) => s.status === 'UP').map((s) => s.name);
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/ajax/login`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...MUTATION_HEADERS },
    body: JSON.stringify({ username: 'demo_player', password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('jinli_session='))!;
  return cookie.split(';')[0]!;
}

async function placeBet(base: string, cookie: string, clientKey = randomUUID()): Promise<Response> {
  return fetch(`${base}/ajax/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...MUTATION_HEADERS },
    body: JSON.stringify({
      clientKey,
      drawType: 'UUFFC',
      playMode: 'REGULAR',
      issueNumber: issue.issueNumber,
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'JIAO', multiplier: 1 }],
    }),
  });
}

describe('two server processes behind HAProxy', () => {
  it('spreads requests over both processes', async () => {
    const before = new Map((await serverStats()).map((s) => [s.name, s.total]));
    // Fresh connections (no keep-alive reuse): each is balanced on its own.
    for (let i = 0; i < 20; i++) expect((await fetch(`${front}/ajax/health`, { headers: { connection: 'close' } })).status).toBe(200);
    const after = await serverStats();
    for (const server of after) expect(server.total - (before.get(server.name) ?? 0), server.name).toBeGreaterThan(0);
  });

  it('stores a bet placed through HAProxy once, even when its request is sent twice', async () => {
    const cookie = await login(front);
    const clientKey = randomUUID();
    const [first, again] = await Promise.all([placeBet(front, cookie, clientKey), placeBet(front, cookie, clientKey)]);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    const ids = [((await first.json()) as { order: { id: number } }).order.id, ((await again.json()) as { order: { id: number } }).order.id];
    expect(ids[0]).toBe(ids[1]);
    const stored = await db.database.pool.query('SELECT count(*)::int AS n FROM orders WHERE issue_id = $1 AND client_key = $2', [issue.id, clientKey]);
    expect(stored.rows[0].n).toBe(1);
  });

  it('a stream through HAProxy receives what either process publishes', async () => {
    const cookie = await login(front);
    const stream = await openSse(front, cookie);
    streams.push(stream);
    expect(stream.status).toBe(200);
    // One bet placed directly on each process: one of them is not the process holding the stream.
    const balances: number[] = [];
    for (const server of servers) {
      const response = await placeBet(server.url, cookie);
      expect(response.status).toBe(200);
      balances.push(((await response.json()) as { balance: number }).balance);
    }
    await until(async () => stream.events.filter((e) => e.event === 'balance').length >= 2, 15_000, 'two balance events');
    const seen = stream.events.filter((e) => e.event === 'balance').map((e) => (e.data as { balance: number }).balance);
    expect(seen).toEqual(expect.arrayContaining(balances));
  });

  it('gives the API the address HAProxy saw, whatever X-Forwarded-For the client sends', async () => {
    const response = await fetch(`${front}/ajax/login`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9', ...MUTATION_HEADERS },
      body: JSON.stringify({ username: 'demo_player', password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('jinli_session='))!
      .split(';')[0]!;
    const listed = (await (await fetch(`${front}/ajax/customer/sessions`, { headers: { cookie } })).json()) as { sessions: { current: boolean; ip: string }[] };
    expect(listed.sessions.find((s) => s.current)?.ip).toBe('127.0.0.1');
  });

  it('keeps serving through the other process when one is killed', async () => {
    const cookie = await login(front);
    const stream = await openSse(front, cookie);
    streams.push(stream);
    await servers[0]!.process.kill('SIGKILL');
    // Every request keeps succeeding: a connection refused by the dead process is redispatched.
    for (let i = 0; i < 20; i++) expect((await fetch(`${front}/ajax/health`, { headers: { connection: 'close' } })).status).toBe(200);
    const bet = await placeBet(front, cookie);
    expect(bet.status).toBe(200);
    await until(async () => (await upServers()).join() === 'api2', 15_000, 'api1 marked down');
    // A stream that was on the dead process has ended; a new one (as EventSource reconnects, with its
    // Last-Event-ID) is served by the live one and receives the next event.
    const lastId = stream.events.at(-1)?.id;
    const resumed = await openSse(front, cookie, lastId ? { 'last-event-id': lastId } : {});
    streams.push(resumed);
    expect(resumed.status).toBe(200);
    const placed = await placeBet(front, cookie);
    const { balance } = (await placed.json()) as { balance: number };
    await until(async () => resumed.events.some((e) => e.event === 'balance' && (e.data as { balance: number }).balance === balance), 15_000, 'the event on the resumed stream');
  });
});
