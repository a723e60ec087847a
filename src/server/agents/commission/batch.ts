// The level-difference commission batch (decisions §10, docs/agents/commission.md). A run claims
// settled, not yet commissioned orders in chunks (FOR UPDATE SKIP LOCKED, so concurrent runs never
// claim the same order), and in each chunk's transaction marks them with the run and adds their
// commission to the run's per-(agent, member, day) lines. When nothing is left the run pays: one COMM
// transfer per agent (key `comm:<run>:<agent>`) in the transaction that moves it to COMPLETED. A run
// that died half-way (its session advisory lock is gone) is paid by the next run that finds it.
import type pg from 'pg';
import { withTransaction } from '../../db/pool.ts';
import { playerAccountIds, postTransfers, systemAccountId, type TransferInput } from '../../wallet/ledger.ts';

export const COMMISSION_ACCOUNT = 'house:commission';
/** Advisory-lock namespace of runs: held (session-level) by the process running it. */
const RUN_LOCK_SPACE = 190_601;
const CLASSIC = 2000n;

export interface CommissionBatchOptions {
  now?: Date;
  /** Orders settled within this much of `now` wait for the next run (default 60 s). */
  settleLagMs?: number;
  /** Orders per transaction (default 2000). */
  chunkSize?: number;
  /** Test hook, called after each committed chunk (throwing simulates a crash half-way). */
  afterChunk?: (chunk: number) => Promise<void> | void;
}

export interface CommissionBatchResult {
  runId: number;
  status: 'COMPLETED' | 'STOPPED';
  orders: number;
  transfers: number;
  amount: number;
}

/**
 * Each upline's share of an order, walking up from the bettor: an upline earns its group minus the
 * group below it on the path, never negative; a group below one already passed counts as that one
 * (a member lowered after betting cannot make the chain pay more than top − bet group).
 */
export function levelDifferences(betGroup: number, uplineGroups: readonly number[]): number[] {
  let below = betGroup;
  return uplineGroups.map((group) => {
    const effective = Math.max(group, below);
    const diff = effective - below;
    below = effective;
    return diff;
  });
}

/**
 * One chunk, in one statement: lock and mark up to `chunkSize` eligible orders, walk each up its
 * uplines (running maximum of the groups, so a lowered member never makes the chain pay more than
 * top − bet group) and add stake × difference to the run's per-(agent, member, day) lines.
 */
const CLAIM_CHUNK = `
WITH picked AS (
  SELECT o.id FROM orders o JOIN order_outcomes x ON x.id = o.id
   WHERE x.commission_run_id IS NULL AND x.status IN ('WON', 'LOST') AND x.settled_at <= $2
   ORDER BY o.id LIMIT $3 FOR UPDATE OF o SKIP LOCKED
), updated AS (
  UPDATE orders o SET commission_run_id = $1 FROM picked WHERE o.id = picked.id AND o.commission_run_id IS NULL
  RETURNING o.id
), claimed AS (
  -- A plain loser's settlement time is its issue's (order_outcomes); the update does not change it.
  SELECT x.id, x.customer_id, x.total_stake, x.prize_group, x.settled_at FROM updated u JOIN order_outcomes x ON x.id = u.id
), chain AS (
  SELECT c.id, c.customer_id, c.total_stake, c.prize_group AS bet_group, t.ancestor_id, t.depth,
         (c.settled_at AT TIME ZONE 'Asia/Shanghai')::date AS day,
         GREATEST(c.prize_group, max(a.prize_group) OVER (PARTITION BY c.id ORDER BY t.depth ROWS UNBOUNDED PRECEDING)) AS effective
    FROM claimed c
    JOIN customer_tree t ON t.descendant_id = c.customer_id AND t.depth > 0
    JOIN customers a ON a.id = t.ancestor_id
), differences AS (
  SELECT ancestor_id, customer_id, day, total_stake,
         effective - coalesce(lag(effective) OVER (PARTITION BY id ORDER BY depth), bet_group) AS difference
    FROM chain
), lines AS (
  INSERT INTO agent_commission_lines (run_id, agent_id, member_id, day, orders, stake, units)
  SELECT $1, ancestor_id, customer_id, day, count(*), sum(total_stake), sum(total_stake::numeric * difference)
    FROM differences GROUP BY ancestor_id, customer_id, day
  ON CONFLICT (run_id, agent_id, member_id, day) DO UPDATE
    SET orders = agent_commission_lines.orders + EXCLUDED.orders,
        stake = agent_commission_lines.stake + EXCLUDED.stake,
        units = agent_commission_lines.units + EXCLUDED.units
  RETURNING 1
)
SELECT count(*)::int AS orders, coalesce(sum(total_stake), 0)::text AS stake, (SELECT count(*)::int FROM lines) AS lines FROM claimed`;

