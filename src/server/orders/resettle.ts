// Re-settlement of an issue whose official result was corrected (docs/betting.md#re-settlement).
// Every settled order of the issue (order_outcomes: plain losers too) is settled again by the engine
// against the issue's current result; what changed is recorded per order (order_resettlements) and the difference in money is
// posted as new, append-only RES transfers keyed `resettle:<correctionId>:<orderId>`: old transfers
// are never edited. It runs under the issue's settlement lock, so it never interleaves with
// settleIssue: a correction confirmed while the issue is being settled waits, then re-settles what
// that settlement paid with the result it had read (settle, then re-settle).
import type pg from 'pg';
import { withTransaction } from '../db/pool.ts';
import type { EventHub } from '../events/hub.ts';
import { appendEvents, type NewLiveEvent } from '../events/outbox.ts';
import { postTransfers, systemAccountId, type TransferInput } from '../wallet/ledger.ts';
import { lockSettlementAccounts } from './settle-write.ts';
import { capIssuePayouts, computeSettlements, type PendingOrder, type SettledOrder } from './settlement.ts';
import { acquireSettlementLock } from './settlement-lock.ts';

/**
 * What players owed back after a correction but no longer had: the house's claim on them, kept in
 * the ledger (this account's balance is minus the total uncollected) and per order in
 * order_resettlements.uncollected, for operators to pursue or write off.
 */
export const UNCOLLECTED_ACCOUNT = 'house:uncollected-corrections';

/** Orders per transaction (whole players: a player's orders of the issue are capped together). */
const BATCH_ORDERS = 2000;

export interface ResettlementSummary {
  correctionId: number;
  ordersChanged: number;
  credited: number;
  debited: number;
  collected: number;
  uncollected: number;
}

export interface ResettleOptions {
  events?: EventHub;
  /** false: give up (null) when the issue's settlement lock is held, instead of waiting for it. */
  wait?: boolean;
}

type Status = 'WON' | 'LOST';

interface StoredBetState {
  outcome: 'WIN' | 'LOSE' | 'PUSH';
  payout: number;
  rebate: number;
}

interface SettledOrderRow {
  order: PendingOrder;
  status: Status;
  /** What the row holds: PENDING for a plain loser (LOST through its settled issue, order_outcomes). */
  storedStatus: string;
  payout: number;
  rebate: number;
  bets: StoredBetState[];
}

/**
 * Re-settles one correction. Idempotent: a finished correction returns its summary and changes
 * nothing; one interrupted half-way continues (orders already brought to the corrected result show
 * no difference any more). Null when `wait` is false and the issue's lock is busy, or while the issue's
 * own settlement is unfinished (DRAWN): the scheduler tries again (unfinishedCorrections).
 */
export async function resettleCorrection(pool: pg.Pool, correctionId: number, options: ResettleOptions = {}): Promise<ResettlementSummary | null> {
  const found = await pool.query<{ issue_id: number }>('SELECT issue_id FROM result_corrections WHERE id = $1', [correctionId]);
  const issueId = found.rows[0]?.issue_id;
  if (issueId === undefined) throw new Error(`unknown result correction ${correctionId}`);
  const done = await finishedSummary(pool, correctionId);
  if (done) return done;
  const lock = await acquireSettlementLock(pool, issueId, options.wait ?? true);
  if (!lock) return null;
  try {
    // Another re-settlement of it may have finished while this one waited for the lock.
    const finished = await finishedSummary(pool, correctionId);
    if (finished) return finished;
    const issue = await pool.query<{ issue_number: string; sales_day: string; result: number[]; state: string }>(
      `SELECT issue_number, to_char(sales_day, 'YYYY-MM-DD') AS sales_day, result, state FROM draw_issues WHERE id = $1`,
      [issueId],
    );
    const { issue_number: issueNumber, sales_day: salesDay, result, state } = issue.rows[0]!;
    // A settlement that stopped half-way (the issue still DRAWN) may have written orders whose money is
    // not paid yet: their credits are paid from the rows when settleIssue resumes. A difference posted
    // now would be a difference from money never paid. So wait: settleIssue finishes (with the corrected
    // result for what it has not written yet), and the scheduler's next pass re-settles the rest.
    if (state === 'DRAWN') return null;
    await systemAccountId(pool, UNCOLLECTED_ACCOUNT, 'HOUSE');
    for (const customers of await playerBatches(pool, issueId)) {
      const balances = await withTransaction(pool, async (client) => {
        if (!(await lock.held(client))) throw new Error(`settlement lock of issue ${issueId} lost; re-settlement abandoned`);
        const orders = await readSettledOrders(client, issueId, customers);
        return resettleBatch(client, correctionId, orders, result, issueNumber, salesDay);
      });
      await publishBalances(pool, balances, options.events);
    }
    return await finish(pool, correctionId);
  } finally {
    await lock.release();
  }
}

