// The betting side of an issue's life: settle its orders when drawn, refund them when cancelled.
import type pg from 'pg';
import type { EventHub } from '../events/hub.ts';
import type { NewLiveEvent } from '../events/outbox.ts';
import type { IssueLifecycle, IssueRef } from '../draws/lifecycle.ts';
import { withTransaction } from '../db/pool.ts';
import { cancelIssueOrders } from './cancel.ts';
import { resettleCorrection, unfinishedCorrections } from './resettle.ts';
import { acquireSettlementLock } from './settlement-lock.ts';
import {
  computeSettlements,
  firstPendingOrderId,
  IssueRebates,
  readPendingOrders,
  PayoutTally,
  postIssueCredits,
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
  /** Real time, to move a pass's `now` on as it runs (tests pass their own). Default Date.now. */
  clock?: () => number;
}

/** What settleIssue uses when the options leave them out (the scheduler does). */
export const SETTLEMENT_DEFAULTS = { batchSize: 5000, concurrency: 2 } as const;

interface DrawnIssue {
  id: number;
  drawType: string;
  issueNumber: string;
  salesDay: string;
  result: number[];
}

/** Settles every pending order of one drawn issue; true when none is left and the issue is SETTLED. */
export async function settleIssue(pool: pg.Pool, issueId: number, now: number, options: SettlementOptions = {}): Promise<boolean> {
  const found = await pool.query<{ state: string }>('SELECT state FROM draw_issues WHERE id = $1', [issueId]);
  const row = found.rows[0];
  if (!row || row.state !== 'DRAWN') return row?.state === 'SETTLED';
  // Most issues of most draw types have no order at all: nothing to lock, just mark them settled. An
  // issue whose orders are all written may still owe its credits (a call stopped before paying them):
  // it takes the path below, which pays what is owed and nothing twice.
  if (!(await hasOrders(pool, issueId))) return markSettled(pool, issueId, now);
  // One settleIssue per issue at a time, in any process: the lock is held by a session of its own
  // for the whole call. Another call meanwhile returns false at once (the scheduler tries again on
  // a later tick, when the issue is SETTLED or the holder is gone).
  const guard = await acquireSettlementLock(pool, issueId);
  if (!guard) return false;
  try {
    // The result is read under the lock, once: a correction confirmed from now on waits for the
    // lock before re-settling (resettle.ts), so it re-settles every order this call settles with
    // the result it read; one confirmed before is already in the row.
    const current = await pool.query<{ draw_type: string; issue_number: string; sales_day: string; result: number[]; state: string }>(
      `SELECT draw_type, issue_number, to_char(sales_day, 'YYYY-MM-DD') AS sales_day, result, state FROM draw_issues WHERE id = $1`,
      [issueId],
    );
    const locked = current.rows[0]!;
    if (locked.state !== 'DRAWN') return locked.state === 'SETTLED';
    const issue: DrawnIssue = { id: issueId, drawType: locked.draw_type, issueNumber: locked.issue_number, salesDay: locked.sales_day, result: locked.result };
    const batchSize = options.batchSize ?? SETTLEMENT_DEFAULTS.batchSize;
    const concurrency = Math.max(1, Math.floor(options.concurrency ?? SETTLEMENT_DEFAULTS.concurrency));
    // The plain losers' popups say LOST, which the issue being SETTLED makes true: they wait for it.
    const onceSettled: NewLiveEvent[] = [];
    const shares = Array.from({ length: concurrency }, (_, index) =>
      settleShare(pool, issue, now, batchSize, concurrency > 1 ? { of: concurrency, index } : undefined, guard.held, onceSettled, options),
    );
    const failed = (await Promise.allSettled(shares)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const marked = await markSettled(pool, issue.id, now);
    if (marked) await publish(pool, onceSettled, options.events);
    return marked;
  } finally {
    await guard.release();
  }
}

async function hasOrders(pool: pg.Pool, issueId: number): Promise<boolean> {
  const found = await pool.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM orders WHERE issue_id = $1) AS any', [issueId]);
  return found.rows[0]!.any;
}

/**
 * The issue becomes SETTLED, which is what makes its plain losers (rows left PENDING) LOST
 * (order_outcomes). Called under the settlement lock once every share has written its exceptions and
 * paid its credits, or for an issue without a single order.
 */
async function markSettled(pool: pg.Pool, issueId: number, now: number): Promise<boolean> {
  const marked = await pool.query(
    `WITH moved AS (
       UPDATE draw_issues SET state = 'SETTLED', settled_at = to_timestamp($2 / 1000.0)
        WHERE id = $1 AND state = 'DRAWN' RETURNING id)
     INSERT INTO draw_issue_transitions (issue_id, from_state, to_state, at)
     SELECT id, 'DRAWN', 'SETTLED', to_timestamp($2 / 1000.0) FROM moved`,
    [issueId, now],
  );
  return (marked.rowCount ?? 0) > 0;
}

