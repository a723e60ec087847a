// 第三方报表: per provider over a range of Beijing days, the settled bet records pulled from it (by the
// day they settled) and the transfers to and from its wallets (by the day the provider confirmed
// them). Trial accounts are left out, as in the sales report. Definitions: docs/backoffice/reports.md.
import type pg from 'pg';
import type { ProviderReport, ProviderReportRow } from '../../../shared/backoffice/reports.ts';

const dayStart = (param: string) => `(${param}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`;

interface Row {
  provider: string | null;
  records: number;
  stake: string;
  valid_stake: string;
  payout: string;
  transfers_in: string;
  transfers_out: string;
  players: number;
}

const toRow = (row: Row): ProviderReportRow => ({
  provider: row.provider ?? '',
  records: row.records,
  stake: Number(row.stake),
  validStake: Number(row.valid_stake),
  payout: Number(row.payout),
  playerLoss: Number(row.stake) - Number(row.payout),
  transfersIn: Number(row.transfers_in),
  transfersOut: Number(row.transfers_out),
  players: row.players,
});

export async function providerReport(db: pg.Pool, range: { from: string; to: string }): Promise<ProviderReport> {
  const result = await db.query<Row>(
    `WITH real_customers AS (SELECT id FROM customers WHERE test_mode IS NULL),
     bets AS (
       SELECT r.provider, r.customer_id, r.stake, r.valid_stake, r.payout
         FROM provider_bet_records r JOIN real_customers c ON c.id = r.customer_id
        WHERE r.status = 'SETTLED' AND r.settled_at >= ${dayStart('$1')} AND r.settled_at < ${dayStart('($2::date + 1)')}),
     moves AS (
       SELECT t.provider, t.customer_id, t.direction, t.amount
         FROM provider_transfers t JOIN real_customers c ON c.id = t.customer_id
        WHERE t.status = 'SUCCESS' AND t.resolved_at >= ${dayStart('$1')} AND t.resolved_at < ${dayStart('($2::date + 1)')}),
     joined AS (
       SELECT provider, customer_id, 1 AS record, stake, valid_stake, payout, 0::bigint AS moved_in, 0::bigint AS moved_out FROM bets
       UNION ALL
       SELECT provider, customer_id, 0, 0, 0, 0,
              CASE WHEN direction = 'IN' THEN amount ELSE 0 END, CASE WHEN direction = 'OUT' THEN amount ELSE 0 END FROM moves)
     SELECT provider, coalesce(sum(record), 0)::int AS records, coalesce(sum(stake), 0) AS stake,
            coalesce(sum(valid_stake), 0) AS valid_stake, coalesce(sum(payout), 0) AS payout,
            coalesce(sum(moved_in), 0) AS transfers_in, coalesce(sum(moved_out), 0) AS transfers_out,
            count(DISTINCT customer_id) FILTER (WHERE record = 1)::int AS players
       FROM joined
      GROUP BY GROUPING SETS ((provider), ())
      ORDER BY provider NULLS LAST`,
    [range.from, range.to],
  );
  const rows = result.rows.filter((row) => row.provider !== null).map(toRow);
  const totalRow = result.rows.find((row) => row.provider === null);
  const empty: ProviderReportRow = { provider: '', records: 0, stake: 0, validStake: 0, payout: 0, playerLoss: 0, transfersIn: 0, transfersOut: 0, players: 0 };
  return { from: range.from, to: range.to, rows, total: totalRow ? toRow(totalRow) : empty };
}
