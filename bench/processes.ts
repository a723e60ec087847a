// Benchmark (not a test): bet placement with one server process against two on the same database,
// same load in the same run. The reference is one process (measured before and after the two, their
// mean); the figure is two processes' orders/s as a ratio to it (issue 23 target ≥ 1.10×). Each
// process is src/server/main.ts on its own port; the load clients (autocannon, in this process) are
// split evenly over the ports. Checked afterwards: no 5xx, no duplicate order, every acknowledged
// order stored once with one BET transfer, the ledger reconciles. Each pass prints its CPU per order
// (PostgreSQL backends, server processes, the load) from procfs.
//
//   [WARM_UP_SECONDS=3] npm run bench:processes [-- seconds connections players] [--save]
//
// A longer warm-up (WARM_UP_SECONDS=12) keeps V8's optimising compiler out of the measured pass: two
// new processes compile everything twice, at half the load each.
import os from 'node:os';
import pg from 'pg';
import { reconcile } from '../src/server/wallet/ledger.ts';
import { PlacementLoad, type LoadResult } from './support/cluster-load.ts';
import { cleanupOnSignal, openBenchDatabase } from './support/db.ts';
import { insertOpenIssue } from './support/issues.ts';
import { startCpuMeter, type CpuMeasure } from './support/process-cpu.ts';
import { BENCH_DRAW_TYPE } from './support/orders.ts';
import { createFundedPlayers, createSessionCookies } from './support/players.ts';
import { environmentLine, fmt, positionalArgs, Report } from './support/report.ts';
import { startBenchServer, type BenchServer } from './support/server.ts';

const DEFAULTS = { seconds: 15, connections: 16, players: 200 };
const [secondsArg, connectionsArg, playersArg] = positionalArgs();
const seconds = Number(secondsArg ?? DEFAULTS.seconds);
const connections = Number(connectionsArg ?? DEFAULTS.connections);
const playerCount = Number(playersArg ?? DEFAULTS.players);
const fullRun = seconds === DEFAULTS.seconds && connections === DEFAULTS.connections && playerCount === DEFAULTS.players;
const WARM_UP_SECONDS = Number(process.env.WARM_UP_SECONDS ?? 3);

const report = new Report();
const bench = await openBenchDatabase('jinli_bench_processes');
const running: BenchServer[] = [];
// Reads pg_stat_activity for the CPU meter, outside the bench database's own pool.
const admin = new pg.Pool({ connectionString: bench.adminUrl, max: 1, idleTimeoutMillis: 0 });
const cleanup = cleanupOnSignal(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  await admin.end();
  await bench.cleanup();
});
const { pool } = bench.database;

