// Read models of the back office's VIP and ranking pages.
import type { VipLevel } from '../../../shared/enums.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { publicEntry, rankingPrizes, weekTop } from '../../weekly-ranking/ranking.ts';

export async function vipDistribution(db: Queryable): Promise<{ level: VipLevel; customers: number }[]> {
  const found = await db.query<{ level: VipLevel; customers: number }>(
    `SELECT l.level, (SELECT count(*)::int FROM customers c WHERE c.vip_level = l.level AND c.test_mode IS NULL) AS customers
       FROM vip_levels l ORDER BY l.rank`,
  );
  return found.rows;
}

export async function vipBonusRuns(db: Queryable): Promise<{ month: string; level: VipLevel; customers: number; total: number }[]> {
  const found = await db.query<{ month: string; level: VipLevel; customers: number; total: number }>(
    `SELECT to_char(month, 'YYYY-MM') AS month, level, count(*)::int AS customers, sum(amount)::bigint AS total
       FROM vip_bonus_payments GROUP BY month, level ORDER BY month DESC, level LIMIT 120`,
  );
  return found.rows;
}

export async function readPrizes(db: Queryable): Promise<{ place: number; amount: number }[]> {
  return [...(await rankingPrizes(db))].map(([place, amount]) => ({ place, amount }));
}

export async function rankingWeeks(db: Queryable): Promise<{ week: string; players: number; closedAt: string | null; paid: number }[]> {
  const found = await db.query<{ week: string; players: number; closed_at: Date | null; paid: number }>(
    `SELECT to_char(t.week, 'YYYY-MM-DD') AS week, count(*)::int AS players, w.closed_at,
            coalesce((SELECT sum(amount) FROM weekly_ranking_payouts p WHERE p.week = t.week), 0)::bigint AS paid
       FROM weekly_ranking_totals t LEFT JOIN weekly_ranking_weeks w ON w.week = t.week
      GROUP BY t.week, w.closed_at ORDER BY t.week DESC LIMIT 52`,
  );
  return found.rows.map((r) => ({ week: r.week, players: r.players, closedAt: r.closed_at?.toISOString() ?? null, paid: r.paid }));
}

export async function rankingWeekDetail(db: Queryable, week: string) {
  const closed = await db.query<{ closed_at: Date }>('SELECT closed_at FROM weekly_ranking_weeks WHERE week = $1', [week]);
  if (closed.rows[0]) {
    const paid = await db.query<{ rank: number; customer_id: number; username: string; net_win: number; amount: number }>(
      `SELECT p.rank, p.customer_id, c.username, p.net_win, p.amount FROM weekly_ranking_payouts p JOIN customers c ON c.id = p.customer_id
        WHERE p.week = $1 ORDER BY p.rank`,
      [week],
    );
    return {
      week,
      closedAt: closed.rows[0].closed_at.toISOString(),
      entries: paid.rows.map((r) => ({ ...publicEntry({ rank: r.rank, customerId: r.customer_id, username: r.username, netWin: r.net_win }, new Map([[r.rank, r.amount]])), customerId: Number(r.customer_id), username: r.username })),
    };
  }
  const [top, prizes] = await Promise.all([weekTop(db, week), rankingPrizes(db)]);
  if (top.length === 0) {
    const any = await db.query('SELECT 1 FROM weekly_ranking_totals WHERE week = $1 LIMIT 1', [week]);
    if (any.rowCount === 0) throw errors.notFound('该周没有排行数据');
  }
  return { week, closedAt: null, entries: top.map((row) => ({ ...publicEntry(row, prizes), customerId: row.customerId, username: row.username })) };
}