async function finishedSummary(db: pg.Pool | pg.PoolClient, correctionId: number): Promise<ResettlementSummary | null> {
  const found = await db.query<{ orders_changed: number; credited: number; debited: number; collected: number; uncollected: number }>(
    `SELECT s.orders_changed, s.credited, s.debited, s.collected, s.uncollected
       FROM result_corrections c JOIN correction_resettlements s ON s.correction_id = c.id
      WHERE c.id = $1 AND c.resettled_at IS NOT NULL`,
    [correctionId],
  );
  const row = found.rows[0];
  if (!row) return null;
  return { correctionId, ordersChanged: row.orders_changed, credited: row.credited, debited: row.debited, collected: row.collected, uncollected: row.uncollected };
}

/** Totals recorded and the correction marked re-settled, together. */
async function finish(pool: pg.Pool, correctionId: number): Promise<ResettlementSummary> {
  await withTransaction(pool, async (client) => {
    await client.query(
      `INSERT INTO correction_resettlements (correction_id, orders_changed, credited, debited, collected, uncollected)
       SELECT $1, count(*)::int, coalesce(sum(amount) FILTER (WHERE amount > 0), 0), coalesce(-sum(amount) FILTER (WHERE amount < 0), 0),
              coalesce(sum(collected), 0), coalesce(sum(uncollected), 0)
         FROM order_resettlements WHERE correction_id = $1
       ON CONFLICT (correction_id) DO NOTHING`,
      [correctionId],
    );
    await client.query('UPDATE result_corrections SET resettled_at = now() WHERE id = $1 AND resettled_at IS NULL', [correctionId]);
  });
  return (await finishedSummary(pool, correctionId))!;
}

