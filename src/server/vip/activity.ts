// A period's VIP figures per customer: turnover (settled own-game stake and third-party valid stake,
// as the required stake counts them) and credited deposits.
import type { Queryable } from '../db/pool.ts';

/** A CTE `activity(customer_id, turnover, deposits)` over [$from, $to) — parameters at the given positions. */
export function activityCte(from: string, to: string): string {
  return `activity AS (
    SELECT customer_id, sum(stake)::bigint AS turnover, sum(dep)::bigint AS deposits FROM (
      SELECT customer_id, total_stake AS stake, 0::bigint AS dep FROM order_outcomes
       WHERE status IN ('WON', 'LOST') AND settled_at >= ${from} AND settled_at < ${to}
      UNION ALL
      SELECT customer_id, valid_stake, 0 FROM provider_bet_records
       WHERE status = 'SETTLED' AND settled_seen_at >= ${from} AND settled_seen_at < ${to}
      UNION ALL
      SELECT customer_id, 0, credited_amount FROM deposits
       WHERE credited_at >= ${from} AND credited_at < ${to} AND credited_amount IS NOT NULL
    ) figures GROUP BY customer_id)`;
}

export async function customerActivity(db: Queryable, customerId: number, from: Date, to: Date): Promise<{ turnover: number; deposits: number }> {
  const found = await db.query<{ turnover: number; deposits: number }>(
    `WITH ${activityCte('$2', '$3')} SELECT turnover, deposits FROM activity WHERE customer_id = $1`,
    [customerId, from, to],
  );
  return found.rows[0] ?? { turnover: 0, deposits: 0 };
}
