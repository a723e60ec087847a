// GET /ajax/weekly-ranking: this week's top places, the player's own place, the prizes, and the
// latest closed week's winners.
import type { WeeklyRanking } from '../../shared/api/weekly-ranking.ts';
import type { Queryable } from '../db/pool.ts';
import { weekEnd, weekOf } from '../vip/periods.ts';
import { maskName } from './names.ts';
import { myPlace, publicEntry, rankingPrizes, weekTop } from './ranking.ts';

async function lastClosedWeek(db: Queryable): Promise<WeeklyRanking['lastWeek']> {
  const found = await db.query<{ week: string; rank: number; username: string; net_win: number; amount: number }>(
    `SELECT to_char(w.week, 'YYYY-MM-DD') AS week, p.rank, c.username, p.net_win, p.amount
       FROM (SELECT week FROM weekly_ranking_weeks ORDER BY week DESC LIMIT 1) w
       LEFT JOIN weekly_ranking_payouts p ON p.week = w.week LEFT JOIN customers c ON c.id = p.customer_id
      ORDER BY p.rank`,
  );
  if (found.rows.length === 0) return null;
  return {
    week: found.rows[0]!.week,
    winners: found.rows.filter((r) => r.rank !== null).map((r) => ({ rank: r.rank, name: maskName(r.username), netWin: r.net_win, prize: r.amount })),
  };
}

export async function weeklyRanking(db: Queryable, customerId: number | null, now = new Date()): Promise<WeeklyRanking> {
  const week = weekOf(now);
  const [prizes, top, me, lastWeek] = await Promise.all([
    rankingPrizes(db),
    weekTop(db, week),
    customerId === null ? Promise.resolve(null) : myPlace(db, week, customerId),
    lastClosedWeek(db),
  ]);
  return {
    week,
    endsAt: weekEnd(week).toISOString(),
    top: top.map((row) => publicEntry(row, prizes)),
    me,
    prizes: [...prizes].map(([place, amount]) => ({ place, amount })),
    lastWeek,
  };
}
