// Benchmark (not a test): the burst before an issue closes (issue 23 item 6, docs/scaling/burst.md).
//   node --import tsx bench/burst-at-close.ts [steadySeconds=10] [connections=16] [players=400] [--save]
//
// 1. Steady maximum: the closed loop of bench/placement.ts (autocannon, `connections` keep-alive
//    clients, POST /ajax/orders) on an issue on sale all day: the reference rate and p99.
// 2. Burst: an issue closing BURST_MS after the burst starts; an OPEN-loop load (bench/support/
//    open-loop.ts: fixed arrival rate, latency from the scheduled time, 10 s client deadline) at 1.5×
//    the steady rate through the last BURST_MS before the close and AFTER_CLOSE_MS past it.
// 3. Diagnostic: the same burst on a server without admission control (the limits set out of reach),
//    to show what the gate prevents; not a target.
// Reports accepted, refused 系统繁忙, refused 已截止 (after the close), other answers, time-outs, 5xx,
// accepted p99 / steady p99 (target ≤ 3×); checks that no order was placed after the close, every
// accepted order is stored once with one BET transfer, and the ledger reconciles.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { reconcile } from '../src/server/wallet/ledger.ts';
import { cleanupOnSignal, openBenchDatabase } from './support/db.ts';
import { insertOpenIssue, type BenchIssue } from './support/issues.ts';
import { percentile, runOpenLoop, type OpenLoopOutcome } from './support/open-loop.ts';
import { BENCH_DRAW_TYPE, orderTemplates } from './support/orders.ts';
import { createFundedPlayers, createSessionCookies } from './support/players.ts';
import { environmentLine, fmt, positionalArgs, Report } from './support/report.ts';
import { startBenchServer, type BenchServer } from './support/server.ts';

const DEFAULTS = { steadySeconds: 10, connections: 16, players: 400 };
const [secondsArg, connectionsArg, playersArg] = positionalArgs();
const steadySeconds = Number(secondsArg ?? DEFAULTS.steadySeconds);
const connections = Number(connectionsArg ?? DEFAULTS.connections);
const playerCount = Number(playersArg ?? DEFAULTS.players);
const fullRun = steadySeconds === DEFAULTS.steadySeconds && connections === DEFAULTS.connections && playerCount === DEFAULTS.players;
const WARM_UP_SECONDS = 3;
const OVERLOAD = 1.5;
const BURST_MS = 10_000;
const AFTER_CLOSE_MS = 3_000;
const CLIENT_DEADLINE_MS = 10_000;
/** Enough that the client's own sockets never become the queue (an open loop must not wait on them). */
const CLIENT_SOCKETS = 1_024;
/** The issue is created this long before its burst begins. */
const LEAD_MS = 2_000;
const BUSY = '系统繁忙，请稍后再试';
const CLOSED = '已截止投注';
const UNLIMITED = { PLACEMENT_MAX_IN_FLIGHT: '1000000', PLACEMENT_MAX_QUEUE: '1000000', PLACEMENT_MAX_LAG_MS: '1000000' };

const report = new Report();
const bench = await openBenchDatabase('jinli_burst', { poolMax: 4 });
let server: BenchServer | null = null;
const cleanup = cleanupOnSignal(async () => {
  await server?.stop();
  await bench.cleanup();
});
const { pool } = bench.database;

interface Burst {
  issue: BenchIssue;
  closesAt: number;
  outcomes: OpenLoopOutcome[];
}