async function claimChunk(client: pg.PoolClient, runId: number, cutoff: Date, chunkSize: number): Promise<{ orders: number }> {
  const run = await client.query<{ status: string }>('SELECT status FROM agent_commission_runs WHERE id = $1 FOR UPDATE', [runId]);
  if (run.rows[0]?.status !== 'RUNNING') return { orders: -1 };
  const claimed = await client.query<{ orders: number; stake: string }>(CLAIM_CHUNK, [runId, cutoff, chunkSize]);
  const { orders, stake } = claimed.rows[0]!;
  if (orders > 0) await client.query('UPDATE agent_commission_runs SET orders = orders + $2, stake = stake + $3 WHERE id = $1', [runId, orders, stake]);
  return { orders };
}

/**
 * Pays a RUNNING run: one COMM transfer per agent, the lines' commission fixed, the run COMPLETED,
 * all in one transaction under the run's row lock (a stop waits for it, or it sees the stop).
 */
export async function payRun(pool: pg.Pool, runId: number): Promise<CommissionBatchResult> {
  return withTransaction(pool, async (client) => {
    const run = await client.query<{ status: 'RUNNING' | 'COMPLETED' | 'STOPPED'; orders: number; transfers: number; amount: number }>(
      'SELECT status, orders, transfers, amount FROM agent_commission_runs WHERE id = $1 FOR UPDATE',
      [runId],
    );
    const row = run.rows[0];
    if (!row) throw new Error(`commission run ${runId} not found`);
    if (row.status !== 'RUNNING') {
      return { runId, status: row.status === 'COMPLETED' ? 'COMPLETED' : 'STOPPED', orders: row.orders, transfers: row.transfers, amount: Number(row.amount) };
    }
    await client.query(`UPDATE agent_commission_lines SET commission = units / ${CLASSIC} WHERE run_id = $1`, [runId]);
    const totals = await client.query<{ agent_id: number; amount: string }>(
      `SELECT agent_id, sum(commission)::text AS amount FROM agent_commission_lines WHERE run_id = $1
        GROUP BY agent_id HAVING sum(commission) > 0 ORDER BY agent_id`,
      [runId],
    );
    const agents = totals.rows.map((r) => ({ agentId: Number(r.agent_id), amount: Number(r.amount) }));
    let amount = 0;
    if (agents.length > 0) {
      const house = await systemAccountId(client, COMMISSION_ACCOUNT, 'HOUSE');
      const wallets = await playerAccountIds(client, agents.map((a) => a.agentId));
      const transfers: TransferInput[] = agents.map((a) => {
        amount += a.amount;
        return {
          idempotencyKey: `comm:${runId}:${a.agentId}`,
          type: 'COMM',
          reference: `commission-run:${runId}`,
          memo: `佣金批次 ${runId}`,
          legs: [
            { accountId: house, amount: -a.amount },
            { accountId: wallets.get(a.agentId)!, amount: a.amount },
          ],
        };
      });
      await postTransfers(client, transfers);
    }
    await client.query(
      `UPDATE agent_commission_runs SET status = 'COMPLETED', transfers = $2, amount = $3, finished_at = now() WHERE id = $1`,
      [runId, agents.length, amount],
    );
    return { runId, status: 'COMPLETED', orders: row.orders, transfers: agents.length, amount };
  });
}

