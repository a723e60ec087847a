// Orders as the player sees them (list and detail). Read through order_outcomes: a plain loser's row
// stays as placed and is LOST once its issue is SETTLED (settlement by exception, migration 0043).
import type pg from 'pg';
import type { OrderDetail, OrderListQuery, OrderSummary } from '../../shared/api/orders.ts';

const SUMMARY_COLUMNS = `o.id, o.draw_type, o.play_mode, o.issue_number, o.status, o.bet_count, o.total_stake, o.payout, o.rebate,
  o.is_autobet, o.created_at, o.settled_at, o.cancelled_at`;

interface SummaryRow {
  id: number;
  draw_type: string;
  play_mode: 'REGULAR' | 'BOARD';
  issue_number: string;
  status: OrderSummary['status'];
  bet_count: number;
  total_stake: number;
  payout: number;
  rebate: number;
  is_autobet: boolean;
  created_at: Date;
  settled_at: Date | null;
  cancelled_at: Date | null;
}

const toSummary = (r: SummaryRow): OrderSummary => ({
  orderId: String(r.id),
  drawType: r.draw_type,
  playMode: r.play_mode,
  issueNumber: r.issue_number,
  status: r.status,
  betCount: r.bet_count,
  totalStake: r.total_stake,
  payout: r.payout,
  rebate: r.rebate,
  isAutoBet: r.is_autobet,
  createdAt: r.created_at.getTime(),
  settledAt: r.settled_at?.getTime() ?? null,
  cancelledAt: r.cancelled_at?.getTime() ?? null,
});

export async function orderDetail(db: pg.Pool | pg.PoolClient, customerId: number, orderId: number): Promise<OrderDetail | null> {
  const found = await db.query<SummaryRow & { result: number[] | null; issue_result: number[] | null; server_seed_hash: string | null; client_seed: string | null; instant_nonce: number | null; server_seed: string | null }>(
    `SELECT ${SUMMARY_COLUMNS}, o.result, i.result AS issue_result, o.instant_nonce,
            s.server_seed_hash, s.client_seed, CASE WHEN s.active THEN NULL ELSE s.server_seed END AS server_seed
       FROM order_outcomes o
       LEFT JOIN draw_issues i ON i.id = o.issue_id AND i.state IN ('DRAWN', 'SETTLED')
       LEFT JOIN instant_seeds s ON s.id = o.instant_seed_id
      WHERE o.id = $1 AND o.customer_id = $2`,
    [orderId, customerId],
  );
  const row = found.rows[0];
  if (!row) return null;
  const bets = await db.query<{
    seq: number; code: string; name: string; selection: unknown; mode: string | null; multiplier: number | null;
    prize_group: number | null; bet_count: number; stake: number; payout: number; rebate: number; outcome: 'WIN' | 'LOSE' | 'PUSH' | null; detail: unknown;
  }>('SELECT seq, code, name, selection, mode, multiplier, prize_group, bet_count, stake, payout, rebate, outcome, detail FROM order_bets WHERE order_id = $1 ORDER BY seq', [orderId]);
  return {
    ...toSummary(row),
    result: row.result ?? row.issue_result,
    bets: bets.rows.map((b) => ({
      seq: b.seq,
      code: b.code,
      name: b.name,
      selection: b.selection,
      mode: b.mode,
      multiplier: b.multiplier,
      prizeGroup: b.prize_group,
      betCount: b.bet_count,
      stake: b.stake,
      payout: b.payout,
      rebate: b.rebate,
      // Settlement leaves the row of a bet that simply lost untouched (settlement.ts): NULL once the order is settled means LOSE.
      outcome: b.outcome ?? (row.status === 'WON' || row.status === 'LOST' ? 'LOSE' : null),
      detail: b.detail,
    })),
    fairness:
      row.server_seed_hash && row.client_seed && row.instant_nonce !== null
        ? { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.instant_nonce, serverSeed: row.server_seed }
        : null,
  };
}

// The list's totals: cancelled orders were refunded, so they stake nothing; payout and profit exist
// only once an order is settled (the profit of one order is `orderProfit` on the client).
const STAKED = `('PENDING', 'WON', 'LOST')`;
const SETTLED = `('WON', 'LOST')`;

export async function listOrders(db: pg.Pool, customerId: number, query: OrderListQuery) {
  return listOrdersIn(db, { clause: 'o.customer_id = $1', params: [customerId] }, query);
}

/** The order list over any set of customers (`clause` reads $1…$n of `params`): a player's own, an agent's team. */
export async function listOrdersIn(db: pg.Pool, scope: { clause: string; params: readonly unknown[] }, query: OrderListQuery) {
  const where = [scope.clause];
  const params: unknown[] = [...scope.params];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (query.drawType) add('o.draw_type = ?', query.drawType);
  if (query.status) add('o.status = ?', query.status);
  if (query.from) add(`o.created_at >= (?::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`, query.from);
  if (query.to) add(`o.created_at < ((?::date) + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`, query.to);
  const filter = where.join(' AND ');
  // One pass over the whole filter (not just the page) for the count and the totals.
  const total = await db.query<{ n: number; stake: number; payout: number; rebate: number; profit: number }>(
    `SELECT count(*)::int AS n,
            coalesce(sum(o.total_stake) FILTER (WHERE o.status IN ${STAKED}), 0)::bigint AS stake,
            coalesce(sum(o.payout) FILTER (WHERE o.status IN ${SETTLED}), 0)::bigint AS payout,
            coalesce(sum(o.rebate) FILTER (WHERE o.status IN ${SETTLED}), 0)::bigint AS rebate,
            coalesce(sum(o.payout + o.rebate - o.total_stake) FILTER (WHERE o.status IN ${SETTLED}), 0)::bigint AS profit
       FROM order_outcomes o WHERE ${filter}`,
    params,
  );
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM order_outcomes o WHERE ${filter} ORDER BY o.created_at DESC, o.id DESC
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    params,
  );
  const { n, stake, payout, rebate, profit } = total.rows[0]!;
  return { items: rows.rows.map(toSummary), total: n, page: query.page, pageSize: query.pageSize, totals: { stake, payout, rebate, profit } };
}
