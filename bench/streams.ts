// Benchmark (not a test): how many live-event streams (GET /sse/events) one server process holds, and
// what they cost, next to a minimal node:http SSE server (bench/support/sse-reference-server.ts)
// holding the same count in the same run. Two rounds: one process with 19,000 streams, then two
// processes (one database) with 20,000 between them.
//   node --import tsx bench/streams.ts [streams=19000] [twoProcessStreams=20000] [events=30] [--save]
// Uses DATABASE_URL's server when set (creating and dropping its own database), else the embedded one.
// Output kept in .data/bench/streams.txt; --save (default sizes) updates bench/results/streams.txt.
//
// The real server is src/server/main.ts (NODE_ENV=production, WORKERS=1, DATABASE_POOL_MAX=6, scheduler off), each stream
// with its own player and session. Events are broadcasts appended to the outbox by this process
// (as any process of ours publishes: one append, NOTIFY, the hubs fetch and dispatch); the reference is
// told each event over IPC. Both hold their streams at the same time, and events alternate between them
// (each published once every stream has the one before), so both meet the same background load of this
// shared machine. The load comes from forked clients (bench/support/sse-clients.ts), CLIENT_PROCESSES
// per server under test, each from its own source address (127.0.1.x).
//
// Figures: memory per stream = growth of the server processes' RSS (procfs) from before the streams
// opened to after the events, per stream; broadcast latency = publish → a stream has the event, over
// every (event, stream) delivery (p50, p99), and publish → the LAST stream has it, per event (p50, p99);
// every stream must get every event once and in order (missing, duplicates, out of order).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { appendEvents } from '../src/server/events/outbox.ts';
import { waitForHealth } from '../tests/support/server-process.ts';
import { cleanupOnSignal, openBenchDatabase } from './support/db.ts';
import { createFundedPlayers, createSessionCookies } from './support/players.ts';
import { environmentLine, fmt, positionalArgs, Report } from './support/report.ts';

const DEFAULTS = { streams: 19_000, twoProcessStreams: 20_000, events: 30 };
const [streamsArg, twoArg, eventsArg] = positionalArgs();
const oneProcessStreams = Number(streamsArg ?? DEFAULTS.streams);
const twoProcessStreams = Number(twoArg ?? DEFAULTS.twoProcessStreams);
const eventCount = Number(eventsArg ?? DEFAULTS.events);
const fullRun =
  oneProcessStreams === DEFAULTS.streams && twoProcessStreams === DEFAULTS.twoProcessStreams && eventCount === DEFAULTS.events;

/** Ports of this bench (4300–4399): the real servers, then the reference ones. */
const SERVER_PORTS = [4301, 4302];
const REFERENCE_PORTS = [4311, 4312];
const CLIENT_PROCESSES = 4;
const clientAddress = (n: number) => `127.0.1.${n + 1}`;
const COMPLETE_WITHIN_MS = 20_000;
const SESSION_WRITERS = 4;
/** A stream needs the database once, to find its session: a small pool, on a host whose PostgreSQL is shared. */
const SERVER_POOL_MAX = 6;
const EVENT = { type: 'textPopup', payload: { title: '公告', content: '今晚 22:00 至 22:30 系统维护，届时暂停投注，敬请谅解。' } };

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

function waitForMessage<T>(child: ChildProcess, type: string, timeoutMs = 600_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const settle = (error: Error | null, message?: unknown) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(message as T);
    };
    const timer = setTimeout(() => settle(new Error(`no '${type}' from a child within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: { type: string }) => {
      if (message.type === type) settle(null, message);
    };
    const onExit = (code: number | null) => settle(new Error(`a child exited (${code}) before '${type}'`));
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

interface Target {
  pid: number;
  port: number;
  /** What the process printed (warnings and errors: LOG_LEVEL=warn). */
  output(): string;
  stop(): Promise<void>;
}

/** Every server process started and not yet stopped: an interrupted run stops them too. */
const running = new Set<Target>();

function stopper(child: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
}

async function startServer(databaseUrl: string, port: number): Promise<Target> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn',
      SEED_DEMO: 'false',
      DRAW_SCHEDULER: 'false',
      WORKERS: '1',
      DATABASE_POOL_MAX: String(SERVER_POOL_MAX),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = stopper(child);
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child, 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}:\n${output}`);
  }
  const target = { pid: child.pid!, port, output: () => output, stop };
  running.add(target);
  child.once('exit', () => running.delete(target));
  return target;
}

