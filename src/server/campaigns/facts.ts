// The facts a rule needs about one customer, read from the deposits, orders, logins and grants.
import type { Money } from '../../shared/money.ts';
import type { Queryable } from '../db/pool.ts';
import type { CreditedDeposit } from './rules/deposit-rules.ts';

export async function creditedDeposits(db: Queryable, customerId: number, until: Date): Promise<CreditedDeposit[]> {
  const found = await db.query<{ id: number; reference: string; credited_amount: number; credited_at: Date }>(
    `SELECT id, reference, credited_amount, credited_at FROM deposits
      WHERE customer_id = $1 AND credited_at IS NOT NULL AND credited_at < $2 AND credited_amount > 0
      ORDER BY credited_at, id LIMIT 5000`,
    [customerId, until],
  );
  return found.rows.map((r) => ({ id: r.id, reference: r.reference, amount: Number(r.credited_amount), creditedAt: r.credited_at }));
}

/** Settled (WON or LOST) orders in [start, end): their count, stake and payout; optionally on some draw types only. */
export async function settledBets(
  db: Queryable,
  customerId: number,
  start: Date,
  end: Date,
  drawTypes: readonly string[] | null = null,
): Promise<{ orders: number; stake: Money; payout: Money }> {
  const found = await db.query<{ orders: number; stake: string; payout: string }>(
    `SELECT count(*)::int AS orders, coalesce(sum(total_stake), 0)::bigint AS stake, coalesce(sum(payout), 0)::bigint AS payout
       FROM order_outcomes WHERE customer_id = $1 AND status IN ('WON', 'LOST') AND settled_at >= $2 AND settled_at < $3
        AND ($4::text[] IS NULL OR draw_type = ANY($4::text[]))`,
    [customerId, start, end, drawTypes],
  );
  const row = found.rows[0]!;
  return { orders: row.orders, stake: Number(row.stake), payout: Number(row.payout) };
}

/** Distinct Beijing days with a successful login in [start, end). */
export async function loginDayCount(db: Queryable, customerId: number, start: Date, end: Date): Promise<number> {
  const found = await db.query<{ days: number }>(
    `SELECT count(DISTINCT (created_at AT TIME ZONE 'Asia/Shanghai')::date)::int AS days FROM customer_logins
      WHERE customer_id = $1 AND outcome = 'SUCCESS' AND created_at >= $2 AND created_at < $3`,
    [customerId, start, end],
  );
  return found.rows[0]!.days;
}

export async function registeredAt(db: Queryable, customerId: number): Promise<Date> {
  const found = await db.query<{ created_at: Date }>('SELECT created_at FROM customers WHERE id = $1', [customerId]);
  return found.rows[0]!.created_at;
}

export async function grantOf(db: Queryable, campaignId: number, customerId: number): Promise<{ amount: Money | null } | null> {
  const found = await db.query<{ amount: string | null }>('SELECT amount FROM campaign_grants WHERE campaign_id = $1 AND customer_id = $2', [
    campaignId,
    customerId,
  ]);
  const row = found.rows[0];
  return row ? { amount: row.amount === null ? null : Number(row.amount) } : null;
}
