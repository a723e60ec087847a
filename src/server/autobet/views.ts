// Autobets as the player sees them.
import type pg from 'pg';
import type { AutobetDetail, AutobetSummary } from '../../shared/api/autobet.ts';
import { DRAW_TYPES } from '../../shared/catalogue/draw-types.ts';

const DICE = DRAW_TYPES.filter((d) => d.product === 'DICE').map((d) => d.code);

interface SummaryRow {
  id: number;
  draw_type: string;
  play_mode: 'REGULAR' | 'BOARD';
  status: AutobetSummary['status'];
  stop_on_win: boolean;
  total_planned: number;
  created_at: Date;
  issue_count: number;
  placed_count: number;
  total_staked: number;
  total_payout: number;
}

const SUMMARY = `a.id, a.draw_type, a.play_mode, a.status, a.stop_on_win, a.total_planned, a.created_at,
  (SELECT count(*)::int FROM autobet_entries e WHERE e.autobet_id = a.id) AS issue_count,
  (SELECT count(*)::int FROM autobet_entries e WHERE e.autobet_id = a.id AND e.status = 'BET') AS placed_count,
  (SELECT coalesce(sum(o.total_stake), 0)::bigint FROM orders o WHERE o.autobet_id = a.id AND o.status NOT LIKE '%CANCELED') AS total_staked,
  (SELECT coalesce(sum(o.payout), 0)::bigint FROM orders o WHERE o.autobet_id = a.id) AS total_payout`;

const toSummary = (r: SummaryRow): AutobetSummary => ({
  autobetId: String(r.id),
  drawType: r.draw_type,
  playMode: r.play_mode,
  status: r.status,
  stopOnWin: r.stop_on_win,
  issueCount: r.issue_count,
  placedCount: r.placed_count,
  totalPlanned: r.total_planned,
  totalStaked: r.total_staked,
  totalPayout: r.total_payout,
  createdAt: r.created_at.getTime(),
});

export async function listAutobets(pool: pg.Pool, customerId: number, tab: 'lottery' | 'dice', page: number, pageSize: number) {
  const filter = `a.customer_id = $1 AND (a.draw_type = ANY($2::text[])) = $3`;
  const params = [customerId, DICE, tab === 'dice'];
  const total = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM autobets a WHERE ${filter}`, params);
  const rows = await pool.query<SummaryRow>(
    `SELECT ${SUMMARY} FROM autobets a WHERE ${filter} ORDER BY a.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    params,
  );
  return { items: rows.rows.map(toSummary), total: total.rows[0]!.n, page, pageSize };
}

export async function autobetDetail(pool: pg.Pool, customerId: number, autobetId: number): Promise<AutobetDetail | null> {
  const found = await pool.query<SummaryRow & { plan: AutobetDetail['plan']; bets: unknown }>(
    `SELECT ${SUMMARY}, a.plan, a.bets FROM autobets a WHERE a.id = $1 AND a.customer_id = $2`,
    [autobetId, customerId],
  );
  const row = found.rows[0];
  if (!row) return null;
  const entries = await pool.query<{
    seq: number; issue_number: string; multiplier: number; stake: number; status: AutobetDetail['entries'][number]['status'];
    order_id: number | null; order_status: string | null; payout: number | null; note: string | null;
  }>(
    `SELECT e.seq, e.issue_number, e.multiplier, e.stake, e.status, e.order_id, o.status AS order_status, o.payout, e.note
       FROM autobet_entries e LEFT JOIN order_outcomes o ON o.id = e.order_id WHERE e.autobet_id = $1 ORDER BY e.seq`,
    [autobetId],
  );
  return {
    ...toSummary(row),
    plan: row.plan,
    bets: row.bets,
    entries: entries.rows.map((e) => ({
      seq: e.seq,
      issueNumber: e.issue_number,
      multiplier: e.multiplier,
      stake: e.stake,
      status: e.status,
      orderId: e.order_id === null ? null : String(e.order_id),
      orderStatus: e.order_status,
      payout: e.payout ?? 0,
      note: e.note,
    })),
  };
}