async function startReference(port: number): Promise<Target & { child: ChildProcess }> {
  const child = fork('bench/support/sse-reference-server.ts', [String(port)], { execArgv: ['--import', 'tsx'] });
  await waitForMessage(child, 'listening', 60_000);
  const target = { pid: child.pid!, port, child, output: () => '', stop: stopper(child) };
  running.add(target);
  child.once('exit', () => running.delete(target));
  return target;
}

interface RoundResult {
  streams: number;
  failed: number;
  /** Opens refused (or broken) at first and made again, as EventSource reconnects. */
  retried: number;
  firstFailure: string | null;
  bytesPerStream: number;
  deliveryP50: number;
  deliveryP99: number;
  lastP50: number;
  lastP99: number;
  /** Streams the server ended after they had opened (each then misses the events after). */
  closedAfterOpen: number;
  firstClosedTail: string | null;
  missing: number;
  duplicates: number;
  disorder: number;
  incompleteEvents: number;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** One server under test (the real one or the reference) with its load clients, for one round. */
interface System {
  targets: readonly Target[];
  publish(): Promise<number>;
  clients: ChildProcess[];
  rssBefore: number;
  opened: { ok: number; failed: number; retried: number; firstFailure: string | null }[];
  /** Per event id: how many clients have it on all their streams, and when the last stream got it. */
  complete: Map<number, { clients: number; last: number }>;
  onComplete: (() => void) | null;
  published: { id: number; at: number }[];
  incompleteEvents: number;
}

/** Opens `cookies.length` streams spread over `targets`, from CLIENT_PROCESSES clients starting at address `firstAddress`. */
async function openStreams(targets: readonly Target[], cookies: readonly string[], publish: () => Promise<number>, firstAddress: number): Promise<System> {
  const rssBefore = targets.reduce((sum, t) => sum + rssBytes(t.pid), 0);
  const clients = Array.from({ length: CLIENT_PROCESSES }, () => fork('bench/support/sse-clients.ts', [], { execArgv: ['--import', 'tsx'] }));
  const system: System = { targets, publish, clients, rssBefore, opened: [], complete: new Map(), onComplete: null, published: [], incompleteEvents: 0 };
  for (const client of clients) {
    client.on('message', (message: { type: string; id: number; lastArrivalMs: number }) => {
      if (message.type !== 'complete') return;
      const entry = system.complete.get(message.id) ?? { clients: 0, last: 0 };
      entry.clients++;
      entry.last = Math.max(entry.last, message.lastArrivalMs);
      system.complete.set(message.id, entry);
      system.onComplete?.();
    });
  }
  const perClient = Math.ceil(cookies.length / CLIENT_PROCESSES);
  system.opened = await Promise.all(
    clients.map((client, n) => {
      const target = targets[n % targets.length]!;
      const done = waitForMessage<{ ok: number; failed: number; retried: number; firstFailure: string | null }>(client, 'opened');
      const slice = cookies.slice(n * perClient, (n + 1) * perClient);
      client.send({ cmd: 'open', port: target.port, path: '/sse/events', cookies: slice, localAddress: clientAddress(firstAddress + n) });
      return done;
    }),
  );
  return system;
}

/** Publishes one event and waits until every stream of `system` has it (or COMPLETE_WITHIN_MS passed). */
async function broadcastOnce(system: System): Promise<void> {
  const at = nowMs();
  const id = await system.publish();
  system.published.push({ id, at });
  const allHave = () => (system.complete.get(id)?.clients ?? 0) === system.clients.length;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      system.incompleteEvents++;
      resolve();
    }, COMPLETE_WITHIN_MS);
    system.onComplete = () => {
      if (!allHave()) return;
      clearTimeout(timer);
      resolve();
    };
    system.onComplete();
  });
  system.onComplete = null;
}

async function ask<T>(clients: readonly ChildProcess[], command: object, answer: string): Promise<T[]> {
  return Promise.all(
    clients.map((client) => {
      const reply = waitForMessage<T>(client, answer);
      client.send(command);
      return reply;
    }),
  );
}

