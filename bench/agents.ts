// Benchmark (not a test): the agent reports over a team of 100,000 descendants in 5 levels with
// 10,000,000 settled bets, next to a bare count over the same team measured in the same run.
//   node --import tsx bench/agents.ts [descendants=100000] [bets=10000000] [days=30] [--save] [--keep]
// Uses DATABASE_URL's server when set (creating and dropping its own database), else the embedded one.
// Seeds with generate_series straight into customers (the closure table follows by trigger), orders
// and the ledger (one BET transfer per order, a WIN for every tenth, a REB for another tenth, both
// legs each), then runs the statistics roll-up, then times teamOverview() and teamProfit() — exactly
// what GET /ajax/agent/overview and /ajax/agent/profit run — in-process on the pool (no HTTP), and
// the level-difference commission batch over one day of those bets (orders per second).
import { performance } from 'node:perf_hooks';
import { runCommissionBatch } from '../src/server/agents/commission/batch.ts';
import { teamOverview } from '../src/server/agents/reports/overview.ts';
import { teamProfit } from '../src/server/agents/reports/profit.ts';
import { runAgentStatsRollup } from '../src/server/agents/reports/rollup.ts';
import { OverviewQuerySchema, ProfitQuerySchema } from '../src/shared/api/agent-reports.ts';
import { beijingDayOf, beijingMidnight, formatDay } from '../src/shared/draws/schedule/beijing-time.ts';
import { cleanupOnSignal, openBenchDatabase } from './support/db.ts';
import { environmentLine, fmt, positionalArgs, Report } from './support/report.ts';

const DEFAULTS = { descendants: 100_000, bets: 10_000_000, days: 30 };
const args = positionalArgs();
const descendants = Number(args[0] ?? DEFAULTS.descendants);
const bets = Number(args[1] ?? DEFAULTS.bets);
const days = Number(args[2] ?? DEFAULTS.days);
const fullRun = descendants === DEFAULTS.descendants && bets === DEFAULTS.bets && days === DEFAULTS.days;
const ROUNDS = 100;
const CHUNK = 500_000;
/** Agents per level below the primary agent: 10, 100, 1,000, 10,000; the rest are players (level 5). */
const AGENT_LEVELS = [10, 100, 1_000, 10_000];
const GROUPS = [1960, 1958, 1956, 1954, 1952, 1950];
if (descendants <= AGENT_LEVELS.reduce((a, b) => a + b, 0)) throw new Error(`descendants must exceed ${AGENT_LEVELS.reduce((a, b) => a + b, 0)}`);

const report = new Report();
const bench = await openBenchDatabase('jinli_bench_agents', { seed: false });
const cleanup = cleanupOnSignal(bench.cleanup);
const { pool } = bench.database;

async function time(rounds: number, run: () => Promise<unknown>): Promise<{ p50: number; p95: number; max: number }> {
  for (let i = 0; i < 10; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(rounds * 0.5)]!, p95: samples[Math.floor(rounds * 0.95)]!, max: samples[rounds - 1]! };
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  report.progress(`${label}…`);
  const start = performance.now();
  const result = await work();
  const seconds = (performance.now() - start) / 1000;
  report.progress(`  ${label}: ${seconds.toFixed(1)} s`);
  return { result, seconds };
}

