// Reading the ranking: a week's top places (net win > 0; ties: the total reached first, then the
// lower customer id), a player's own place, the prizes.
import type { RankingEntry } from '../../shared/api/weekly-ranking.ts';
import { RANKING_PLACES } from '../../shared/api/weekly-ranking.ts';
import type { Queryable } from '../db/pool.ts';
import { maskName } from './names.ts';

export const RANKING_ORDER = 'net_win DESC, last_settled_at ASC, customer_id ASC';

export async function rankingPrizes(db: Queryable): Promise<Map<number, number>> {
  const found = await db.query<{ place: number; amount: number }>('SELECT place, amount FROM weekly_ranking_prizes WHERE amount > 0 ORDER BY place');
  return new Map(found.rows.map((r) => [r.place, r.amount]));
}

export interface TopRow {
  rank: number;
  customerId: number;
  username: string;
  netWin: number;
}

export async function weekTop(db: Queryable, week: string, places = RANKING_PLACES): Promise<TopRow[]> {
  const found = await db.query<{ customer_id: number; username: string; net_win: number }>(
    `SELECT t.customer_id, c.username, t.net_win FROM weekly_ranking_totals t JOIN customers c ON c.id = t.customer_id
      WHERE t.week = $1 AND t.net_win > 0 ORDER BY ${RANKING_ORDER} LIMIT $2`,
    [week, places],
  );
  return found.rows.map((r, i) => ({ rank: i + 1, customerId: Number(r.customer_id), username: r.username, netWin: r.net_win }));
}

export function publicEntry(row: TopRow, prizes: Map<number, number>): RankingEntry {
  return { rank: row.rank, name: maskName(row.username), netWin: row.netWin, prize: prizes.get(row.rank) ?? 0 };
}

export async function myPlace(db: Queryable, week: string, customerId: number): Promise<{ rank: number | null; netWin: number }> {
  const found = await db.query<{ net_win: number; ahead: number }>(
    `SELECT m.net_win,
            (SELECT count(*)::int FROM weekly_ranking_totals o
              WHERE o.week = m.week AND o.net_win > 0
                AND (o.net_win, m.last_settled_at, m.customer_id) > (m.net_win, o.last_settled_at, o.customer_id)) AS ahead
       FROM weekly_ranking_totals m WHERE m.week = $1 AND m.customer_id = $2`,
    [week, customerId],
  );
  const row = found.rows[0];
  if (!row) return { rank: null, netWin: 0 };
  return { rank: row.net_win > 0 ? row.ahead + 1 : null, netWin: row.net_win };
}