async function results(system: System): Promise<RoundResult> {
  const rssAfter = system.targets.reduce((sum, t) => sum + rssBytes(t.pid), 0);
  const deliveries: number[] = [];
  const lasts: number[] = [];
  for (const { id, at } of system.published) {
    let last = 0;
    for (const { ms } of await ask<{ ms: number[] }>(system.clients, { cmd: 'arrivals', id }, 'arrivals')) {
      for (const t of ms) {
        deliveries.push(t - at);
        last = Math.max(last, t - at);
      }
    }
    lasts.push(last);
  }
  deliveries.sort((a, b) => a - b);
  lasts.sort((a, b) => a - b);
  const ids = system.published.map((p) => p.id);
  const checks = await ask<{ closedAfterOpen: number; firstClosedTail: string | null; missing: number; duplicates: number; unexpected: number; disorder: number }>(
    system.clients,
    { cmd: 'check', ids },
    'checked',
  );
  const streams = system.opened.reduce((sum, o) => sum + o.ok, 0);
  return {
    streams,
    failed: system.opened.reduce((sum, o) => sum + o.failed, 0),
    retried: system.opened.reduce((sum, o) => sum + o.retried, 0),
    firstFailure: system.opened.find((o) => o.firstFailure)?.firstFailure ?? null,
    bytesPerStream: (rssAfter - system.rssBefore) / Math.max(1, streams),
    deliveryP50: percentile(deliveries, 50),
    deliveryP99: percentile(deliveries, 99),
    lastP50: percentile(lasts, 50),
    lastP99: percentile(lasts, 99),
    closedAfterOpen: checks.reduce((sum, c) => sum + c.closedAfterOpen, 0),
    firstClosedTail: checks.find((c) => c.firstClosedTail !== null)?.firstClosedTail ?? null,
    missing: checks.reduce((sum, c) => sum + c.missing, 0),
    duplicates: checks.reduce((sum, c) => sum + c.duplicates + c.unexpected, 0),
    disorder: checks.reduce((sum, c) => sum + c.disorder, 0),
    incompleteEvents: system.incompleteEvents,
  };
}

async function closeClients(system: System | null): Promise<void> {
  for (const client of system?.clients ?? []) {
    const exited = new Promise<void>((resolve) => (client.exitCode !== null ? resolve() : client.once('exit', () => resolve())));
    if (client.connected) client.send({ cmd: 'close' });
    await exited;
  }
}

/**
 * One round: `count` streams on the real server(s) and `count` on the reference(s), both open at once;
 * events alternate between them (one to ours, one to the reference, …) so that both see the same
 * background load on this shared machine.
 */
async function round(databaseUrl: string, count: number, processes: number, cookies: readonly string[]): Promise<{ server: RoundResult; reference: RoundResult }> {
  const servers: Target[] = [];
  const references: (Target & { child: ChildProcess })[] = [];
  let server: System | null = null;
  let reference: System | null = null;
  try {
    for (let n = 0; n < processes; n++) servers.push(await startServer(databaseUrl, SERVER_PORTS[n]!));
    for (let n = 0; n < processes; n++) references.push(await startReference(REFERENCE_PORTS[n]!));
    let nextReferenceId = 0;
    const publishToReference = async () => {
      const id = ++nextReferenceId;
      for (const r of references) r.child.send({ cmd: 'broadcast', id, ...EVENT });
      return id;
    };
    const publishThroughOutbox = async () => (await appendEvents(publisher, [{ customerId: null, ...EVENT }]))[0]!;
    report.progress(`  opening ${fmt(count)} reference streams…`);
    reference = await openStreams(references, Array.from({ length: count }, () => ''), publishToReference, CLIENT_PROCESSES);
    report.progress(`  opening ${fmt(count)} server streams…`);
    server = await openStreams(servers, cookies.slice(0, count), publishThroughOutbox, 0);
    report.progress(`  ${eventCount} broadcasts each…`);
    for (let n = 0; n < eventCount; n++) {
      await broadcastOnce(server);
      await broadcastOnce(reference);
    }
    const outcome = { server: await results(server), reference: await results(reference) };
    if (outcome.server.failed + outcome.server.retried + outcome.server.closedAfterOpen > 0) {
      report.progress(`first stream ended by the server: ${JSON.stringify(outcome.server.firstClosedTail)}`);
      for (const s of servers) {
        const notable = s.output().split('\n').filter((line) => !line.includes('"level":30') || line.includes('slowly'));
        report.progress(`server on ${s.port} printed:\n${notable.slice(0, 20).join('\n')}`);
      }
    }
    return outcome;
  } finally {
    await closeClients(server);
    await closeClients(reference);
    for (const s of [...servers, ...references]) await s.stop();
  }
}