/** Customers level by level under one primary agent; returns each level's ids. */
async function seedTree(): Promise<number[][]> {
  const primary = await pool.query<{ id: number }>(
    `INSERT INTO customers (username, username_key, password_hash, alias, type, prize_group)
     VALUES ('bench_primary', 'bench_primary', 'x', '压测总代', 'PRIMARY_AGENT', 1960) RETURNING id`,
  );
  const levels = [[primary.rows[0]!.id]];
  const sizes = [...AGENT_LEVELS, descendants - AGENT_LEVELS.reduce((a, b) => a + b, 0)];
  for (let level = 1; level <= sizes.length; level++) {
    const parents = levels[level - 1]!;
    const isPlayer = level === sizes.length;
    const inserted = await pool.query<{ id: number }>(
      `INSERT INTO customers (username, username_key, password_hash, alias, type, parent_id, prize_group, created_at)
       SELECT 'bench_l' || $1 || '_' || n, 'bench_l' || $1 || '_' || n, 'x', '压测' || $1 || '级', $2, p.id, $3,
              now() - make_interval(days => (n % 60))
         FROM generate_series(0, $4 - 1) AS n
         JOIN unnest($5::bigint[]) WITH ORDINALITY AS p(id, i) ON p.i = n % $6 + 1
        ORDER BY n
       RETURNING id`,
      [level, isPlayer ? 'PLAYER' : 'AGENT', GROUPS[level], sizes[level - 1], parents, parents.length],
    );
    levels.push(inserted.rows.map((r) => r.id));
  }
  return levels;
}

/**
 * Orders outside `commissionDay` are seeded as commissioned by an earlier run, so the commission
 * batch measured below has exactly one day of bets to do.
 */
