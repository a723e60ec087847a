// Benchmark (not a test): settling one drawn issue with many pending orders through settleIssue —
// the scheduler's own settlement path — next to a bare SQL UPDATE of the same number of identical
// order rows, measured in the same run on the same server.
//   node --import tsx bench/settlement.ts [orders=1000000] [batchSize=default] [players=2000] [concurrency=default] [--events] [--save]
// Uses DATABASE_URL's server when set (creating and dropping its own database), else the embedded one.
// Its output is kept in .data/bench/settlement.txt; --save (with the default sizes) updates the tracked
// bench/results/settlement.txt.
//
// The orders (a realistic 锦鲤分分彩 mix from bench/support/orders.ts, priced by the server's pricing:
// 直选/组选/定位胆/大小单双 regular bets and 信用 board bets, ~12 % winners, a third with a rebate) are
// written with INSERT … SELECT generate_series over a table of 5,000 distinct priced templates; the
// BET debits are not written (settlement never reads them). Players are funded through the ledger.
// Besides wall time, it reports the CPU time of the database's server processes (from /proc, when the
// server runs on this machine) and of this process: on a shared machine that moves less than wall time.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { EventHub } from '../src/server/events/hub.ts';
import { SETTLEMENT_DEFAULTS, settleIssue } from '../src/server/orders/lifecycle.ts';
import { reconcile } from '../src/server/wallet/ledger.ts';
import { cleanupOnSignal, openBenchDatabase } from './support/db.ts';
import { insertDrawnIssue } from './support/issues.ts';
import { BENCH_DRAW_TYPE, BENCH_RESULT, orderTemplates, PLAYER_PRIZE_GROUP } from './support/orders.ts';
import { createFundedPlayers } from './support/players.ts';
import { profileQueries } from './support/query-profile.ts';
import os from 'node:os';
import { environmentLine, fmt, Report } from './support/report.ts';

const DEFAULTS = { orders: 1_000_000, players: 2000 };
/** --events: publish the live events as the scheduler does (one per order, plus balances), through a real EventHub. */
const withEvents = process.argv.includes('--events');
const positional = process.argv.filter((a) => !a.startsWith('--'));
const arg = (i: number) => (positional[i] && positional[i] !== 'default' ? Number(positional[i]) : undefined);
const orderCount = arg(2) ?? DEFAULTS.orders;
/** undefined: settleIssue's own defaults, as the scheduler runs it. */
const batchSize = arg(3);
const playerCount = arg(4) ?? DEFAULTS.players;
const concurrency = arg(5);
const fullRun = orderCount === DEFAULTS.orders && playerCount === DEFAULTS.players && batchSize === undefined && concurrency === undefined && !withEvents;
const settlers = concurrency ?? SETTLEMENT_DEFAULTS.concurrency;
const settings =
  `batch size ${batchSize ?? `${SETTLEMENT_DEFAULTS.batchSize} (default)`}, ${settlers} settlers${concurrency === undefined ? ' (default)' : ''}, ` +
  `live events ${withEvents ? 'published' : 'not published'}`;
const TEMPLATES = 5000;
const noop = () => {};
const silentLog = { info: noop, warn: noop, error: noop, debug: noop, trace: noop, fatal: noop, child: () => silentLog } as unknown as FastifyBaseLogger;
const CHUNK = 250_000;

/**
 * CPU seconds used so far by each server process of the bench database (from /proc: the server runs
 * on this machine), by pid. With the machine shared, CPU time is a steadier measure than wall time.
 */
async function backendCpu(): Promise<Map<number, number>> {
  const found = await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const cpu = new Map<number, number>();
  for (const { pid } of found.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // not on this machine, or gone
    }
  }
  return cpu;
}
const cpuSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((n, [pid, t]) => n + t - (before.get(pid) ?? 0), 0);
const nodeCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const report = new Report();
const bench = await openBenchDatabase('jinli_settlement_bench');
const cleanup = cleanupOnSignal(bench.cleanup);
const { pool } = bench.database;
const seconds = (ms: number) => (ms / 1000).toFixed(1);

