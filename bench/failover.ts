// Benchmark (not a test): `kill -9` of one of two server processes under load. Two processes
// (src/server/main.ts, scheduler on, one database) behind a real HAProxy run from
// deploy/haproxy/jinli.cfg; placement load through HAProxy; 5,000 open live-event streams through
// HAProxy from forked clients (bench/support/failover-clients.ts, source addresses 127.0.2.x) that
// reconnect as EventSource does, with Last-Event-ID; a numbered broadcast every 100 ms for the whole
// run. Mid-load the process holding the scheduler's lease is killed with SIGKILL. Measured:
// - acknowledged orders lost (target 0): every order answered 200 is in the database, once;
// - streams: every stream (100 %) ends with every broadcast, 0 gaps, 0 duplicates;
// - singleton jobs: time from the kill to the survivor holding every lease the dead one held
//   (target ≤ 10 s), next to the lease TTL it is bounded by (the reference);
// - no 5xx; the ledger reconciles.
//
//   npm run bench:failover [-- streams seconds connections] [--save]
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { appendEvents } from '../src/server/events/outbox.ts';
import { DEFAULT_LEASE_TIMING } from '../src/server/jobs/lease-keeper.ts';
import { listLeases } from '../src/server/jobs/lease.ts';
import { reconcile } from '../src/server/wallet/ledger.ts';
import { startHaproxy, type BenchHaproxy } from './support/cluster-haproxy.ts';
import { PlacementLoad } from './support/cluster-load.ts';
import { cleanupOnSignal, openBenchDatabase } from './support/db.ts';
import { insertOpenIssue } from './support/issues.ts';
import { BENCH_DRAW_TYPE } from './support/orders.ts';
import { createFundedPlayers, createSessionCookies } from './support/players.ts';
import { environmentLine, fmt, positionalArgs, Report } from './support/report.ts';
import { startBenchServer, type BenchServer } from './support/server.ts';

const DEFAULTS = { streams: 5_000, seconds: 20, connections: 16 };
const [streamsArg, secondsArg, connectionsArg] = positionalArgs();
const streamCount = Number(streamsArg ?? DEFAULTS.streams);
const seconds = Number(secondsArg ?? DEFAULTS.seconds);
const connections = Number(connectionsArg ?? DEFAULTS.connections);
const fullRun = streamCount === DEFAULTS.streams && seconds === DEFAULTS.seconds && connections === DEFAULTS.connections;
const CLIENT_PROCESSES = 2;
const BROADCAST_EVERY_MS = 100;
const KILL_AFTER_MS = Math.min(5_000, (seconds * 1000) / 4);

const report = new Report();
const bench = await openBenchDatabase('jinli_bench_failover');
const servers: BenchServer[] = [];
const clients: ChildProcess[] = [];
let haproxy: BenchHaproxy | null = null;
const cleanup = cleanupOnSignal(async () => {
  for (const child of clients) if (child.connected) child.send({ cmd: 'close' });
  await haproxy?.stop();
  await Promise.all(servers.map((s) => s.stop()));
  await bench.cleanup();
});
const { pool } = bench.database;

type ClientMessage =
  | { type: 'opened'; ok: number; failed: number; firstFailure: string | null }
  | { type: 'live'; live: number }
  | { type: 'checked'; streams: number; complete: number; missing: number; duplicates: number; reconnected: number; reconnects: number; failedReconnects: number };

function nextMessage<T extends ClientMessage['type']>(child: ChildProcess, type: T): Promise<Extract<ClientMessage, { type: T }>> {
  return new Promise((resolve) => {
    const listener = (message: ClientMessage) => {
      if (message.type !== type) return;
      child.off('message', listener);
      resolve(message as Extract<ClientMessage, { type: T }>);
    };
    child.on('message', listener);
  });
}

async function checkStreams(ids: number[]) {
  const results = await Promise.all(
    clients.map((child) => {
      const answer = nextMessage(child, 'checked');
      child.send({ cmd: 'check', ids });
      return answer;
    }),
  );
  const sum = (pick: (r: (typeof results)[number]) => number) => results.reduce((t, r) => t + pick(r), 0);
  return {
    streams: sum((r) => r.streams),
    complete: sum((r) => r.complete),
    missing: sum((r) => r.missing),
    duplicates: sum((r) => r.duplicates),
    reconnected: sum((r) => r.reconnected),
    reconnects: sum((r) => r.reconnects),
    failedReconnects: sum((r) => r.failedReconnects),
  };
}

const pidOf = (holder: string) => Number(holder.split(':')[1]);

