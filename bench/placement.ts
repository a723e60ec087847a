// Benchmark (not a test): bet placement through the real HTTP API — POST /ajax/orders from
// concurrent keep-alive clients, each request a distinct order (own clientKey) of one of many
// logged-in players — next to pgbench TPC-B on the same PostgreSQL with the same client count,
// measured in the same run (pgbench before and after the HTTP load; the reference is their mean).
//   node --import tsx bench/placement.ts [seconds=15] [connections=16] [players=200] [--save]
// Uses DATABASE_URL's server when set (creating and dropping its own databases), else the embedded one.
// Its output is kept in .data/bench/placement.txt; --save (with the default sizes) updates the tracked
// bench/results/placement.txt.
//
// The server runs as its own process (src/server/main.ts, NODE_ENV=production, pool of 20, scheduler
// off) on an issue of 锦鲤分分彩 kept on sale for the whole run. Players are funded through the ledger
// (one DEP transfer each) and logged in by creating their sessions directly. Orders are a realistic
// mix (bench/support/orders.ts): regular 直选/组选/定位胆/大小单双 and board bets, one to three bets each.
// A second, diagnostic pass runs the same server with the live-event outbox append disabled
// (bench/support/server-without-live-events.ts) to show what that append costs; it is not the target.
// CPU: utime + stime from procfs of the server process and of the PostgreSQL backends of the bench
// database during the measured pass, and of pgbench's backends during its runs
// (bench/support/process-cpu.ts): ms of CPU per order next to ms per TPC-B transaction.
// BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") is passed to the server's node.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { reconcile } from '../src/server/wallet/ledger.ts';
import { cleanupOnSignal, openBenchDatabase } from './support/db.ts';
import { insertOpenIssue } from './support/issues.ts';
import { BENCH_DRAW_TYPE, orderTemplates } from './support/orders.ts';
import { createPgbenchDatabase, type PgbenchDatabase, type PgbenchResult } from './support/pgbench.ts';
import { createFundedPlayers, createSessionCookies } from './support/players.ts';
import { startCpuMeter, type CpuMeasure } from './support/process-cpu.ts';
import { environmentLine, fmt, positionalArgs, Report } from './support/report.ts';
import { startBenchServer, type BenchServer } from './support/server.ts';

const DEFAULTS = { seconds: 15, connections: 16, players: 200 };
const [secondsArg, connectionsArg, playersArg] = positionalArgs();
const seconds = Number(secondsArg ?? DEFAULTS.seconds);
const connections = Number(connectionsArg ?? DEFAULTS.connections);
const playerCount = Number(playersArg ?? DEFAULTS.players);
const fullRun = seconds === DEFAULTS.seconds && connections === DEFAULTS.connections && playerCount === DEFAULTS.players;
const WARM_UP_SECONDS = 3;
// A closed loop of `connections` clients never has more orders in flight than the admission's slots
// (src/server/http/admission.ts); its event-loop-lag signal, meant for an open-loop burst, would refuse
// orders on a host busy with other work, so it is off here (bench/burst-at-close.ts measures it).
const CLOSED_LOOP_ADMISSION = { PLACEMENT_MAX_LAG_MS: '600000', PLACEMENT_MAX_IN_FLIGHT: String(Math.max(24, connections)) };
const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

const report = new Report();
const bench = await openBenchDatabase('jinli_bench_place');
let server: BenchServer | null = null;
let pgbenchDb: PgbenchDatabase | null = null;
// Reads pg_stat_activity for the CPU meter (bench/support/process-cpu.ts) from outside the measured databases.
// One connection, opened now and kept (no idle time-out): a server near max_connections must not refuse it mid-run.
const admin = new pg.Pool({ connectionString: bench.adminUrl, max: 1, idleTimeoutMillis: 0 });
await admin.query('SELECT 1');
const cleanup = cleanupOnSignal(async () => {
  await server?.stop();
  await admin.end();
  await pgbenchDb?.drop();
  await bench.cleanup();
});
const { pool } = bench.database;