try {
  report.progress(`creating ${playerCount} funded players…`);
  const players = await createFundedPlayers(pool, playerCount, 1_000_000);
  const issue = await insertDrawnIssue(pool, BENCH_DRAW_TYPE, 'BENCH-SETTLE', BENCH_RESULT);
  const copy = await insertDrawnIssue(pool, BENCH_DRAW_TYPE, 'BENCH-REFERENCE', BENCH_RESULT);

  report.progress(`pricing ${TEMPLATES} order templates…`);
  const templates = orderTemplates(TEMPLATES);
  await pool.query(`CREATE TABLE bench_templates (slot int PRIMARY KEY, play_mode text, bet_count int, total_stake bigint)`);
  await pool.query(
    `CREATE TABLE bench_template_bets (slot int, seq int, code text, name text, selection jsonb, mode text, multiplier int,
                                       prize_group int, bet_count int, stake bigint, rebate bigint, PRIMARY KEY (slot, seq))`,
  );
  await pool.query(`INSERT INTO bench_templates SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::bigint[])`, [
    templates.map((_, i) => i),
    templates.map((t) => t.body.playMode),
    templates.map((t) => t.priced.betCount),
    templates.map((t) => t.priced.totalStake),
  ]);
  const bets = templates.flatMap((t, slot) => t.priced.bets.map((b, i) => ({ slot, seq: i + 1, ...b })));
  await pool.query(
    `INSERT INTO bench_template_bets
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::jsonb[], $6::text[], $7::int[], $8::int[], $9::int[], $10::bigint[], $11::bigint[])`,
    [
      bets.map((b) => b.slot),
      bets.map((b) => b.seq),
      bets.map((b) => b.code),
      bets.map((b) => b.name),
      bets.map((b) => JSON.stringify(b.selection)),
      bets.map((b) => b.mode),
      bets.map((b) => b.multiplier),
      bets.map((b) => b.prizeGroup),
      bets.map((b) => b.betCount),
      bets.map((b) => b.stake),
      bets.map((b) => b.rebate),
    ],
  );

  // Order g (a plain sequence) uses template slot(g) and player g mod P.
  const slot = `((hashint8(g) & 2147483647) % ${TEMPLATES})`;
  const customerIds = players.map((p) => p.customerId);
  const base = 1;
  const started = performance.now();
  for (let from = base; from < base + orderCount; from += CHUNK) {
    const to = Math.min(from + CHUNK, base + orderCount) - 1;
    report.progress(`inserting orders ${fmt(from - base)}–${fmt(to - base + 1)} of ${fmt(orderCount)}…`);
    await pool.query(
      `INSERT INTO orders (id, customer_id, client_key, draw_type, play_mode, issue_id, issue_number, bet_count, total_stake,
                           prize_group, created_at)
       SELECT g, ($3::bigint[])[1 + g % $4], 'bench-' || g, $5, t.play_mode, $6, $7, t.bet_count, t.total_stake, $8,
              now() - interval '1 minute'
         FROM generate_series($1::bigint, $2::bigint) AS g JOIN bench_templates t ON t.slot = ${slot}`,
      [from, to, customerIds, customerIds.length, BENCH_DRAW_TYPE, issue.id, issue.issueNumber, PLAYER_PRIZE_GROUP],
    );
    await pool.query(
      `INSERT INTO order_bets (order_id, seq, code, name, selection, mode, multiplier, prize_group, bet_count, stake, rebate)
       SELECT g, b.seq, b.code, b.name, b.selection, b.mode, b.multiplier, b.prize_group, b.bet_count, b.stake, b.rebate
         FROM generate_series($1::bigint, $2::bigint) AS g JOIN bench_template_bets b ON b.slot = ${slot}`,
      [from, to],
    );
  }
  await pool.query(`SELECT setval('orders_id_seq', $1)`, [base + orderCount]);
  report.progress(`copying the orders to the reference issue…`);
  await pool.query(
    `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_id, issue_number, bet_count, total_stake, prize_group, created_at)
     SELECT customer_id, 'ref-' || client_key, draw_type, play_mode, $2, $3, bet_count, total_stake, prize_group, created_at
       FROM orders WHERE issue_id = $1 ORDER BY id`,
    [issue.id, copy.id, copy.issueNumber],
  );
  const betRows = Number((await pool.query<{ n: number }>('SELECT count(*)::bigint AS n FROM order_bets')).rows[0]!.n);
  report.progress(`loaded in ${seconds(performance.now() - started)} s; VACUUM ANALYZE, CHECKPOINT…`);
  await pool.query('VACUUM ANALYZE orders, order_bets, ledger_accounts, ledger_transfers, ledger_entries');
  await pool.query('CHECKPOINT');

  // Reference: the least any settlement must do — one set-based UPDATE of every order row.
  report.progress('reference: bare UPDATE of the copy…');
  const refCpuBefore = await backendCpu();
  const refStart = performance.now();
  const ref = await pool.query(`UPDATE orders SET status = 'LOST', settled_at = now() WHERE issue_id = $1`, [copy.id]);
  const refMs = performance.now() - refStart;
  const refCpu = cpuSince(refCpuBefore, await backendCpu());
  await pool.query('VACUUM ANALYZE orders');
  await pool.query('CHECKPOINT');

  report.progress(`settleIssue (${settings})…`);
  const events = withEvents ? new EventHub({ pool, databaseUrl: bench.url, log: silentLog, heartbeatMs: 15_000 }) : undefined;
  await events?.start();
  const profile = profileQueries();
  const settleCpuBefore = await backendCpu();
  const nodeCpuBefore = nodeCpu();
  const settleStart = performance.now();
  const settled = await settleIssue(pool, issue.id, Date.now(), { batchSize, concurrency, events });
  const settleMs = performance.now() - settleStart;
  const settleNodeCpu = nodeCpu() - nodeCpuBefore;
  const settleDbCpu = cpuSince(settleCpuBefore, await backendCpu());
  const statements = profile.stop();
  await events?.close();

  // What readers see (order_outcomes: a plain loser is LOST through its SETTLED issue), and what was written.
  const outcome = await pool.query<{ status: string; n: number; payout: number }>(
    `SELECT status, count(*)::bigint AS n, sum(payout)::bigint AS payout FROM order_outcomes WHERE issue_id = $1 GROUP BY status ORDER BY status`,
    [issue.id],
  );
  const written = await pool.query<{
    orders: number; bets: number; rebate_rows: number; rebate_detail: number; rebated: number; promised: number; win_rows: number; win_detail: number; won: number; payouts: number;
  }>(
    `SELECT (SELECT count(*) FROM orders WHERE issue_id = $1 AND status <> 'PENDING')::bigint AS orders,
            (SELECT count(*) FROM orders o JOIN order_bets b ON b.order_id = o.id WHERE o.issue_id = $1 AND b.outcome IS NOT NULL)::bigint AS bets,
            (SELECT count(*) FROM issue_credits WHERE issue_id = $1 AND type = 'REB')::bigint AS rebate_rows,
            (SELECT coalesce(sum(jsonb_array_length(detail)), 0) FROM issue_credits WHERE issue_id = $1 AND type = 'REB')::bigint AS rebate_detail,
            (SELECT coalesce(sum(amount), 0) FROM issue_credits WHERE issue_id = $1 AND type = 'REB')::bigint AS rebated,
            (SELECT count(*) FROM issue_credits WHERE issue_id = $1 AND type = 'WIN')::bigint AS win_rows,
            (SELECT coalesce(sum(jsonb_array_length(detail)), 0) FROM issue_credits WHERE issue_id = $1 AND type = 'WIN')::bigint AS win_detail,
            (SELECT coalesce(sum(amount), 0) FROM issue_credits WHERE issue_id = $1 AND type = 'WIN')::bigint AS won,
            (SELECT coalesce(sum(payout), 0) FROM orders WHERE issue_id = $1)::bigint AS payouts,
            (SELECT coalesce(sum(b.rebate), 0) FROM orders o JOIN order_bets b ON b.order_id = o.id WHERE o.issue_id = $1)::bigint AS promised`,
    [issue.id],
  );
  const plan = await pool.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN SELECT id FROM orders WHERE issue_id = $1 AND status = 'PENDING' AND id > 0 ORDER BY id LIMIT 5000`,
    [issue.id],
  );
  const transfers = await pool.query<{ type: string; n: number }>(
    `SELECT type, count(*)::bigint AS n FROM ledger_transfers WHERE type IN ('WIN', 'REB') GROUP BY type ORDER BY type`,
  );
  const count = (status: string) => outcome.rows.find((r) => r.status === status)?.n ?? 0;
  const transferCount = (type: string) => transfers.rows.find((r) => r.type === type)?.n ?? 0;
  if (!settled || count('PENDING') !== 0) throw new Error(`issue not settled: ${JSON.stringify(outcome.rows)}`);
  const w = written.rows[0]!;
  if (Number(w.won) !== Number(w.payouts)) throw new Error(`wins paid ${w.won} ≠ payouts ${w.payouts}`);
  if (transferCount('WIN') !== Number(w.win_rows)) throw new Error(`${transferCount('WIN')} WIN transfers for ${w.win_rows} players paid`);
  if (Number(w.rebated) !== Number(w.promised)) throw new Error(`rebates paid ${w.rebated} ≠ promised ${w.promised}`);
  if (transferCount('REB') !== Number(w.rebate_rows)) throw new Error(`${transferCount('REB')} REB transfers for ${w.rebate_rows} players rebated`);
  report.progress('reconciling the ledger…');
  const ledger = await reconcile(pool);
  if (!ledger.ok) throw new Error(`ledger does not reconcile: ${JSON.stringify(ledger).slice(0, 500)}`);

  const settleRate = orderCount / (settleMs / 1000);
  const refRate = (ref.rowCount ?? 0) / (refMs / 1000);
  const dbMs = statements.reduce((n, s) => n + s.ms, 0);
  report.line(`Settlement of one issue with ${fmt(orderCount)} pending orders vs a bare UPDATE of ${fmt(ref.rowCount ?? 0)} identical order rows`);
  report.line(`${await environmentLine(pool)}`);
  report.line(`orders: ${fmt(orderCount)} on one issue, ${fmt(playerCount)} players, ${fmt(betRows)} bets (${(betRows / orderCount).toFixed(2)} per order); settleIssue with ${settings}`);
  report.line();
  report.table(
    ['what', 'rows', 'time', 'orders/s'],
    [
      ['settleIssue by exception (engine evaluation of every order; winners written; WIN and REB per player)', fmt(orderCount), `${seconds(settleMs)} s`, `**${fmt(settleRate)}**`],
      [`bare \`UPDATE orders SET status = 'LOST', settled_at = now() WHERE issue_id = …\``, fmt(ref.rowCount ?? 0), `${seconds(refMs)} s`, fmt(refRate)],
    ],
  );
  report.line(
    `CPU time: settleIssue ${settleDbCpu.toFixed(1)} s in PostgreSQL backends + ${settleNodeCpu.toFixed(1)} s in Node ` +
      `(${(((settleDbCpu + settleNodeCpu) / orderCount) * 1e6).toFixed(0)} µs per order); bare UPDATE ${refCpu.toFixed(1)} s ` +
      `(${((refCpu / (ref.rowCount || 1)) * 1e6).toFixed(0)} µs per row). Background writer, checkpointer and WAL writer not counted.`,
  );
  report.line(
    `ratio: settlement at **${(settleRate / refRate).toFixed(2)}×** the bare UPDATE's rate (issue 23 target ≥ 1.0×: ${settleRate >= refRate ? 'met' : 'MISSED'}); ` +
      `load average now ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`,
  );
  report.line(
    `rows written: ${fmt(Number(w.orders))} order rows, ${fmt(Number(w.bets))} bet rows, ${fmt(Number(w.rebate_rows) + Number(w.win_rows))} issue_credits rows ` +
      `(WIN: ${fmt(Number(w.win_detail))} per-order details, ${fmt(Number(w.won))} paid = ${fmt(Number(w.payouts))} won; ` +
      `REB: ${fmt(Number(w.rebate_detail))} per-bet details, ${fmt(Number(w.rebated))} paid = ${fmt(Number(w.promised))} promised), plus the transfers below; ` +
      `the reference writes ${fmt(ref.rowCount ?? 0)} order rows`,
  );
  report.line(`partitions read: none — orders is not partitioned (docs/scaling/settlement.md); the batch read's plan:`);
  for (const r of plan.rows) report.line(`    ${r['QUERY PLAN']}`);
  report.line();
  report.line(
    `outcome: ${outcome.rows.map((r) => `${r.status} ${fmt(r.n)}`).join(', ')} (${((count('WON') / orderCount) * 100).toFixed(1)} % winners); ` +
      `transfers written: WIN ${fmt(transferCount('WIN'))}, REB ${fmt(transferCount('REB'))}; ledger reconciles: ${ledger.ok}`,
  );
  report.line();
  report.line(
    `where settleIssue's time went (${settlers} settlers × ${seconds(settleMs)} s = ${seconds(settlers * settleMs)} settler-seconds): ` +
      `${seconds(dbMs)} s in statements (from sending each to its parsed result), ≈ ${seconds(Math.max(0, settlers * settleMs - dbMs))} s between them ` +
      `(JavaScript: engine evaluation, building parameters; and waiting for the event loop the settlers share)`,
  );
  report.table(
    ['statement', 'calls', 'total', 'per call'],
    statements.slice(0, 12).map((s) => [`\`${s.statement.replace(/\|/g, '\\|')}\``, fmt(s.calls), `${seconds(s.ms)} s`, `${(s.ms / s.calls).toFixed(2)} ms`]),
  );
  report.save('settlement.txt', fullRun);
} finally {
  await cleanup();
}
