// The weekly ranking's running totals (docs/campaigns/ranking-and-vip.md): settled own-game orders
// after the cursor are added to weekly_ranking_totals (week, customer) in one statement per batch, and
// the cursor moves in the same transaction, so a crash or a second run never counts an order twice.
// `orders.settled_at` is stamped when the settling transaction starts, so the cursor stays
// SETTLEMENT_LAG_MS behind now (as the required stake does): a settlement still in flight is never
// passed by.
import type pg from 'pg';
import { withTransaction } from '../db/pool.ts';
import { SETTLEMENT_LAG_MS } from '../wallet/required-stake.ts';

/** At most this much settlement time per batch (one statement, one transaction). */
export const BATCH_SPAN_MS = 6 * 3_600_000;

/** Counts one batch; returns false when the cursor has caught up. */
export async function accumulateBatch(pool: pg.Pool, now = new Date()): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    const cursor = await client.query<{ counted_until: Date }>('SELECT counted_until FROM weekly_ranking_cursor WHERE id = 1 FOR UPDATE');
    const from = cursor.rows[0]!.counted_until;
    const limit = now.getTime() - SETTLEMENT_LAG_MS;
    if (limit <= from.getTime()) return false;
    const to = new Date(Math.min(limit, from.getTime() + BATCH_SPAN_MS));
    await client.query(
      `INSERT INTO weekly_ranking_totals AS t (week, customer_id, net_win, stake, payout, orders, last_settled_at)
       SELECT date_trunc('week', o.settled_at AT TIME ZONE 'Asia/Shanghai')::date, o.customer_id,
              sum(o.payout - o.total_stake), sum(o.total_stake), sum(o.payout), count(*), max(o.settled_at)
         FROM order_outcomes o JOIN customers c ON c.id = o.customer_id
        WHERE o.status IN ('WON', 'LOST') AND o.settled_at > $1 AND o.settled_at <= $2 AND c.test_mode IS NULL
        GROUP BY 1, 2
       ON CONFLICT (week, customer_id) DO UPDATE SET
         net_win = t.net_win + EXCLUDED.net_win, stake = t.stake + EXCLUDED.stake, payout = t.payout + EXCLUDED.payout,
         orders = t.orders + EXCLUDED.orders, last_settled_at = greatest(t.last_settled_at, EXCLUDED.last_settled_at)`,
      [from, to],
    );
    await client.query('UPDATE weekly_ranking_cursor SET counted_until = $1 WHERE id = 1', [to]);
    return to.getTime() < limit;
  });
}

/** Counts until caught up. */
export async function accumulateRanking(pool: pg.Pool, now = new Date()): Promise<void> {
  while (await accumulateBatch(pool, now));
}