try {
  report.progress(`creating ${streamCount} funded players and their sessions…`);
  const players = await createFundedPlayers(pool, streamCount, 100_000);
  const cookies = await createSessionCookies(pool, players);
  const issue = await insertOpenIssue(pool, BENCH_DRAW_TYPE, 'BENCH-FAILOVER', 24 * 3_600_000);
  // Placement from the first 200 players (their streams get their balance events too).
  const load = new PlacementLoad(issue, cookies.slice(0, 200));

  report.progress('starting two server processes (scheduler on) and HAProxy…');
  servers.push(...(await Promise.all([0, 1].map(() => startBenchServer(bench.url, { env: { DRAW_SCHEDULER: 'true' } })))));
  haproxy = await startHaproxy(servers.map((s) => s.url));

  report.progress(`opening ${fmt(streamCount)} streams through HAProxy from ${CLIENT_PROCESSES} client processes (127.0.2.x)…`);
  for (let i = 0; i < CLIENT_PROCESSES; i++) clients.push(fork('bench/support/failover-clients.ts', [], { execArgv: ['--import', 'tsx'] }));
  const perClient = Math.ceil(streamCount / CLIENT_PROCESSES);
  const opened = await Promise.all(
    clients.map((child, i) => {
      const answer = nextMessage(child, 'opened');
      child.send({ cmd: 'open', port: haproxy!.port, cookies: cookies.slice(i * perClient, (i + 1) * perClient), localAddress: `127.0.2.${i + 1}` });
      return answer;
    }),
  );
  // A stream refused at first retries like any other; the broadcasts start once every one is open.
  const openFailures = opened.reduce((t, o) => t + o.failed, 0);
  const firstOpenFailure = opened.find((o) => o.firstFailure)?.firstFailure ?? null;
  for (const deadline = Date.now() + 60_000; ; ) {
    const live = (await Promise.all(clients.map((child) => {
      const answer = nextMessage(child, 'live');
      child.send({ cmd: 'live' });
      return answer;
    }))).reduce((t, m) => t + m.live, 0);
    if (live === streamCount) break;
    if (Date.now() > deadline) throw new Error(`only ${live} of ${streamCount} streams open; the first refusal: ${firstOpenFailure}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  // The numbered broadcast sequence, for the whole run.
  const broadcastIds: number[] = [];
  let broadcasting = true;
  const broadcaster = (async () => {
    for (let n = 1; broadcasting; n++) {
      const [id] = await appendEvents(pool, [{ customerId: null, type: 'totalJackpotPoolPrize', payload: { totalPrize: n } }]);
      broadcastIds.push(id!);
      await new Promise((resolve) => setTimeout(resolve, BROADCAST_EVERY_MS));
    }
  })();

  // The victim: the process holding the scheduler's sales loop (and whatever else it holds).
  const leasesBefore = (await listLeases(pool)).filter((l) => l.expiresAt > new Date());
  const salesHolder = leasesBefore.find((l) => l.name === 'draws.sales');
  if (!salesHolder) throw new Error('nobody holds draws.sales');
  const victim = servers.find((s) => s.pid === pidOf(salesHolder.holder))!;
  const survivor = servers.find((s) => s !== victim)!;
  const victimLeases = leasesBefore.filter((l) => pidOf(l.holder) === victim.pid).map((l) => l.name);

  report.progress(`placement through HAProxy for ${seconds} s (${connections} connections); kill -9 of pid ${victim.pid} after ${KILL_AFTER_MS / 1000} s…`);
  const placing = load.run([haproxy.url], connections, seconds, true);
  await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
  const upBefore = await haproxy.upServers();
  process.kill(victim.pid, 'SIGKILL');
  const killedAt = performance.now();
  // Every lease of the victim held by the survivor again (polled every 20 ms).
  let takenOverMs = Number.NaN;
  for (const deadline = killedAt + 60_000; performance.now() < deadline; ) {
    const now = new Date();
    const leases = await listLeases(pool);
    const retaken = victimLeases.every((name) => leases.some((l) => l.name === name && pidOf(l.holder) === survivor.pid && l.expiresAt > now));
    if (retaken) {
      takenOverMs = performance.now() - killedAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const placed = await placing;
  for (const server of servers) report.progress(`--- output of pid ${server.pid} (last 1,500 characters) ---\n${server.output().slice(-1500)}`);
  await victim.stop();
  servers.splice(servers.indexOf(victim), 1);
  broadcasting = false;
  await broadcaster;

  // Every stream has every broadcast (waiting for the reconnections to catch up, 60 s at most).
  let streams = await checkStreams(broadcastIds);
  for (const deadline = Date.now() + 60_000; streams.complete < streams.streams && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    streams = await checkStreams(broadcastIds);
  }

  const stored = await pool.query<{ orders: number; keys: number; debits: number; acknowledged_stored: number }>(
    `SELECT count(*)::bigint AS orders, count(DISTINCT (customer_id, client_key))::bigint AS keys,
            (SELECT count(*)::bigint FROM ledger_transfers WHERE type = 'BET') AS debits,
            count(*) FILTER (WHERE client_key = ANY($2::text[]))::bigint AS acknowledged_stored
       FROM orders WHERE issue_id = $1`,
    [issue.id, load.acknowledged],
  );
  const { orders, keys, debits, acknowledged_stored: acknowledgedStored } = stored.rows[0]!;
  const lost = load.acknowledged.length - acknowledgedStored;
  const ledger = await reconcile(pool);

  const ttl = DEFAULT_LEASE_TIMING.ttlMs;
  report.line(`Failover: kill -9 of one of two server processes under placement load with ${fmt(streamCount)} open streams, through HAProxy`);
  report.line(await environmentLine(pool));
  report.line(
    `each process: src/server/main.ts, pool 20, NODE_ENV=production, scheduler on; HAProxy ${'2.6'} from deploy/haproxy/jinli.cfg (leastconn, checks every 2 s); streams: ${CLIENT_PROCESSES} forked clients from 127.0.2.1–${CLIENT_PROCESSES}, reconnecting after 0–1 s with Last-Event-ID; a broadcast every ${BROADCAST_EVERY_MS} ms; placement: autocannon ${connections} connections through HAProxy for ${seconds} s, kill after ${KILL_AFTER_MS / 1000} s`,
  );
  report.line(`streams refused at their first attempt and opened on a retry: ${openFailures}${firstOpenFailure ? ` (the first refusal: ${firstOpenFailure})` : ''}`);
  report.line(`servers UP in HAProxy before the kill: ${upBefore.join(', ')}; the victim held ${victimLeases.length} leases (${victimLeases.join(', ')})`);
  report.line();
  report.table(
    ['measure', 'figure', 'reference', 'target', 'verdict'],
    [
      ['acknowledged orders lost', `${lost} of ${fmt(load.acknowledged.length)}`, '—', '0', lost === 0 ? 'met' : 'MISSED'],
      ['duplicate orders', orders - keys, '—', '0', orders === keys ? 'met' : 'MISSED'],
      ['5xx answers other than 502 (a 502 is a request in flight on the killed process: not acknowledged, retried by the PWA with its key)', `${placed.serverErrors - placed.badGateway} (502: ${placed.badGateway})`, '—', '0', placed.serverErrors === placed.badGateway ? 'met' : 'MISSED'],
      [
        'streams with every broadcast',
        `${fmt(streams.complete)} of ${fmt(streams.streams)} (${((100 * streams.complete) / streams.streams).toFixed(1)} %)`,
        '—',
        '100 %',
        streams.complete === streams.streams ? 'met' : 'MISSED',
      ],
      ['gaps / duplicates over all streams', `${streams.missing} / ${streams.duplicates}`, '—', '0 / 0', streams.missing + streams.duplicates === 0 ? 'met' : 'MISSED'],
      ['streams that reconnected', `${fmt(streams.reconnected)} (${fmt(streams.reconnects)} reconnections, ${streams.failedReconnects} refused attempts retried)`, '—', '—', '—'],
      [
        'singleton jobs taken over (kill → every lease of the victim held by the survivor)',
        `${(takenOverMs / 1000).toFixed(2)} s`,
        `lease TTL ${ttl / 1000} s (${(takenOverMs / ttl).toFixed(2)}×)`,
        '≤ 10 s',
        takenOverMs <= 10_000 ? 'met' : 'MISSED',
      ],
    ],
  );
  report.line(
    `placement: ${fmt(placed.ok)} orders acknowledged (${fmt(placed.ok / placed.durationSeconds)} orders/s), ${placed.non2xx} non-2xx (${placed.serverErrors} 5xx, the first: ${placed.firstServerError ?? 'none'}; the first refusal: ${placed.firstFailure ?? 'none'}), ${placed.errors} connection errors (requests in flight on the killed process), ${placed.timeouts} time-outs`,
  );
  report.line(`checked: ${fmt(orders)} orders stored, ${fmt(debits)} BET transfers, ${broadcastIds.length} broadcasts; ledger reconciles: ${ledger.ok}`);
  report.line(`load average at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  report.save('failover.txt', fullRun);
} finally {
  await cleanup();
}