/** Runs whose process died (nobody holds their advisory lock) are paid now, from `conn`'s session. */
async function recoverAbandonedRuns(pool: pg.Pool, conn: pg.PoolClient, ownRunId: number): Promise<void> {
  const running = await conn.query<{ id: number }>(`SELECT id FROM agent_commission_runs WHERE status = 'RUNNING' AND id <> $1 ORDER BY id`, [ownRunId]);
  for (const { id } of running.rows) {
    const got = await conn.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2::int) AS ok', [RUN_LOCK_SPACE, id]);
    if (!got.rows[0]!.ok) continue;
    try {
      await payRun(pool, id);
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1, $2::int)', [RUN_LOCK_SPACE, id]);
    }
  }
}

/** One commission run: claim every eligible order, then pay. Safe to run concurrently and to kill. */
export async function runCommissionBatch(pool: pg.Pool, options: CommissionBatchOptions = {}): Promise<CommissionBatchResult> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.settleLagMs ?? 60_000));
  const chunkSize = options.chunkSize ?? 2000;
  // Nothing to claim and no run to finish: no run row (an idle system's job leaves no trace).
  const work = await pool.query(
    `SELECT 1 FROM order_outcomes WHERE commission_run_id IS NULL AND status IN ('WON', 'LOST') AND settled_at <= $1
     UNION ALL SELECT 1 FROM agent_commission_runs WHERE status = 'RUNNING' LIMIT 1`,
    [cutoff],
  );
  if (work.rowCount === 0) return { runId: 0, status: 'COMPLETED', orders: 0, transfers: 0, amount: 0 };
  const conn = await pool.connect();
  let runId = 0;
  try {
    // The run's lock is taken before its row is visible, so no recovery can mistake it for a dead one.
    await conn.query('BEGIN');
    const inserted = await conn.query<{ id: number }>('INSERT INTO agent_commission_runs (cutoff) VALUES ($1) RETURNING id', [cutoff]);
    runId = Number(inserted.rows[0]!.id);
    await conn.query('SELECT pg_advisory_lock($1, $2::int)', [RUN_LOCK_SPACE, runId]);
    await conn.query('COMMIT');
    await recoverAbandonedRuns(pool, conn, runId);
    for (let chunk = 1; ; chunk++) {
      const claimed = await withTransaction(pool, (client) => claimChunk(client, runId, cutoff, chunkSize));
      if (claimed.orders <= 0) break;
      await options.afterChunk?.(chunk);
    }
    return await payRun(pool, runId);
  } finally {
    if (runId > 0) await conn.query('SELECT pg_advisory_unlock($1, $2::int)', [RUN_LOCK_SPACE, runId]).catch(() => {});
    conn.release();
  }
}

export type StopOutcome = 'STOPPED' | 'ALREADY_STOPPED' | 'COMPLETED' | 'NOT_FOUND';

/** Stops a run: it claims nothing more and pays nothing; its claimed orders stay with it (never paid twice). */
export async function stopCommissionRun(client: pg.PoolClient, runId: number, stoppedBy: string, reason: string): Promise<StopOutcome> {
  const found = await client.query<{ status: string }>('SELECT status FROM agent_commission_runs WHERE id = $1 FOR UPDATE', [runId]);
  const status = found.rows[0]?.status;
  if (status === undefined) return 'NOT_FOUND';
  if (status === 'COMPLETED') return 'COMPLETED';
  if (status === 'STOPPED') return 'ALREADY_STOPPED';
  await client.query(
    `UPDATE agent_commission_runs SET status = 'STOPPED', finished_at = now(), stopped_by = $2, stop_reason = $3 WHERE id = $1`,
    [runId, stoppedBy, reason],
  );
  return 'STOPPED';
}

/** Waits for the runs other processes have in flight to end (tests: "every settled bet is paid now"). */
export async function waitForRunsInFlight(pool: pg.Pool): Promise<void> {
  const running = await pool.query<{ id: number }>(`SELECT id FROM agent_commission_runs WHERE status = 'RUNNING' ORDER BY id`);
  if (running.rows.length === 0) return;
  const conn = await pool.connect();
  try {
    for (const { id } of running.rows) {
      await conn.query('SELECT pg_advisory_lock($1, $2::int)', [RUN_LOCK_SPACE, id]);
      await conn.query('SELECT pg_advisory_unlock($1, $2::int)', [RUN_LOCK_SPACE, id]);
    }
  } finally {
    conn.release();
  }
}