async function seedLedger(players: number[], startMs: number, stepMs: number, commissionDay: { from: Date; to: Date }): Promise<void> {
  const earlierRun = await pool.query<{ id: number }>(
    `INSERT INTO agent_commission_runs (status, cutoff, finished_at) VALUES ('COMPLETED', now(), now()) RETURNING id`,
  );
  await pool.query(
    `INSERT INTO ledger_accounts (code, kind, customer_id, balance)
     SELECT 'player:' || id || ':main', 'PLAYER_MAIN', id, (id % 1000) * 10000 FROM customers`,
  );
  await pool.query(`INSERT INTO ledger_accounts (code, kind, allow_negative) VALUES ('house:lottery:0', 'HOUSE', true)`);
  await pool.query(
    `CREATE UNLOGGED TABLE bench_bettors AS
     SELECT (i - 1)::int AS i, p.id AS customer_id, a.id AS account_id
       FROM unnest($1::bigint[]) WITH ORDINALITY AS p(id, i) JOIN ledger_accounts a ON a.customer_id = p.id AND a.kind = 'PLAYER_MAIN'`,
    [players],
  );
  await pool.query('ALTER TABLE bench_bettors ADD PRIMARY KEY (i)');
  const house = (await pool.query<{ id: number }>(`SELECT id FROM ledger_accounts WHERE code = 'house:lottery:0'`)).rows[0]!.id;
  // Bulk load: secondary indexes are dropped and rebuilt afterwards, and foreign-key triggers are
  // skipped on the loading session (the rows are consistent by construction).
  const secondary = await pool.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename IN ('orders', 'ledger_entries', 'ledger_transfers')
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)`,
  );
  for (const index of secondary.rows) await pool.query(`DROP INDEX "${index.name}"`);
  const loader = await pool.connect();
  await loader.query(`SET session_replication_role = replica`);
  const base = 1_000_000;
  for (let from = 0; from < bets; from += CHUNK) {
    const to = Math.min(bets, from + CHUNK) - 1;
    const params = [from, to, players.length, new Date(startMs), stepMs, base, house];
    // Every order n: its stake, time, bettor; a transfer id per kind (3n BET, 3n+1 WIN, 3n+2 REB).
    const source = `
      SELECT n, b.customer_id, b.account_id, 20000 * (1 + n % 5) AS stake,
             $4::timestamptz + make_interval(secs => n * $5::double precision / 1000) AS ts
        FROM generate_series($1::bigint, $2::bigint) AS n JOIN bench_bettors b ON b.i = n % $3`;
    await loader.query(
      `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, payout, rebate,
                           prize_group, created_at, settled_at, commission_run_id)
       SELECT customer_id, 'bench-' || n, 'CQSSC', 'REGULAR', '20261126-001', CASE WHEN n % 10 = 0 THEN 'WON' ELSE 'LOST' END, 1, stake,
              CASE WHEN n % 10 = 0 THEN stake * 9 / 5 ELSE 0 END, CASE WHEN n % 10 = 5 THEN stake / 100 ELSE 0 END, 1950, ts, ts,
              CASE WHEN ts >= $6 AND ts < $7 THEN NULL ELSE $8::bigint END
         FROM (${source}) s ORDER BY n`,
      [...params.slice(0, 5), commissionDay.from, commissionDay.to, earlierRun.rows[0]!.id],
    );
    await loader.query(
      `INSERT INTO ledger_transfers (id, idempotency_key, type, created_at)
       SELECT $6 + 3 * n + k, 'bench-' || n || '-' || k, (ARRAY['BET', 'WIN', 'REB'])[k + 1], ts
         FROM (${source}) s CROSS JOIN generate_series(0, 2) AS k
        WHERE k = 0 OR (k = 1 AND n % 10 = 0) OR (k = 2 AND n % 10 = 5)
        ORDER BY n, k`,
      params.slice(0, 6),
    );
    await loader.query(
      `INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
       SELECT $6 + 3 * n + k, leg.account_id, leg.amount, 0, ts
         FROM (${source}) s CROSS JOIN generate_series(0, 2) AS k
        CROSS JOIN LATERAL (SELECT CASE k WHEN 0 THEN -stake WHEN 1 THEN stake * 9 / 5 ELSE stake / 100 END AS amount) m
        CROSS JOIN LATERAL (VALUES (s.account_id, m.amount), ($7::bigint, -m.amount)) AS leg(account_id, amount)
        WHERE k = 0 OR (k = 1 AND n % 10 = 0) OR (k = 2 AND n % 10 = 5)
        ORDER BY n, k`,
      params,
    );
    report.progress(`  ${fmt(to + 1)} / ${fmt(bets)} bets`);
  }
  await loader.query('RESET session_replication_role');
  loader.release();
  report.progress('  rebuilding the secondary indexes…');
  for (const index of secondary.rows) await pool.query(index.def);
  await pool.query(`SELECT setval(pg_get_serial_sequence('ledger_transfers', 'id'), (SELECT max(id) FROM ledger_transfers))`);
  await pool.query('DROP TABLE bench_bettors');
}

/** Sessions seen just now for 1 % of the team (online now), and for nobody else. */
async function seedSessions(members: number[]): Promise<void> {
  await pool.query(
    `INSERT INTO sessions (token_hash, customer_id, expires_at, last_seen_at)
     SELECT decode(md5('bench-session-' || c), 'hex'), c, now() + interval '1 day', now()
       FROM unnest($1::bigint[]) AS c`,
    [members.filter((_, i) => i % 100 === 0)],
  );
}

try {
  const now = Date.now();
  const spanMs = days * 86_400_000 - 120_000;
  const startMs = now - days * 86_400_000;
  const seeding = performance.now();
  const { result: levels } = await timed(`seeding ${fmt(descendants)} descendants over 5 levels`, seedTree);
  const players = levels[levels.length - 1]!;
  const members = levels.slice(1).flat();
  const yesterdayDay = beijingDayOf(now) - 1;
  const commissionDay = { from: new Date(beijingMidnight(yesterdayDay)), to: new Date(beijingMidnight(yesterdayDay + 1)) };
  await timed(`seeding ${fmt(bets)} settled bets over ${days} days (orders and ledger)`, () => seedLedger(players, startMs, spanMs / bets, commissionDay));
  await seedSessions(members);
  await timed('VACUUM ANALYZE', () => pool.query('VACUUM ANALYZE'));
  const seedSeconds = (performance.now() - seeding) / 1000;

  const firstRun = await timed('the roll-up, first run (every day)', () => runAgentStatsRollup(pool, { since: new Date(startMs - 86_400_000) }));
  const steady = await timed('the roll-up, a steady run (the days since the last run)', () => runAgentStatsRollup(pool));
  await pool.query('ANALYZE customer_daily_stats; ANALYZE team_daily_stats');

  const primaryId = levels[0]![0]!;
  const agentL3 = levels[3]![0]!;
  const today = formatDay(beijingDayOf(now));
  const monthAgo = formatDay(beijingDayOf(now) - 29);
  const overview = (input: Record<string, string>) => OverviewQuerySchema.parse(input);
  const profit = (input: Record<string, string>) => ProfitQuerySchema.parse(input);
  const counts = await pool.query<{ entries: number; transfers: number; orders: number; tree: number }>(
    `SELECT (SELECT count(*) FROM ledger_entries)::bigint AS entries, (SELECT count(*) FROM ledger_transfers)::bigint AS transfers,
            (SELECT count(*) FROM orders)::bigint AS orders, (SELECT count(*) FROM customer_tree)::bigint AS tree`,
  );
  const sizes = counts.rows[0]!;

  const cases: [string, () => Promise<unknown>][] = [
    ['reference: SELECT count(*) over the team (customer_tree)', () => pool.query('SELECT count(*) FROM customer_tree WHERE ancestor_id = $1 AND depth > 0', [primaryId])],
    ['team overview, today (primary agent, 100k team)', () => teamOverview(pool, primaryId, overview({}))],
    ['team overview, last 30 days (primary agent)', () => teamOverview(pool, primaryId, overview({ from: monthAgo, to: today }))],
    ['team profit, 30 days per member (primary agent)', () => teamProfit(pool, primaryId, profit({ from: monthAgo, to: today }))],
    ['team profit, 30 days per day (primary agent)', () => teamProfit(pool, primaryId, profit({ from: monthAgo, to: today, view: 'days', pageSize: '31' }))],
    ['team profit, 30 days per member, drill-down to a level-3 agent', () => teamProfit(pool, primaryId, profit({ from: monthAgo, to: today, memberId: String(agentL3) }))],
  ];
  const rows: (string | number)[][] = [];
  for (const [name, run] of cases) {
    report.progress(`timing: ${name}`);
    const t = await time(ROUNDS, run);
    rows.push([name, fmt(t.p50, 2), fmt(t.p95, 2), fmt(t.max, 2)]);
  }

  const dayOrders = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE commission_run_id IS NULL')).rows[0]!.n;
  const commission = await timed(`the commission batch over one day (${fmt(dayOrders)} orders)`, () => runCommissionBatch(pool, { now: new Date() }));

  report.line(`# Agent reports: ${fmt(descendants)} descendants over 5 levels, ${fmt(bets)} settled bets over ${days} days`);
  report.line(await environmentLine(pool));
  report.line(
    `Seeded in ${seedSeconds.toFixed(0)} s: ${fmt(sizes.orders)} orders, ${fmt(sizes.transfers)} ledger transfers, ${fmt(sizes.entries)} ledger entries, ` +
      `${fmt(sizes.tree)} closure rows.`,
  );
  report.line(
    `Roll-up: first run over ${firstRun.result.days.length} days ${firstRun.seconds.toFixed(1)} s; ` +
      `a steady run (${steady.result.days.length} day(s)) ${steady.seconds.toFixed(1)} s.`,
  );
  report.line(`${ROUNDS} sequential calls each after 10 warm-up calls, in-process on the pool (no HTTP).`);
  report.line();
  report.table(['query', 'p50 ms', 'p95 ms', 'max ms'], rows);
  report.line();
  const c = commission.result;
  report.line(
    `Commission batch (src/server/agents/commission/batch.ts runCommissionBatch) over yesterday's ${fmt(c.orders)} settled orders: ` +
      `${commission.seconds.toFixed(1)} s, ${fmt(c.orders / commission.seconds)} orders/s, ${fmt(c.transfers)} COMM transfers.`,
  );
  report.save('agents.txt', fullRun);
} finally {
  // --keep: leave the database for a look with psql (drop it by hand afterwards).
  if (process.argv.includes('--keep')) {
    report.progress(`kept database ${bench.name}`);
    await bench.database.close();
  } else {
    await cleanup();
  }
}
