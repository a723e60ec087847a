// The statistics roll-up behind the agent reports (docs/agents/reports.md). It rewrites whole Beijing
// days of customer_daily_stats from the ledger, then the same days of team_daily_stats from those,
// in one transaction under the state row's lock: a second run waits, a crash rolls back, and since a
// day is replaced rather than added to, nothing is ever counted twice.
//
// Which days: a ledger entry's created_at is its transaction's start, and it becomes visible only at
// commit, so an entry stamped before a run may commit after it. No money transaction lasts longer
// than the lag (10 minutes by default), so every entry committed after run R started is stamped at
// or after R's start − lag; the next run recomputes every day from there to now, and finds it.
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { Loop } from '../../jobs/loop.ts';
import type { Singletons } from '../../jobs/singletons.ts';
import { withTransaction } from '../../db/pool.ts';
import { COUNTED_CODES, FIGURE_COLUMNS, figureSums } from './stat-columns.ts';

export const DEFAULT_ROLLUP_LAG_MS = 10 * 60_000;

export interface RollupOptions {
  /** How long a money transaction may run between its start (created_at) and its commit. */
  lagMs?: number;
  /** Recompute from this instant's day whatever the state says (tests, a repair by hand). */
  since?: Date;
}

export interface RollupRun {
  days: string[];
  /** Every entry committed before this time is in the tables. */
  coveredUntil: Date;
  ms: number;
}

const dayStart = (param: string) => `(${param}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`;
const codes = COUNTED_CODES.map((code) => `'${code}'`).join(', ');

async function windowStart(client: pg.PoolClient, coveredUntil: Date | null, options: RollupOptions): Promise<Date | null> {
  const lagMs = options.lagMs ?? DEFAULT_ROLLUP_LAG_MS;
  if (options.since) return options.since;
  if (coveredUntil) return new Date(coveredUntil.getTime() - lagMs);
  // First run: from the oldest entry (by id: ids follow time within the lag).
  const first = await client.query<{ created_at: Date }>('SELECT created_at FROM ledger_entries ORDER BY id LIMIT 1');
  return first.rows[0] ? new Date(first.rows[0].created_at.getTime() - lagMs) : null;
}

async function rollUpDay(client: pg.PoolClient, day: string): Promise<void> {
  const columns = FIGURE_COLUMNS.join(', ');
  await client.query('DELETE FROM customer_daily_stats WHERE day = $1::date', [day]);
  // The day's entries by time (BRIN), then their transfers by id range: ids follow time, so the join
  // reads a slice of ledger_transfers instead of all of it. MATERIALIZED keeps the min/max on the
  // day's rows (an index on transfer_id would otherwise be walked from one end).
  await client.query(
    `WITH e AS MATERIALIZED (
       SELECT account_id, transfer_id, amount FROM ledger_entries
        WHERE created_at >= ${dayStart('$1')} AND created_at < ${dayStart('($1::date + 1)')})
     INSERT INTO customer_daily_stats (customer_id, day, ${columns}, bet_count)
     SELECT a.customer_id, $1::date,
       ${figureSums()}
       FROM e
       JOIN ledger_accounts a ON a.id = e.account_id
       JOIN ledger_transfers t ON t.id = e.transfer_id
        AND t.id BETWEEN (SELECT min(transfer_id) FROM e) AND (SELECT max(transfer_id) FROM e)
      WHERE a.kind = 'PLAYER_MAIN' AND t.type IN (${codes})
      GROUP BY a.customer_id`,
    [day],
  );
  // Third-party games: a settled record's stake and payout are bets and wins of the day the platform
  // pulled it settled (their money moved between wallets by TO/TI transfers, which no figure counts).
  await client.query(
    `INSERT INTO customer_daily_stats (customer_id, day, bets, wins, bet_count)
     SELECT r.customer_id, $1::date, sum(r.stake), sum(r.payout), count(*)
       FROM provider_bet_records r
      WHERE r.status = 'SETTLED' AND r.customer_id IS NOT NULL
        AND r.settled_seen_at >= ${dayStart('$1')} AND r.settled_seen_at < ${dayStart('($1::date + 1)')}
      GROUP BY r.customer_id
     ON CONFLICT (day, customer_id) DO UPDATE
        SET bets = customer_daily_stats.bets + EXCLUDED.bets,
            wins = customer_daily_stats.wins + EXCLUDED.wins,
            bet_count = customer_daily_stats.bet_count + EXCLUDED.bet_count`,
    [day],
  );
  await client.query('DELETE FROM team_daily_stats WHERE day = $1::date', [day]);
  const sums = [...FIGURE_COLUMNS, 'bet_count'].map((c) => `sum(s.${c})`).join(', ');
  await client.query(
    `INSERT INTO team_daily_stats (ancestor_id, day, ${columns}, bet_count)
     SELECT ct.ancestor_id, $1::date, ${sums}
       FROM customer_daily_stats s JOIN customer_tree ct ON ct.descendant_id = s.customer_id
      WHERE s.day = $1::date
      GROUP BY ct.ancestor_id`,
    [day],
  );
}

