// Benchmark (not a test): live-event delivery across server processes, with the NATS bus and with
// PostgreSQL NOTIFY, measured in the same run. Two server processes on one database; streams open on
// both; events published inside process A. The reference is same-process delivery (A's events to A's
// streams); the figure is cross-process delivery (A's events to B's streams); target p99 ≤ 1.5×.
//   node --import tsx bench/fanout.ts [streamsPerProcess=300] [events=300] [ratePerSecond=20] [--save]
// Uses DATABASE_URL's server when set (creating and dropping its own database), else the embedded one;
// NATS at EVENTS_BUS_URL (default nats://127.0.0.1:4222). Ports 4201–4204. Output in .data/bench/fanout.txt;
// --save (default sizes) updates bench/results/fanout.txt.
//
// Latency: from just before the publish call inside process A (the event carries that time) to the
// moment the load client has read the event from a stream; the clients run in this process, on the same
// machine (one clock). Every stream must get every event once: gaps and repeats are counted. The rate is
// modest on purpose: 600 streams × 20 events/s is 12,000 messages/s for the one client process, which
// on a loaded 2-core machine otherwise measures its own queue more than the servers' delivery.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/pool.ts';
import { cleanupOnSignal, openBenchDatabase } from './support/db.ts';
import { createFundedPlayers, createSessionCookies } from './support/players.ts';
import { environmentLine, fmt, positionalArgs, Report } from './support/report.ts';

const PROBE = 'benchProbe';
const now = () => performance.timeOrigin + performance.now();

/** A server process as main.ts builds it, which publishes probe events when the bench asks. */
async function runChild(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, config.databasePoolMax);
  const { app, ctx } = await buildApp(config, database);
  await app.listen({ host: config.host, port: config.port });
  process.on('message', (message: { publish?: number; seq?: number; stop?: boolean }) => {
    if (message.stop) {
      void app.close().then(() => database.close()).then(() => process.exit(0));
      return;
    }
    if (message.seq !== undefined) {
      void ctx.events.publish([{ customerId: null, type: PROBE, payload: { seq: message.seq, sentAt: now() } }]);
    }
  });
  process.send?.({ ready: true });
}

interface Child {
  process: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/** The database server is shared with other work: a start refused for want of connections is tried again. */
async function startChild(databaseUrl: string, port: number, bus: string | null): Promise<Child> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startChildOnce(databaseUrl, port, bus);
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}

function startChildOnce(databaseUrl: string, port: number, bus: string | null): Promise<Child> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (bus) env.EVENTS_BUS = bus;
  else delete env.EVENTS_BUS;
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...env,
      FANOUT_BENCH_CHILD: '1',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      DRAW_SCHEDULER: 'false',
      // The database server is shared (max_connections): a few connections are all this needs.
      DATABASE_POOL_MAX: '4',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server process exited (${code}) before it was ready`)));
    child.once('message', () =>
      resolve({
        process: child,
        url: `http://127.0.0.1:${port}`,
        async stop() {
          if (child.exitCode === null) child.send({ stop: true });
          await exited;
        },
      }),
    );
  });
}

interface Stream {
  /** seq → receive time. */
  received: Map<number, number>;
  sentAt: Map<number, number>;
  repeats: number;
  close(): void;
}

function openStream(url: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { received: new Map(), sentAt: new Map(), repeats: 0, close: () => request.destroy() };
    let buffer = '';
    const request = http.get(`${url}/sse/events`, { headers: { cookie }, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        request.destroy();
        return reject(new Error(`stream refused: ${response.statusCode}`));
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.includes(`event: ${PROBE}`)) continue;
          const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { seq: number; sentAt: number };
          if (stream.received.has(data.seq)) stream.repeats += 1;
          else {
            stream.received.set(data.seq, at);
            stream.sentAt.set(data.seq, data.sentAt);
          }
        }
      });
      resolve(stream);
    });
    request.on('error', (error) => reject(error));
  });
}

