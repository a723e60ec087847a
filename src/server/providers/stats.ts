// Per-player, per-day provider figures for reports (agent team reports, back-office reports): stake,
// valid stake, payout and bet count of settled records, by the Beijing day the record was placed, and
// transfers in and out by the day they succeeded. Read-only.
import type { Money } from '../../shared/money.ts';
import type { Queryable } from '../db/pool.ts';

export interface ProviderDailyStat {
  customerId: number;
  provider: string;
  /** Beijing calendar day, YYYY-MM-DD. */
  day: string;
  bets: number;
  stake: Money;
  validStake: Money;
  payout: Money;
  /** payout − stake, from the player's point of view. */
  profit: Money;
  transfersIn: Money;
  transfersOut: Money;
}

/**
 * The figures of `customerIds` over the last `days` Beijing days (today included). The agent report
 * roll-up passes the ids of `teamIds(...)` (src/server/agents/tree.ts).
 */
export async function providerDailyStats(db: Queryable, customerIds: readonly number[], days: number): Promise<ProviderDailyStat[]> {
  if (customerIds.length === 0 || days <= 0) return [];
  const rows = await db.query<{
    customer_id: number; provider: string; day: string; bets: number; stake: number; valid_stake: number; payout: number; transfers_in: number; transfers_out: number;
  }>(
    `WITH span AS (SELECT ((now() AT TIME ZONE 'Asia/Shanghai')::date - ($2::int - 1)) AS first_day),
     bets AS (
       SELECT customer_id, provider, (placed_at AT TIME ZONE 'Asia/Shanghai')::date AS day, count(*)::int AS bets,
              sum(stake)::bigint AS stake, sum(valid_stake)::bigint AS valid_stake, sum(payout)::bigint AS payout
         FROM provider_bet_records, span
        WHERE customer_id = ANY($1::bigint[]) AND status = 'SETTLED' AND (placed_at AT TIME ZONE 'Asia/Shanghai')::date >= span.first_day
        GROUP BY 1, 2, 3),
     moves AS (
       SELECT customer_id, provider, (resolved_at AT TIME ZONE 'Asia/Shanghai')::date AS day,
              sum(amount) FILTER (WHERE direction = 'IN')::bigint AS transfers_in, sum(amount) FILTER (WHERE direction = 'OUT')::bigint AS transfers_out
         FROM provider_transfers, span
        WHERE customer_id = ANY($1::bigint[]) AND status = 'SUCCESS' AND (resolved_at AT TIME ZONE 'Asia/Shanghai')::date >= span.first_day
        GROUP BY 1, 2, 3)
     SELECT coalesce(b.customer_id, m.customer_id) AS customer_id, coalesce(b.provider, m.provider) AS provider,
            to_char(coalesce(b.day, m.day), 'YYYY-MM-DD') AS day, coalesce(b.bets, 0) AS bets, coalesce(b.stake, 0) AS stake,
            coalesce(b.valid_stake, 0) AS valid_stake, coalesce(b.payout, 0) AS payout,
            coalesce(m.transfers_in, 0) AS transfers_in, coalesce(m.transfers_out, 0) AS transfers_out
       FROM bets b FULL JOIN moves m ON m.customer_id = b.customer_id AND m.provider = b.provider AND m.day = b.day
      ORDER BY 3, 1, 2`,
    [customerIds, days],
  );
  return rows.rows.map((r) => ({
    customerId: r.customer_id,
    provider: r.provider,
    day: r.day,
    bets: r.bets,
    stake: r.stake,
    validStake: r.valid_stake,
    payout: r.payout,
    profit: r.payout - r.stake,
    transfersIn: r.transfers_in,
    transfersOut: r.transfers_out,
  }));
}