/** The players with settled orders on the issue, in groups of about BATCH_ORDERS orders. */
async function playerBatches(pool: pg.Pool, issueId: number): Promise<number[][]> {
  const found = await pool.query<{ customer_id: number; n: number }>(
    `SELECT customer_id, count(*)::int AS n FROM order_outcomes WHERE issue_id = $1 AND status IN ('WON', 'LOST')
      GROUP BY customer_id ORDER BY customer_id`,
    [issueId],
  );
  const batches: number[][] = [];
  let current: number[] = [];
  let size = 0;
  for (const row of found.rows) {
    if (current.length > 0 && size + row.n > BATCH_ORDERS) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(row.customer_id);
    size += row.n;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

async function readSettledOrders(client: pg.PoolClient, issueId: number, customers: readonly number[]): Promise<SettledOrderRow[]> {
  const found = await client.query<{
    id: number; customer_id: number; draw_type: string; play_mode: 'REGULAR' | 'BOARD'; issue_number: string; total_stake: number;
    is_autobet: boolean; created_at: Date; status: Status; stored_status: string; order_payout: number; order_rebate: number; bet_id: number | null; code: string;
    selection: unknown; mode: string | null; multiplier: number | null; prize_group: number | null; bet_count: number; stake: number; rebate: number;
    payout: number; outcome: 'WIN' | 'LOSE' | 'PUSH' | null;
  }>(
    `SELECT o.id, o.customer_id, o.draw_type, o.play_mode, o.issue_number, o.total_stake, o.is_autobet, o.created_at, o.status,
            o.stored_status, o.payout AS order_payout, o.rebate AS order_rebate,
            b.id AS bet_id, b.code, b.selection, b.mode, b.multiplier, b.prize_group, b.bet_count, b.stake, b.rebate, b.payout, b.outcome
       FROM order_outcomes o LEFT JOIN LATERAL (SELECT * FROM order_bets WHERE order_id = o.id ORDER BY seq) AS b ON true
      WHERE o.issue_id = $1 AND o.customer_id = ANY($2::bigint[]) AND o.status IN ('WON', 'LOST')
      ORDER BY o.id, b.seq`,
    [issueId, customers],
  );
  const orders: SettledOrderRow[] = [];
  let current: SettledOrderRow | undefined;
  for (const r of found.rows) {
    if (current?.order.id !== r.id) {
      current = {
        order: {
          id: r.id, customerId: r.customer_id, drawType: r.draw_type, playMode: r.play_mode, issueNumber: r.issue_number,
          totalStake: r.total_stake, isAutobet: r.is_autobet, placedAt: r.created_at.getTime(), bets: [],
        },
        status: r.status,
        storedStatus: r.stored_status,
        payout: r.order_payout,
        rebate: r.order_rebate,
        bets: [],
      };
      orders.push(current);
    }
    if (r.bet_id === null) continue;
    current.order.bets.push({ id: r.bet_id, code: r.code, selection: r.selection, mode: r.mode, multiplier: r.multiplier, prizeGroup: r.prize_group, betCount: r.bet_count, stake: r.stake, rebate: r.rebate });
    // A settled bet with outcome NULL is one that simply lost (settlement leaves its row as placed).
    current.bets.push({ outcome: r.outcome ?? 'LOSE', payout: r.payout, rebate: r.rebate });
  }
  return orders;
}

interface OrderChange {
  before: SettledOrderRow;
  after: SettledOrder;
  /** (payout + rebate) after − before: positive is credited, negative owed back. */
  amount: number;
  collected: number;
  uncollected: number;
}

/**
 * One batch of whole players, in the caller's transaction: recompute, update the orders (guarded by
 * the values just read) and their changed bets, post the differences, record each change. Returns
 * the players whose balance moved.
 */
async function resettleBatch(
  client: pg.PoolClient,
  correctionId: number,
  rows: readonly SettledOrderRow[],
  result: readonly number[],
  issueNumber: string,
  salesDay: string,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const settled = computeSettlements(rows.map((r) => r.order), result, issueNumber, salesDay);
  // The batch holds every settled order of its players, in id order: the issue cap counts from zero.
  capIssuePayouts(settled, new Map());
  const changes: OrderChange[] = [];
  const betWrites: { id: number; outcome: string; payout: number; rebate: number; detail: string }[] = [];
  settled.forEach((after, i) => {
    const before = rows[i]!;
    let betsChanged = false;
    after.bets.forEach((bet, j) => {
      const was = before.bets[j]!;
      const now = bet.settlement;
      if (now.outcome === was.outcome && now.payout === was.payout && now.rebate === was.rebate) return;
      betsChanged = true;
      betWrites.push({ id: bet.id, outcome: now.outcome, payout: now.payout, rebate: now.rebate, detail: JSON.stringify(now.detail ?? null) });
    });
    if (!betsChanged && after.status === before.status && after.payout === before.payout && after.rebate === before.rebate) return;
    changes.push({ before, after, amount: after.payout + after.rebate - (before.payout + before.rebate), collected: 0, uncollected: 0 });
  });
  if (changes.length === 0) return [];

  const updated = await client.query(
    `UPDATE orders o SET status = x.status, payout = x.payout, rebate = x.rebate, refund = x.refund, result = $8::int[],
            settled_at = coalesce(o.settled_at, (SELECT i.settled_at FROM draw_issues i WHERE i.id = o.issue_id))
       FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::bigint[], $7::bigint[], $9::bigint[])
            AS x(id, status, payout, rebate, was_status, was_payout, was_rebate, refund)
      WHERE o.id = x.id AND o.status = x.was_status AND o.payout = x.was_payout
        -- A plain loser's row holds no rebate: its rebate was paid in its player's transfer for the issue.
        AND (x.was_status = 'PENDING' OR o.rebate = x.was_rebate)`,
    [
      changes.map((c) => c.after.order.id),
      changes.map((c) => c.after.status),
      changes.map((c) => c.after.payout),
      changes.map((c) => c.after.rebate),
      changes.map((c) => c.before.storedStatus),
      changes.map((c) => c.before.payout),
      changes.map((c) => c.before.rebate),
      result,
      changes.map((c) => c.after.refund),
    ],
  );
  if (updated.rowCount !== changes.length) throw new Error('orders changed during re-settlement; batch abandoned');
  if (betWrites.length > 0) {
    await client.query(
      `UPDATE order_bets b SET outcome = x.outcome, payout = x.payout, rebate = x.rebate, detail = x.detail::jsonb
         FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::text[]) AS x(id, outcome, payout, rebate, detail)
        WHERE b.id = x.id`,
      [betWrites.map((b) => b.id), betWrites.map((b) => b.outcome), betWrites.map((b) => b.payout), betWrites.map((b) => b.rebate), betWrites.map((b) => b.detail)],
    );
  }

  const moving = changes.filter((c) => c.amount !== 0);
  const transferIds = new Map<number, number>();
  if (moving.length > 0) {
    const accounts = await lockSettlementAccounts(client, moving.map((c) => c.after.order.customerId), [UNCOLLECTED_ACCOUNT]);
    const uncollectedAccount = accounts.system.get(UNCOLLECTED_ACCOUNT)!;
    // A player's credits first, then the debits, so that what a correction gives on one order pays
    // what it takes back on another; a debit takes what the wallet holds, never more.
    const ordered = [...moving].sort((a, b) => Number(a.amount < 0) - Number(b.amount < 0) || a.after.order.id - b.after.order.id);
    const transfers: TransferInput[] = [];
    for (const change of ordered) {
      const customer = change.after.order.customerId;
      const player = accounts.player.get(customer)!;
      const house = accounts.house.get(customer)!;
      const balance = accounts.balance.get(player)!;
      const key = `resettle:${correctionId}:${change.after.order.id}`;
      const common = { idempotencyKey: key, type: 'RES' as const, reference: `order:${change.after.order.id}`, memo: `开奖结果更正 #${correctionId}` };
      if (change.amount > 0) {
        accounts.balance.set(player, balance + change.amount);
        transfers.push({ ...common, legs: [{ accountId: house, amount: -change.amount }, { accountId: player, amount: change.amount }] });
        continue;
      }
      const owed = -change.amount;
      change.collected = Math.min(owed, balance);
      change.uncollected = owed - change.collected;
      accounts.balance.set(player, balance - change.collected);
      const legs = [{ accountId: house, amount: owed }];
      if (change.collected > 0) legs.unshift({ accountId: player, amount: -change.collected });
      if (change.uncollected > 0) legs.push({ accountId: uncollectedAccount, amount: -change.uncollected });
      transfers.push({ ...common, legs });
    }
    const posted = await postTransfers(client, transfers);
    ordered.forEach((change, i) => transferIds.set(change.after.order.id, posted[i]!.transferId));
  }

  await client.query(
    `INSERT INTO order_resettlements (correction_id, order_id, customer_id, previous_status, status, previous_payout, payout,
                                      previous_rebate, rebate, amount, collected, uncollected, transfer_id)
     SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[], $9::bigint[],
                              $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[])`,
    [
      correctionId,
      changes.map((c) => c.after.order.id),
      changes.map((c) => c.after.order.customerId),
      changes.map((c) => c.before.status),
      changes.map((c) => c.after.status),
      changes.map((c) => c.before.payout),
      changes.map((c) => c.after.payout),
      changes.map((c) => c.before.rebate),
      changes.map((c) => c.after.rebate),
      changes.map((c) => c.amount),
      changes.map((c) => c.collected),
      changes.map((c) => c.uncollected),
      changes.map((c) => transferIds.get(c.after.order.id) ?? null),
    ],
  );
  return [...new Set(moving.map((c) => c.after.order.customerId))];
}

/** After the batch has committed: each moved player's balance (through the hub, else the outbox). */
async function publishBalances(pool: pg.Pool, customers: readonly number[], hub: EventHub | undefined): Promise<void> {
  if (customers.length === 0) return;
  const found = await pool.query<{ customer_id: number; balance: number }>(
    `SELECT customer_id, balance FROM ledger_accounts WHERE customer_id = ANY($1::bigint[]) AND kind = 'PLAYER_MAIN'`,
    [customers],
  );
  const events: NewLiveEvent[] = found.rows.map((r) => ({ customerId: r.customer_id, type: 'balance', payload: { balance: r.balance } }));
  if (hub) await hub.publish(events);
  else await appendEvents(pool, events);
}

/** Corrections whose re-settlement has not finished (interrupted, or never started), oldest first. */
export async function unfinishedCorrections(pool: pg.Pool, limit = 10): Promise<number[]> {
  const found = await pool.query<{ id: number }>('SELECT id FROM result_corrections WHERE resettled_at IS NULL ORDER BY id LIMIT $1', [limit]);
  return found.rows.map((r) => r.id);
}

/** The betting side's re-settlement, for an approved manual-result correction (backoffice/draws/manual-result-approval.ts). */
export function ordersResettler(options: { events?: EventHub } = {}): { resettle(pool: pg.Pool, correctionId: number): Promise<void> } {
  return {
    async resettle(pool, correctionId) {
      await resettleCorrection(pool, correctionId, { events: options.events, wait: true });
    },
  };
}