/** A few at a time: each opening looks its session up in the database. */
async function openStreams(url: string, cookies: string[]): Promise<Stream[]> {
  const streams: Stream[] = [];
  const open = async (cookie: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await openStream(url, cookie);
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };
  for (let i = 0; i < cookies.length; i += 20) streams.push(...(await Promise.all(cookies.slice(i, i + 20).map(open))));
  return streams;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function until(probe: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

interface BusResult {
  bus: string;
  same: { p50: number; p99: number; last99: number };
  cross: { p50: number; p99: number; last99: number };
  gaps: number;
  repeats: number;
  load: string;
}

async function measure(
  label: string,
  databaseUrl: string,
  ports: [number, number],
  bus: string | null,
  cookies: string[],
  streamsPerProcess: number,
  events: number,
  rate: number,
  report: Report,
): Promise<BusResult> {
  const [a, b] = [await startChild(databaseUrl, ports[0], bus), await startChild(databaseUrl, ports[1], bus)];
  try {
    const onA = await openStreams(a.url, cookies.slice(0, streamsPerProcess));
    const onB = await openStreams(b.url, cookies.slice(streamsPerProcess, 2 * streamsPerProcess));
    const all = [...onA, ...onB];
    // Warm-up: until every stream receives (the relay holds its lease, the bus is subscribed).
    const warm = -1;
    for (let attempt = 0; ; attempt++) {
      a.process.send({ seq: warm - attempt });
      if (await until(() => all.every((s) => s.received.size > 0), 2_000)) break;
      if (attempt > 15) throw new Error(`${label}: streams receive nothing`);
    }
    for (const s of all) {
      s.received.clear();
      s.sentAt.clear();
      s.repeats = 0;
    }
    report.progress(`${label}: ${all.length} streams open; publishing ${events} events at ${rate}/s in process A`);
    const started = Date.now();
    for (let seq = 0; seq < events; seq++) {
      const due = started + (seq * 1000) / rate;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      a.process.send({ seq });
    }
    await until(() => all.every((s) => s.received.size >= events), 30_000);
    const latencies = (streams: Stream[]) => {
      const each: number[] = [];
      const lastPerEvent: number[] = [];
      for (let seq = 0; seq < events; seq++) {
        let last = 0;
        for (const s of streams) {
          const at = s.received.get(seq);
          if (at === undefined) continue;
          const latency = at - s.sentAt.get(seq)!;
          each.push(latency);
          if (latency > last) last = latency;
        }
        lastPerEvent.push(last);
      }
      each.sort((x, y) => x - y);
      lastPerEvent.sort((x, y) => x - y);
      return { p50: percentile(each, 50), p99: percentile(each, 99), last99: percentile(lastPerEvent, 99) };
    };
    const result: BusResult = {
      bus: label,
      same: latencies(onA),
      cross: latencies(onB),
      gaps: all.reduce((n, s) => n + (events - [...s.received.keys()].filter((k) => k >= 0).length), 0),
      repeats: all.reduce((n, s) => n + s.repeats, 0),
      load: os.loadavg().map((n) => n.toFixed(2)).join(' '),
    };
    for (const s of all) s.close();
    return result;
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

async function runBench(): Promise<void> {
  const DEFAULTS = { streams: 300, events: 300, rate: 20 };
  const args = positionalArgs().map(Number);
  const streamsPerProcess = args[0] || DEFAULTS.streams;
  const events = args[1] || DEFAULTS.events;
  const rate = args[2] || DEFAULTS.rate;
  const fullRun = streamsPerProcess === DEFAULTS.streams && events === DEFAULTS.events && rate === DEFAULTS.rate;
  const natsUrl = process.env.EVENTS_BUS_URL ?? 'nats://127.0.0.1:4222';

  const report = new Report();
  const bench = await openBenchDatabase('jinli_fanout_bench', { seed: false });
  const cleanup = cleanupOnSignal(bench.cleanup);
  try {
    report.progress('creating players and sessions…');
    const players = await createFundedPlayers(bench.database.pool, 2 * streamsPerProcess, 1);
    const cookies = await createSessionCookies(bench.database.pool, players);
    report.line('# Live-event fan-out across two server processes (bench/fanout.ts)');
    report.line(await environmentLine(bench.database.pool));
    report.line(
      `${streamsPerProcess} streams on each of 2 processes; ${events} broadcast events published inside process A at ${rate}/s. ` +
        'Latency: publish call → read by the client, per stream and event (p50, p99), and per event to its last stream (last p99).',
    );
    const results: BusResult[] = [];
    results.push(await measure('NATS', bench.url, [4203, 4204], natsUrl, cookies, streamsPerProcess, events, rate, report));
    results.push(await measure('NOTIFY', bench.url, [4201, 4202], null, cookies, streamsPerProcess, events, rate, report));
    report.line();
    report.table(
      ['bus', 'same-process p50 / p99 / last p99 (reference)', 'cross-process p50 / p99 / last p99', 'cross p99 ÷ same p99 (target ≤ 1.50)', 'gaps', 'repeats', 'load average'],
      results.map((r) => [
        r.bus,
        `${fmt(r.same.p50, 1)} / ${fmt(r.same.p99, 1)} / ${fmt(r.same.last99, 1)} ms`,
        `${fmt(r.cross.p50, 1)} / ${fmt(r.cross.p99, 1)} / ${fmt(r.cross.last99, 1)} ms`,
        `${fmt(r.cross.p99 / r.same.p99, 2)}×`,
        r.gaps,
        r.repeats,
        r.load,
      ]),
    );
    report.save('fanout.txt', fullRun);
  } finally {
    await cleanup();
  }
}

// Last: the helpers above are initialized by now.
if (process.env.FANOUT_BENCH_CHILD === '1') await runChild();
else await runBench();
