// The betting side of an issue's life: settle its orders when drawn, refund them when cancelled.
import type pg from 'pg';
import type { EventHub } from '../events/hub.ts';
import type { NewLiveEvent } from '../events/outbox.ts';
import type { IssueLifecycle, IssueRef } from '../draws/lifecycle.ts';
import { withTransaction } from '../db/pool.ts';
import { cancelIssueOrders } from './cancel.ts';
import {
  computeSettlements,
  firstPendingOrderId,
  readPendingOrders,
  PayoutTally,
  writeSettlements,
  type JackpotHook,
  type SettlementShare,
} from './settlement.ts';

export interface SettlementOptions {
  batchSize?: number;
  /**
   * Settlers working on one issue at once (default 2), each in its own transactions on its own share
   * of the players (customer_id mod n), so that they never wait for each other's locks: players,
   * their payout caps and their house shards (customer_id mod 16) are disjoint when n divides 16. A
   * player's orders are still settled in id order by one settler, as with a single one.
   */
  concurrency?: number;
  events?: EventHub;
  jackpot?: JackpotHook;
  onError?: (error: unknown) => void;
}

/** What settleIssue uses when the options leave them out (the scheduler does). */
export const SETTLEMENT_DEFAULTS = { batchSize: 5000, concurrency: 2 } as const;

interface DrawnIssue {
  id: number;
  issueNumber: string;
  salesDay: string;
  result: number[];
}