const report = new Report();
const bench = await openBenchDatabase('jinli_streams_bench', { seed: false, poolMax: SESSION_WRITERS });
// One connection of its own for the appends, held for the whole run: on a host whose PostgreSQL is
// near max_connections a pool's fresh connection could be refused between two events.
const publisher = new pg.Client({ connectionString: bench.url });
const cleanup = cleanupOnSignal(async () => {
  for (const target of running) await target.stop();
  await publisher.end().catch(() => {});
  await bench.cleanup();
});
const { pool } = bench.database;

try {
  await publisher.connect();
  const playerCount = Math.max(oneProcessStreams, twoProcessStreams);
  report.progress(`creating ${fmt(playerCount)} players and their sessions…`);
  const players = await createFundedPlayers(pool, playerCount, 1);
  // createSessionCookies is one session at a time: slices of it side by side.
  const slices = Array.from({ length: SESSION_WRITERS }, (_, n) => players.filter((_, i) => i % SESSION_WRITERS === n));
  const sliceCookies = await Promise.all(slices.map((slice) => createSessionCookies(pool, slice)));
  const cookies = players.map((_, i) => sliceCookies[i % SESSION_WRITERS]![Math.floor(i / SESSION_WRITERS)]!);

  const rows: (readonly (string | number)[])[] = [];
  const verdicts: string[] = [];
  for (const [count, processes] of [
    [oneProcessStreams, 1],
    [twoProcessStreams, 2],
  ] as const) {
    report.progress(`${fmt(count)} streams in ${processes} process(es), and as many on the reference…`);
    const { server, reference } = await round(bench.url, count, processes, cookies);
    const label = `${fmt(count)} streams, ${processes} process${processes > 1 ? 'es' : ''}`;
    for (const [who, r] of [
      ['reference (node:http)', reference],
      ['jinli /sse/events', server],
    ] as const) {
      rows.push([
        label,
        who,
        `${fmt(r.streams)}${r.failed || r.retried ? ` (${r.retried} retried, ${r.failed} failed; first: ${r.firstFailure})` : ''}`,
        fmt(r.bytesPerStream / 1024, 1),
        fmt(r.deliveryP50, 1),
        fmt(r.deliveryP99, 1),
        fmt(r.lastP50, 1),
        fmt(r.lastP99, 1),
        `${r.missing} / ${r.duplicates} / ${r.disorder}${r.incompleteEvents ? ` (${r.incompleteEvents} events incomplete)` : ''}${r.closedAfterOpen ? ` (${r.closedAfterOpen} streams ended by the server)` : ''}`,
      ]);
    }
    // Below a few thousand streams the RSS growth is noise (it can even fall): no ratio then.
    for (const row of rows.slice(-2)) report.progress(`  | ${row.join(' | ')} |`);
    const memoryRatio = reference.bytesPerStream > 0 && server.bytesPerStream > 0 ? server.bytesPerStream / reference.bytesPerStream : NaN;
    const p99Ratio = server.deliveryP99 / reference.deliveryP99;
    const lastRatio = server.lastP99 / reference.lastP99;
    const clean = server.streams === count && server.closedAfterOpen === 0 && server.missing === 0 && server.duplicates === 0 && server.disorder === 0;
    verdicts.push(
      `${label}: memory per stream ${memoryRatio.toFixed(2)}× the reference (target ≤ 2.0×: ${Number.isNaN(memoryRatio) ? 'not measurable at this size' : memoryRatio <= 2 ? 'met' : 'MISSED'}); ` +
        `delivery p99 ${p99Ratio.toFixed(2)}× (target ≤ 2.0×: ${p99Ratio <= 2 ? 'met' : 'MISSED'}); ` +
        `last-stream p99 ${lastRatio.toFixed(2)}×; every stream every event once, in order: ${clean ? 'yes' : 'NO'}`,
    );
  }

  report.line(`Live-event streams (GET /sse/events) vs a minimal node:http SSE server, ${eventCount} broadcasts each round`);
  report.line(await environmentLine(pool));
  report.line(`load: ${CLIENT_PROCESSES} client processes (raw net sockets) per server under test, from ${clientAddress(0)}…${clientAddress(2 * CLIENT_PROCESSES - 1)}; events alternate between ours and the reference, one at a time`);
  report.line();
  report.table(
    ['round', 'server', 'streams open', 'RSS KiB / stream', 'delivery p50 ms', 'delivery p99 ms', 'last stream p50 ms', 'last stream p99 ms', 'missing / dup / disorder'],
    rows,
  );
  report.line();
  for (const verdict of verdicts) report.line(verdict);
  report.save('streams.txt', fullRun);
} finally {
  await cleanup();
}