try {
  report.progress(`creating ${playerCount} funded players and their sessions…`);
  const players = await createFundedPlayers(pool, playerCount, 100_000);
  const cookies = await createSessionCookies(pool, players);
  const issue = await insertOpenIssue(pool, BENCH_DRAW_TYPE, 'BENCH-PLACE', 24 * 3_600_000);
  // Request bodies: 1,000 priced templates, each split around its clientKey.
  const bodies = orderTemplates(1000).map((t) => JSON.stringify({ ...t.body, issueNumber: issue.issueNumber, clientKey: '@KEY@' }).split('"@KEY@"'));

  report.progress('initialising pgbench (scale 10)…');
  pgbenchDb = await createPgbenchDatabase(bench.adminUrl, 10);

  const runId = randomBytes(4).toString('hex');
  let sent = 0;
  let answered = 0;
  let firstFailure: string | null = null;
  const load = (target: BenchServer, duration: number) =>
    autocannon({
      url: target.url,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/ajax/orders',
          setupRequest: (request) => {
            const n = sent++;
            const [before, after] = bodies[(n * 2_654_435_761) % bodies.length]!;
            return {
              ...request,
              headers: { 'content-type': 'application/json', 'x-jinli-request': '1', cookie: cookies[n % cookies.length]! },
              body: `${before}"b-${runId}-${n}"${after}`,
            };
          },
          onResponse: (status, body) => {
            if (status === 200) answered++;
            else if (firstFailure === null) firstFailure = `${status} ${body.slice(0, 300)}`;
          },
        },
      ],
    });
  /** Starts a server process, warms it up, measures (throughput and CPU), stops it. */
  const measure = async (label: string, entry?: string) => {
    report.progress(`HTTP (${label}): warm-up ${WARM_UP_SECONDS} s, then POST /ajax/orders for ${seconds} s with ${connections} connections…`);
    server = await startBenchServer(bench.url, { nodeArgs, entry, env: CLOSED_LOOP_ADMISSION });
    try {
      await load(server, WARM_UP_SECONDS);
      const meter = await startCpuMeter(admin, bench.name, [server.pid]);
      const result = await load(server, seconds);
      const cpu = await meter.stop();
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors; first: ${firstFailure}\nserver log (end):\n${server.output().slice(-3000)}`);
      }
      return Object.assign(result, { cpu });
    } finally {
      await server.stop();
      server = null;
    }
  };

  /** pgbench with the CPU of its backends. */
  const runPgbench = async (db: PgbenchDatabase) => {
    const meter = await startCpuMeter(admin, db.name);
    try {
      const result = await db.run(connections, seconds);
      return Object.assign(result, { cpu: await meter.stop() });
    } catch (error) {
      await meter.stop().catch(() => {});
      throw error;
    }
  };
  report.progress(`pgbench TPC-B, ${connections} clients, ${seconds} s…`);
  const pgbenchBefore = await runPgbench(pgbenchDb);
  const http = await measure('real server');
  report.progress('pgbench TPC-B again…');
  const pgbenchAfter = await runPgbench(pgbenchDb);
  const withoutEvents = await measure('diagnostic: live-event outbox append disabled', 'bench/support/server-without-live-events.ts');

  // Every answered order is in the database (requests cut off by the end of a run may be too), each
  // debited once, and the ledger adds up.
  const placed = await pool.query<{ orders: number; debits: number; stake: number }>(
    `SELECT count(*)::bigint AS orders, sum(total_stake)::bigint AS stake,
            (SELECT count(*)::bigint FROM ledger_transfers WHERE type = 'BET') AS debits
       FROM orders WHERE issue_id = $1`,
    [issue.id],
  );
  const { orders, debits } = placed.rows[0]!;
  if (orders < answered || orders > sent || debits !== orders) {
    throw new Error(`${answered} orders answered of ${sent} sent, but ${orders} orders and ${debits} BET transfers`);
  }
  const ledger = await reconcile(pool);
  if (!ledger.ok) throw new Error(`ledger does not reconcile: ${JSON.stringify(ledger).slice(0, 500)}`);
  const bets = await pool.query<{ n: number }>('SELECT count(*)::bigint AS n FROM order_bets');

  const rate = (r: autocannon.Result) => r['2xx'] / r.duration;
  const reference = (pgbenchBefore.tps + pgbenchAfter.tps) / 2;
  const ratio = rate(http) / reference;
  // CPU per unit of work, in ms: PostgreSQL backends (and the server process for placement).
  const perMs = (seconds: number, count: number) => (seconds * 1000) / count;
  const tpcbCpu = perMs(pgbenchBefore.cpu.backends + pgbenchAfter.cpu.backends, pgbenchBefore.transactions + pgbenchAfter.transactions);
  const orderDb = perMs(http.cpu.backends, http['2xx']);
  const orderNode = perMs(http.cpu.processes, http['2xx']);
  const cpuRatio = (orderDb + orderNode) / tpcbCpu;
  const cpuCell = (c: CpuMeasure, count: number, withServer: boolean) =>
    withServer ? `${perMs(c.backends, count).toFixed(3)} + ${perMs(c.processes, count).toFixed(3)} ms` : `${perMs(c.backends, count).toFixed(3)} ms`;
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const pgRow = (label: string, r: PgbenchResult & { cpu: CpuMeasure }) => [
    label, connections, `${fmt(r.tps)} tps`, ms(r.latencyP50Ms), ms(r.latencyP99Ms), fmt(r.transactions), cpuCell(r.cpu, r.transactions, false),
  ];
  const httpRow = (label: string, r: autocannon.Result & { cpu: CpuMeasure }) => [
    label, connections, `${fmt(rate(r))} orders/s`, `${r.latency.p50} ms`, `${r.latency.p99} ms`, fmt(r['2xx']), cpuCell(r.cpu, r['2xx'], true),
  ];

  report.line(`Bet placement (POST /ajax/orders over HTTP) vs pgbench TPC-B, ${connections} clients each, ${seconds} s each`);
  report.line(await environmentLine(pool));
  report.line(
    `players: ${fmt(playerCount)} (requests round-robin over them); server: its own process (src/server/main.ts), pool 20, NODE_ENV=production, scheduler off; load: autocannon in the bench process`,
  );
  report.line();
  report.table(
    ['workload', 'clients', 'rate', 'latency p50', 'latency p99', 'count', 'CPU per transaction / order (PostgreSQL backends + server process)'],
    [
      pgRow('pgbench TPC-B (`-M prepared`), before', pgbenchBefore),
      httpRow('**POST /ajax/orders**', http).map((cell, i) => (i === 2 ? `**${cell}**` : cell)),
      pgRow('pgbench TPC-B (`-M prepared`), after', pgbenchAfter),
      httpRow('diagnostic only: POST /ajax/orders, live-event outbox append disabled', withoutEvents),
    ],
  );
  report.line(
    `ratio: bet placement at ${ratio.toFixed(2)}× the TPC-B rate measured in the same run (mean of before and after: ${fmt(reference)} tps); target ≥ 0.60× (stretch 1.0×): ${ratio >= 0.6 ? 'met' : 'MISSED'}`,
  );
  report.line(
    `CPU: ${(orderDb + orderNode).toFixed(3)} ms per order (PostgreSQL backends ${orderDb.toFixed(3)} ms + server process ${orderNode.toFixed(3)} ms, from /proc/<pid>/stat) against ${tpcbCpu.toFixed(3)} ms of PostgreSQL per TPC-B transaction (its backends, both pgbench runs): ${cpuRatio.toFixed(2)}×; target ≤ 2.0×: ${cpuRatio <= 2 ? 'met' : 'MISSED'}`,
  );
  report.line(
    `busy during the measured pass: server process ${((http.cpu.processes / http.duration) * 100).toFixed(0)} % of one core, the bench database's backends ${((http.cpu.backends / http.duration) * 100).toFixed(0)} % of one core (of ${os.cpus().length})`,
  );
  report.line(`diagnostic: without the live-event append, ${(rate(withoutEvents) / reference).toFixed(2)}× that TPC-B rate`);
  report.line();
  report.line(
    `checked: ${fmt(orders)} orders (both passes and warm-ups), ${fmt(bets.rows[0]!.n)} bets, one BET transfer each, ${fmt(placed.rows[0]!.stake / 10_000)} 元 staked; ledger reconciles: ${ledger.ok}`,
  );
  report.save('placement.txt', fullRun);
} finally {
  await cleanup();
}