/** Every customer's team now: members below it, agents among them, new today, their balances. */
async function snapshotTeams(client: pg.PoolClient): Promise<void> {
  await client.query('DELETE FROM team_snapshot');
  await client.query(
    `INSERT INTO team_snapshot (ancestor_id, members, agents, new_today, balance)
     SELECT ct.ancestor_id,
            count(*) FILTER (WHERE ct.depth > 0),
            count(*) FILTER (WHERE ct.depth > 0 AND c.type <> 'PLAYER'),
            count(*) FILTER (WHERE ct.depth > 0 AND c.created_at >= date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai'),
            coalesce(sum(a.balance) FILTER (WHERE ct.depth > 0), 0)
       FROM customer_tree ct
       JOIN customers c ON c.id = ct.descendant_id
       LEFT JOIN ledger_accounts a ON a.customer_id = ct.descendant_id AND a.kind = 'PLAYER_MAIN'
      GROUP BY ct.ancestor_id`,
  );
}

/** One run: recomputes every day that may have changed since the last complete run. */
export async function runAgentStatsRollup(pool: pg.Pool, options: RollupOptions = {}): Promise<RollupRun> {
  return withTransaction(pool, async (client) => {
    const t0 = performance.now();
    const state = await client.query<{ covered_until: Date | null }>('SELECT covered_until FROM agent_stats_state WHERE id = 1 FOR UPDATE');
    // Taken after the lock: what this run's statements see includes everything committed before it.
    const started = (await client.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0]!.now;
    const from = (await windowStart(client, state.rows[0]?.covered_until ?? null, options)) ?? started;
    const found = await client.query<{ day: string }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day
         FROM generate_series(($1::timestamptz AT TIME ZONE 'Asia/Shanghai')::date,
                              ($2::timestamptz AT TIME ZONE 'Asia/Shanghai')::date, interval '1 day') AS d`,
      [from, started],
    );
    const days = found.rows.map((r) => r.day);
    for (const day of days) await rollUpDay(client, day);
    await snapshotTeams(client);
    const ms = performance.now() - t0;
    await client.query(
      `UPDATE agent_stats_state SET covered_until = $1, last_run_at = clock_timestamp(), last_run_days = $2, last_run_ms = $3 WHERE id = 1`,
      [started, days.length, Math.max(0, Math.round(ms))],
    );
    return { days, coveredUntil: started, ms };
  });
}

/** The roll-up loop the reports plugin runs between onReady and preClose (first run at once). */
export function startRollupLoop(
  pool: pg.Pool,
  intervalMs: number,
  log: { error: (obj: object, msg: string) => void },
  options: RollupOptions = {},
  /** Absent (a caller not yet passing them): every process runs it. */
  singletons?: Singletons,
): Loop {
  if (!singletons) return new Loop('agents.stats-rollup', () => runAgentStatsRollup(pool, options), intervalMs, log).start();
  return singletons.loop('agents.stats-rollup', () => runAgentStatsRollup(pool, options), intervalMs, log).start();
}