try {
  report.progress(`creating ${playerCount} funded players and their sessions…`);
  const players = await createFundedPlayers(pool, playerCount, 100_000);
  const cookies = await createSessionCookies(pool, players);
  const issue = await insertOpenIssue(pool, BENCH_DRAW_TYPE, 'BENCH-PROCESSES', 24 * 3_600_000);
  const load = new PlacementLoad(issue, cookies);

  /** Starts `count` server processes, warms them up, measures, stops them. */
  /** CPU of the measured pass, from procfs: the database's backends, the server processes, this process (the load). */
  type Measured = LoadResult & { loadAverage: number; cpu: CpuMeasure & { load: number } };
  const measure = async (count: number): Promise<Measured> => {
    report.progress(`${count} process(es): warm-up ${WARM_UP_SECONDS} s, then ${seconds} s with ${connections} connections…`);
    // Throughput, not admission, is measured: placements wait for their turn instead of 系统繁忙 (429).
    const servers = await Promise.all(Array.from({ length: count }, () => startBenchServer(bench.url, { env: { PLACEMENT_MAX_WAIT_MS: '60000', PLACEMENT_MAX_LAG_MS: '60000' } })));
    running.push(...servers);
    try {
      const urls = servers.map((s) => s.url);
      await load.run(urls, connections, WARM_UP_SECONDS);
      report.progress(`${count} process(es): measuring…`);
      const pids = servers.map((s) => s.pid);
      const meter = await startCpuMeter(admin, bench.name, pids);
      const loadCpu = process.cpuUsage();
      const result = await load.run(urls, connections, seconds, true);
      const used = process.cpuUsage(loadCpu);
      const cpu = { ...(await meter.stop()), load: (used.user + used.system) / 1e6 };
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${count} process(es): ${result.non2xx} non-2xx (${result.serverErrors} 5xx), ${result.errors} errors; first: ${result.firstFailure}`);
      }
      return { ...result, loadAverage: os.loadavg()[0]!, cpu };
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      running.splice(0);
    }
  };

  const oneBefore = await measure(1);
  const two = await measure(2);
  const oneAfter = await measure(1);

  // Every acknowledged order stored once, one BET transfer each; no client key twice; the ledger adds up.
  const stored = await pool.query<{ orders: number; keys: number; debits: number; acknowledged_stored: number }>(
    `SELECT count(*)::bigint AS orders, count(DISTINCT (customer_id, client_key))::bigint AS keys,
            (SELECT count(*)::bigint FROM ledger_transfers WHERE type = 'BET') AS debits,
            count(*) FILTER (WHERE client_key = ANY($2::text[]))::bigint AS acknowledged_stored
       FROM orders WHERE issue_id = $1`,
    [issue.id, load.acknowledged],
  );
  const { orders, keys, debits, acknowledged_stored: acknowledgedStored } = stored.rows[0]!;
  const duplicates = orders - keys;
  if (duplicates !== 0 || debits !== orders || acknowledgedStored !== load.acknowledged.length || orders > load.sent) {
    throw new Error(`${orders} orders (${duplicates} duplicates), ${debits} BET transfers, ${acknowledgedStored} of ${load.acknowledged.length} acknowledged stored, ${load.sent} sent`);
  }
  const ledger = await reconcile(pool);
  if (!ledger.ok) throw new Error(`ledger does not reconcile: ${JSON.stringify(ledger).slice(0, 500)}`);

  const rate = (r: LoadResult) => r.ok / r.durationSeconds;
  const reference = (rate(oneBefore) + rate(oneAfter)) / 2;
  const ratio = rate(two) / reference;
  const perOrder = (seconds: number, r: LoadResult) => `${((seconds * 1000) / r.ok).toFixed(3)}`;
  const row = (label: string, r: Measured) => [
    label, connections, `${fmt(rate(r))} orders/s`, `${r.latencyP50} ms`, `${r.latencyP99} ms`, fmt(r.ok), r.non2xx,
    `${perOrder(r.cpu.backends, r)} + ${perOrder(r.cpu.processes, r)} + ${perOrder(r.cpu.load, r)} ms`,
    `${Math.round(((r.cpu.backends + r.cpu.processes + r.cpu.load) / r.durationSeconds) * 100)} %`,
    r.loadAverage.toFixed(2),
  ];
  report.line(`Bet placement (POST /ajax/orders) with one vs two server processes on one database, ${connections} connections, ${seconds} s each`);
  report.line(await environmentLine(pool));
  report.line(
    `players: ${fmt(playerCount)}; each process: src/server/main.ts on its own port, pool 20, NODE_ENV=production, scheduler off, admission shedding off (PLACEMENT_MAX_WAIT_MS and PLACEMENT_MAX_LAG_MS 60000); load: autocannon in the bench process, connections split evenly over the ports; ${os.cpus().length} cores shared by PostgreSQL, the servers and the load`,
  );
  report.line();
  report.table(
    ['workload', 'connections', 'rate', 'latency p50', 'latency p99', 'orders', 'non-2xx', 'CPU per order: PostgreSQL + servers + load', `CPU busy (of ${os.cpus().length * 100} %)`, 'load average (1 min) after'],
    [row('one process, before (reference)', oneBefore), row('**two processes**', two).map((c, i) => (i === 2 ? `**${c}**` : c)), row('one process, after (reference)', oneAfter)],
  );
  report.line(
    `ratio: two processes at ${ratio.toFixed(2)}× the orders/s of one (mean of before and after: ${fmt(reference)} orders/s); target ≥ 1.10×: ${ratio >= 1.1 ? 'met' : 'MISSED'}`,
  );
  report.line(
    `checked: ${fmt(orders)} orders stored (warm-ups included), 0 duplicates, ${fmt(load.acknowledged.length)} acknowledged in the measured runs all stored, one BET transfer each, 0 5xx; ledger reconciles: ${ledger.ok}`,
  );
  report.line(`CPU from /proc/<pid>/stat (utime + stime) over the measured pass: the bench database's backends, the server processes, and this process (autocannon).`);
  report.line(`load average at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  report.save('processes.txt', fullRun);
} finally {
  await cleanup();
}