/** Settles every pending order of one drawn issue; true when none is left and the issue is SETTLED. */
export async function settleIssue(pool: pg.Pool, issueId: number, now: number, options: SettlementOptions = {}): Promise<boolean> {
  const found = await pool.query<{ id: number; issue_number: string; sales_day: string; result: number[]; state: string }>(
    `SELECT id, issue_number, to_char(sales_day, 'YYYY-MM-DD') AS sales_day, result, state FROM draw_issues WHERE id = $1`,
    [issueId],
  );
  const row = found.rows[0];
  if (!row || row.state !== 'DRAWN') return row?.state === 'SETTLED';
  const issue: DrawnIssue = { id: row.id, issueNumber: row.issue_number, salesDay: row.sales_day, result: row.result };
  // Most issues of most draw types have no order at all: nothing to lock, just mark them settled.
  if ((await firstPendingOrderId(pool, issue.id)) === null) return markSettled(pool, issue.id, now);
  // One settleIssue per issue at a time, in any process: the lock is held by a session of its own
  // for the whole call. Another call meanwhile returns false at once (the scheduler tries again on
  // a later tick, when the issue is SETTLED or the holder is gone).
  const guard = await acquireSettlementLock(pool, issue.id);
  if (!guard) return false;
  try {
    const batchSize = options.batchSize ?? SETTLEMENT_DEFAULTS.batchSize;
    const concurrency = Math.max(1, Math.floor(options.concurrency ?? SETTLEMENT_DEFAULTS.concurrency));
    const shares = Array.from({ length: concurrency }, (_, index) =>
      settleShare(pool, issue, now, batchSize, concurrency > 1 ? { of: concurrency, index } : undefined, new PayoutTally(guard.held), options),
    );
    const failed = (await Promise.allSettled(shares)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    return await markSettled(pool, issue.id, now);
  } finally {
    await guard.release();
  }
}

/** Settled only when no order is pending, not even one another settler still holds. */
async function markSettled(pool: pg.Pool, issueId: number, now: number): Promise<boolean> {
  const marked = await pool.query(
    `WITH moved AS (
       UPDATE draw_issues SET state = 'SETTLED', settled_at = to_timestamp($2 / 1000.0)
        WHERE id = $1 AND state = 'DRAWN'
          AND NOT EXISTS (SELECT 1 FROM orders WHERE issue_id = $1 AND status = 'PENDING') RETURNING id)
     INSERT INTO draw_issue_transitions (issue_id, from_state, to_state, at)
     SELECT id, 'DRAWN', 'SETTLED', to_timestamp($2 / 1000.0) FROM moved`,
    [issueId, now],
  );
  return (marked.rowCount ?? 0) > 0;
}

/** Advisory lock class of settlement (the migration lock is 7_412_001, the outbox's 7_412_002). */
const SETTLEMENT_LOCK = 7_412_003;

interface SettlementLock {
  /** True while the lock is still held (checked inside a batch's transaction). */
  held(client: pg.PoolClient): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * The issue's settlement lock: a session-level advisory lock on a pooled connection kept for the
 * call (a single 64-bit key, apart from the (issue, player) pairs of the payout caps). Null when
 * another session holds it. A connection lost meanwhile loses the lock; `held` then says so.
 */
async function acquireSettlementLock(pool: pg.Pool, issueId: number): Promise<SettlementLock | null> {
  const low = issueId % 4_294_967_296;
  const key = ((BigInt(SETTLEMENT_LOCK) << 32n) | BigInt(low)).toString();
  const client = await pool.connect();
  // The connection sits idle, checked out, for the whole call: a lost connection must not be an
  // unhandled 'error' event (the lock is gone with it; `held` reports that).
  let lost: Error | null = null;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on('error', onError);
  let locked = false;
  try {
    const got = await client.query<{ locked: boolean; pid: number }>('SELECT pg_try_advisory_lock($1::bigint) AS locked, pg_backend_pid() AS pid', [key]);
    locked = got.rows[0]!.locked;
    if (!locked) {
      client.off('error', onError);
      client.release();
      return null;
    }
    const pid = got.rows[0]!.pid;
    return {
      async held(db) {
        if (lost) return false;
        // pg_locks, not pg_stat_activity: a backend that is exiting releases its locks before it
        // leaves pg_stat_activity, so only pg_locks says that the lock is held at this moment.
        const found = await db.query<{ held: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = $1::oid AND objid = $2::oid
                           AND objsubid = 1 AND pid = $3 AND granted) AS held`,
          [SETTLEMENT_LOCK, low, pid],
        );
        return found.rows[0]!.held;
      },
      async release() {
        try {
          if (lost) throw lost;
          await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
          client.off('error', onError);
          client.release();
        } catch (error) {
          client.off('error', onError);
          client.release(error instanceof Error ? error : true);
        }
      },
    };
  } catch (error) {
    client.off('error', onError);
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}

/** Settles one share of an issue's pending orders, batch after batch, each in its own transaction. */
async function settleShare(
  pool: pg.Pool,
  issue: DrawnIssue,
  now: number,
  batchSize: number,
  share: SettlementShare | undefined,
  tally: PayoutTally,
  options: SettlementOptions,
): Promise<void> {
  // Batches go up the ids from a cursor that starts at the first pending order. Rows skipped because
  // another settler held them may still be pending if that settler failed: once the cursor runs dry,
  // it starts again from the first order still pending, and only nothing pending ends the loop.
  const start = async () => {
    const first = await firstPendingOrderId(pool, issue.id, share);
    return first === null ? null : first - 1;
  };
  let afterId = await start();
  while (afterId !== null) {
    const from = afterId;
    let batch: { events: NewLiveEvent[]; lastId: number } | null;
    try {
      batch = await withTransaction(pool, async (client) => {
        // The planner's row estimates for the batch's CTEs are far too high (joins of unnest()s), so
        // their cost crosses jit_above_cost: JIT compilation then took ~50 ms of a ~250 ms batch of
        // 5,000 orders, and a whole second (inlining, optimisation) at 10,000.
        await client.query('SET LOCAL jit = off');
        const orders = await readPendingOrders(client, issue.id, batchSize, from, share);
        if (orders.length === 0) return null;
        const settled = computeSettlements(orders, issue.result, issue.issueNumber, issue.salesDay);
        const events = await writeSettlements(client, settled, {
          issueId: issue.id,
          result: issue.result,
          now,
          jackpot: options.jackpot,
          tally,
          // Without a hub nobody reads the events: not built.
          events: options.events !== undefined,
        });
        return { events, lastId: orders[orders.length - 1]!.id };
      });
    } catch (error) {
      tally.discard();
      throw error;
    }
    tally.commit();
    if (batch === null) {
      afterId = await start();
      // Nothing pending, or nothing pending that this pass did not cover (what is left is held by
      // another settler): done, as when a pass from the first pending order finds nothing to lock.
      if (afterId === null || afterId >= from) return;
      continue;
    }
    afterId = batch.lastId;
    await publish(pool, batch.events, options.events);
  }
}

async function publish(pool: pg.Pool, events: NewLiveEvent[], hub: EventHub | undefined): Promise<void> {
  if (!hub || events.length === 0) return;
  const customers = [...new Set(events.map((e) => e.customerId).filter((c): c is number => c !== null))];
  // Every balance in one query (what playerBalance reads, per customer; 0 without a wallet).
  const found = await pool.query<{ customer_id: number; balance: number }>(
    `SELECT customer_id, balance FROM ledger_accounts WHERE customer_id = ANY($1::bigint[]) AND kind = 'PLAYER_MAIN'`,
    [customers],
  );
  const byCustomer = new Map(found.rows.map((r) => [r.customer_id, r.balance]));
  const balances: NewLiveEvent[] = customers.map((customerId) => ({ customerId, type: 'balance', payload: { balance: byCustomer.get(customerId) ?? 0 } }));
  await hub.publish([...events, ...balances]);
}

export function ordersLifecycle(options: SettlementOptions = {}): IssueLifecycle {
  return {
    async settleDrawn(pool, issues: readonly IssueRef[], now) {
      const settled: number[] = [];
      for (const issue of issues) {
        try {
          if (await settleIssue(pool, issue.id, now, options)) settled.push(issue.id);
        } catch (error) {
          options.onError?.(error);
        }
      }
      return settled;
    },
    async afterCancel(pool, issues, now) {
      const events = await cancelIssueOrders(pool, issues.map((i) => i.id), now);
      if (options.events && events.length > 0) await options.events.publish(events);
    },
  };
}