try {
  report.progress(`creating ${playerCount} funded players and their sessions…`);
  const players = await createFundedPlayers(pool, playerCount, 1_000_000);
  const cookies = await createSessionCookies(pool, players);
  const templates = orderTemplates(1000).map((t) => t.body);
  const runId = randomBytes(4).toString('hex');
  let sent = 0;
  /** The n-th order of the run for `issueNumber`: its own clientKey, a player in turn. */
  const orderRequest = (issueNumber: string) => {
    const n = sent++;
    const body = JSON.stringify({ ...templates[(n * 2_654_435_761) % templates.length]!, issueNumber, clientKey: `burst-${runId}-${n}` });
    return { path: '/ajax/orders', headers: { 'content-type': 'application/json', 'x-jinli-request': '1', cookie: cookies[n % cookies.length]! }, body };
  };

  const steadyIssue = await insertOpenIssue(pool, BENCH_DRAW_TYPE, 'BENCH-STEADY', 24 * 3_600_000);
  let steadyFailure: string | null = null;
  let steadyRefused = 0;
  const closedLoop = (target: BenchServer, duration: number) =>
    autocannon({
      url: target.url,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/ajax/orders',
          setupRequest: (request) => ({ ...request, ...orderRequest(steadyIssue.issueNumber) }),
          onResponse: (status, body) => {
            if (status === 429) steadyRefused++;
            else if (status !== 200 && steadyFailure === null) steadyFailure = `${status} ${body.slice(0, 300)}`;
          },
        },
      ],
    });

  /** A burst on `target` at `rate`: a new issue closing BURST_MS after the burst begins. */
  const burst = async (target: BenchServer, rate: number, issueNumber: string): Promise<Burst> => {
    const issue = await insertOpenIssue(pool, BENCH_DRAW_TYPE, issueNumber, LEAD_MS + BURST_MS);
    const row = await pool.query<{ closes_at: Date }>('SELECT closes_at FROM draw_issues WHERE id = $1', [issue.id]);
    const closesAt = row.rows[0]!.closes_at.getTime();
    const outcomes = await runOpenLoop({
      url: target.url,
      ratePerSecond: rate,
      startAt: closesAt - BURST_MS,
      durationMs: BURST_MS + AFTER_CLOSE_MS,
      deadlineMs: CLIENT_DEADLINE_MS,
      maxSockets: CLIENT_SOCKETS,
      request: () => orderRequest(issue.issueNumber),
    });
    return { issue, closesAt, outcomes };
  };

  report.progress(`steady: warm-up ${WARM_UP_SECONDS} s, then the closed loop for ${steadySeconds} s with ${connections} connections…`);
  server = await startBenchServer(bench.url);
  await closedLoop(server, WARM_UP_SECONDS);
  const steady = await closedLoop(server, steadySeconds);
  // The closed loop does not overload the server: a 系统繁忙 here means the gate is set too tight for
  // this host (or the host starved the server of CPU); it is reported, anything else fails the run.
  const steadyRefusedDuringRun = steadyRefused;
  if (steady.non2xx > steadyRefused || steady.errors > 0) throw new Error(`steady: ${steady.non2xx} non-2xx, ${steady.errors} errors; first: ${steadyFailure}`);
  const steadyRate = steady['2xx'] / steady.duration;
  const burstRate = Math.round(steadyRate * OVERLOAD);
  report.progress(`steady: ${fmt(steadyRate)} orders/s, p99 ${steady.latency.p99} ms; burst at ${fmt(burstRate)} requests/s…`);
  const gated = await burst(server, burstRate, 'BENCH-BURST');
  await server.stop();

  report.progress('diagnostic: the same burst without admission control…');
  server = await startBenchServer(bench.url, { env: UNLIMITED });
  await closedLoop(server, WARM_UP_SECONDS);
  const ungated = await burst(server, burstRate, 'BENCH-BURST-UNGATED');
  await server.stop();
  server = null;

  // What the database holds for each burst: its orders, those placed after the close, distinct
  // clientKeys; and over the whole run, one BET transfer per order.
  const stored = async (b: Burst) => {
    const found = await pool.query<{ orders: number; late: number; keys: number }>(
      `SELECT count(*)::int AS orders, count(*) FILTER (WHERE created_at > $2)::int AS late, count(DISTINCT client_key)::int AS keys
         FROM orders WHERE issue_id = $1`,
      [b.issue.id, new Date(b.closesAt)],
    );
    return found.rows[0]!;
  };
  const totals = await pool.query<{ orders: number; debits: number }>(
    `SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM ledger_transfers WHERE type = 'BET') AS debits`,
  );
  const ledger = await reconcile(pool);

  const summarise = (b: Burst) => {
    const o = b.outcomes;
    const accepted = o.filter((x) => x.status === 200);
    const is = (x: OpenLoopOutcome, status: number, text: string) => x.status === status && x.body.includes(text);
    const busy = o.filter((x) => is(x, 429, BUSY));
    const closed = o.filter((x) => typeof x.status === 'number' && x.status >= 400 && x.status < 500 && x.body.includes(CLOSED));
    const fivexx = o.filter((x) => typeof x.status === 'number' && x.status >= 500);
    const timeouts = o.filter((x) => x.status === 'timeout');
    const errors = o.filter((x) => x.status === 'error');
    const other = o.length - accepted.length - busy.length - closed.length - fivexx.length - timeouts.length - errors.length;
    const beforeClose = accepted.filter((x) => x.scheduledAt < b.closesAt);
    const acceptedAfterClose = accepted.filter((x) => x.scheduledAt >= b.closesAt).length;
    const firstOther = o.find((x) => x.status !== 200 && !busy.includes(x) && !closed.includes(x));
    const refusedClosedBefore = closed.filter((x) => x.scheduledAt < b.closesAt).length;
    return {
      sent: o.length,
      accepted: accepted.length,
      busy: busy.length,
      closed: closed.length,
      refusedClosedBefore,
      fivexx: fivexx.length,
      timeouts: timeouts.length,
      errors: errors.length,
      other,
      firstOther: firstOther ? `${firstOther.status} ${firstOther.body.slice(0, 200)}` : null,
      acceptedAfterClose,
      p50: percentile(beforeClose.map((x) => x.latencyMs), 50),
      p99: percentile(beforeClose.map((x) => x.latencyMs), 99),
      max: percentile(beforeClose.map((x) => x.latencyMs), 100),
      busyP99: percentile(busy.map((x) => x.latencyMs), 99),
      sentLateP99: percentile(o.map((x) => x.sentLateMs), 99),
    };
  };
  // Every request's outcome, for a closer look (.data/bench is scratch, ignored by git).
  mkdirSync('.data/bench', { recursive: true });
  writeFileSync('.data/bench/burst-at-close-outcomes.json', JSON.stringify({ gated, ungated }));
  const g = summarise(gated);
  const u = summarise(ungated);
  const gs = await stored(gated);
  const us = await stored(ungated);

  const steadyP99 = steady.latency.p99;
  const ratio = g.p99 / steadyP99;
  report.line(`Burst at close: open-loop POST /ajax/orders at ${OVERLOAD}× the steady maximum for the last ${BURST_MS / 1000} s before the issue closes and ${AFTER_CLOSE_MS / 1000} s after`);
  report.line(await environmentLine(pool));
  report.line(
    `server: its own process (src/server/main.ts), pool 20, NODE_ENV=production, scheduler off; admission defaults (PLACEMENT_MAX_IN_FLIGHT / _MAX_QUEUE / _MAX_WAIT_MS / _MAX_LAG_MS); players: ${fmt(playerCount)}; client: open loop in the bench process, ${CLIENT_SOCKETS} keep-alive sockets max, deadline ${CLIENT_DEADLINE_MS / 1000} s, latency from the scheduled send time`,
  );
  report.line();
  report.line(`reference: steady maximum (closed loop, ${connections} connections, ${steadySeconds} s): **${fmt(steadyRate)} orders/s**, p50 ${steady.latency.p50} ms, p99 **${steadyP99} ms**`);
  report.line(
    `steady refusals (系统繁忙 during the closed loop, warm-up included; 0 expected on a quiet host): ${fmt(steadyRefusedDuringRun)}`,
  );
  report.line(`burst rate: ${fmt(burstRate)} requests/s = ${OVERLOAD}× the steady maximum`);
  report.line();
  const row = (label: string, s: ReturnType<typeof summarise>, db: Awaited<ReturnType<typeof stored>>) => [
    label,
    fmt(s.sent),
    fmt(s.accepted),
    fmt(s.busy),
    fmt(s.closed),
    fmt(s.timeouts),
    fmt(s.fivexx),
    fmt(s.errors + s.other),
    `${s.p50} / **${s.p99}** / ${s.max} ms`,
    `${(s.p99 / steadyP99).toFixed(2)}×`,
    `${Number.isNaN(s.busyP99) ? '–' : `${s.busyP99} ms`}`,
    fmt(db.late),
  ];
  report.table(
    ['server', 'sent', 'accepted', 'refused 系统繁忙', 'refused 已截止', 'time-outs', '5xx', 'other', 'accepted p50 / p99 / max (before close)', 'p99 / steady p99', '系统繁忙 p99', 'orders after close'],
    [row('**with admission (defaults)**', g, gs), row('diagnostic: no admission', u, us)],
  );
  const met = g.timeouts === 0 && g.fivexx === 0 && g.errors === 0 && ratio <= 3 && gs.late === 0 && g.acceptedAfterClose === 0;
  report.line(
    `ratio: accepted p99 ${g.p99} ms = ${ratio.toFixed(2)}× the steady p99 (target ≤ 3×); time-outs ${g.timeouts}, 5xx ${g.fivexx}, connection errors ${g.errors} (target 0 each); orders after the close ${gs.late}: ${met ? 'met' : 'MISSED'}`,
  );
  report.line(
    `checked: with admission ${fmt(gs.orders)} orders stored for ${fmt(g.accepted)} accepted (time-outs ${g.timeouts} may add), ${fmt(gs.keys)} distinct clientKeys; over the run ${fmt(totals.rows[0]!.orders)} orders and ${fmt(totals.rows[0]!.debits)} BET transfers; requests scheduled before the close refused 已截止 ${g.refusedClosedBefore} (they reached the server after it); ledger reconciles: ${ledger.ok}`,
  );
  report.line(
    `client's own lateness (send time after the scheduled time, p99): ${g.sentLateP99} ms with admission, ${u.sentLateP99} ms without — included in the latencies above; large values mean the load generator itself was short of CPU`,
  );
  if (g.firstOther) report.line(`first other answer (with admission): ${g.firstOther}`);
  if (u.firstOther) report.line(`first other answer (no admission): ${u.firstOther}`);
  if (gs.orders < g.accepted || gs.orders > g.accepted + g.timeouts + g.errors || gs.keys !== gs.orders || totals.rows[0]!.debits !== totals.rows[0]!.orders) {
    throw new Error(`stored ${JSON.stringify(gs)} does not match ${g.accepted} accepted`);
  }
  if (!ledger.ok) throw new Error(`ledger does not reconcile: ${JSON.stringify(ledger).slice(0, 500)}`);
  report.save('burst-at-close.txt', fullRun);
} finally {
  await cleanup();
}