/**
 * Settles one share of an issue's pending orders, batch after batch, each in its own transaction, in
 * one pass up the ids (a plain loser stays PENDING, so the cursor, not the status, says what is
 * done), then pays the share's wins and rebates. Settlement is by exception: only the orders that are
 * not a plain loss are written. The written orders' popups go out once their money is paid, with
 * the players' new balances.
 */
async function settleShare(
  pool: pg.Pool,
  issue: DrawnIssue,
  now: number,
  batchSize: number,
  share: SettlementShare | undefined,
  held: (client: pg.PoolClient) => Promise<boolean>,
  onceSettled: NewLiveEvent[],
  options: SettlementOptions,
): Promise<void> {
  const tally = new PayoutTally(held);
  const rebates = new IssueRebates();
  const first = await firstPendingOrderId(pool, issue.id, share);
  let afterId = first === null ? null : first - 1;
  while (afterId !== null) {
    const from = afterId;
    let batch: { lastId: number } | null;
    try {
      batch = await withTransaction(pool, async (client) => {
        // The planner's row estimates for the batch's CTEs are far too high (joins of unnest()s), so
        // their cost crosses jit_above_cost: JIT compilation then took ~50 ms of a ~250 ms batch of
        // 5,000 orders, and a whole second (inlining, optimisation) at 10,000.
        await client.query('SET LOCAL jit = off');
        const orders = await readPendingOrders(client, issue, batchSize, from, share);
        if (orders.length === 0) return null;
        const settled = computeSettlements(orders, issue.result, issue.issueNumber, issue.salesDay);
        await writeSettlements(client, settled, {
          issueId: issue.id,
          result: issue.result,
          now,
          jackpot: options.jackpot,
          tally,
          rebates,
          onceSettled,
          // Without a hub nobody reads the events: not built.
          events: options.events !== undefined,
        });
        return { lastId: orders[orders.length - 1]!.id };
      });
    } catch (error) {
      tally.discard();
      throw error;
    }
    tally.commit();
    if (batch === null) break;
    afterId = batch.lastId;
  }
  const { credited, popups } = await postIssueCredits(pool, issue, share, rebates, held);
  if (options.events) await publishWithBalances(pool, popups, credited, options.events);
}

async function publish(pool: pg.Pool, events: NewLiveEvent[], hub: EventHub | undefined): Promise<void> {
  if (!hub || events.length === 0) return;
  await hub.publish(events);
}

/** Events per publish (one outbox statement each) when a share's popups go out. */
const PUBLISH_CHUNK = 5000;

/** `events` with the new balances of their players, then the balances of the other players `credited`. */
async function publishWithBalances(pool: pg.Pool, events: NewLiveEvent[], credited: readonly number[], hub: EventHub): Promise<void> {
  const told = new Set<number>();
  for (let i = 0; i < events.length; i += PUBLISH_CHUNK) {
    const chunk = events.slice(i, i + PUBLISH_CHUNK);
    const customers = [...new Set(chunk.map((e) => e.customerId).filter((c): c is number => c !== null && !told.has(c)))];
    customers.forEach((c) => told.add(c));
    await hub.publish([...chunk, ...(await balanceEvents(pool, customers))]);
  }
  const rest = credited.filter((c) => !told.has(c));
  if (rest.length > 0) await hub.publish(await balanceEvents(pool, rest));
}

async function balanceEvents(pool: pg.Pool, customers: readonly number[]): Promise<NewLiveEvent[]> {
  // Every balance in one query (what playerBalance reads, per customer; 0 without a wallet).
  const found = await pool.query<{ customer_id: number; balance: number }>(
    `SELECT customer_id, balance FROM ledger_accounts WHERE customer_id = ANY($1::bigint[]) AND kind = 'PLAYER_MAIN'`,
    [customers],
  );
  const byCustomer = new Map(found.rows.map((r) => [r.customer_id, r.balance]));
  return customers.map((customerId) => ({ customerId, type: 'balance', payload: { balance: byCustomer.get(customerId) ?? 0 } }));
}

/**
 * Re-settlements that did not finish (the process stopped between confirming a correction and
 * re-settling it, or during it) are resumed by the scheduler, without waiting for a busy issue.
 */
async function resumeResettlements(pool: pg.Pool, options: SettlementOptions): Promise<void> {
  try {
    for (const id of await unfinishedCorrections(pool)) await resettleCorrection(pool, id, { events: options.events, wait: false });
  } catch (error) {
    options.onError?.(error);
  }
}

export function ordersLifecycle(options: SettlementOptions = {}): IssueLifecycle {
  return {
    async settleDrawn(pool, issues: readonly IssueRef[], now) {
      await resumeResettlements(pool, options);
      const settled: number[] = [];
      const clock = options.clock ?? Date.now;
      const began = clock();
      for (const issue of issues) {
        try {
          // A pass over a backlog can run for many minutes: each issue is stamped with the time its
          // settlement starts, not the pass's, since the jobs counting settled orders by time (ranking,
          // required stake) stay only SETTLEMENT_LAG_MS behind the stamps.
          if (await settleIssue(pool, issue.id, now + (clock() - began), options)) settled.push(issue.id);
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
