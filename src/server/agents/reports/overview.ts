// GET /ajax/agent/overview: the agent's team at a glance. Head counts and the team balance come from
// the roll-up's team snapshot, money figures from team_daily_stats, online members live from the
// sessions: a handful of index lookups whatever the size of the team.
import type { Overview, OverviewQuery } from '../../../shared/api/agent-reports.ts';
import { beijingDayOf, formatDay } from '../../../shared/draws/schedule/beijing-time.ts';
import type { Queryable } from '../../db/pool.ts';
import { figuresOf, summedColumns, updatedAt } from './figures.ts';

/** A member counts as online when one of its sessions was used this recently. */
export const ONLINE_WINDOW_MINUTES = 5;

/** from/to as asked, today (Beijing) for what is missing. */
export function resolveRange(query: { from?: string | undefined; to?: string | undefined }, now = Date.now()): { from: string; to: string } {
  const today = formatDay(beijingDayOf(now));
  const from = query.from ?? query.to ?? today;
  const to = query.to ?? (from > today ? from : today);
  return from <= to ? { from, to } : { from: to, to: from };
}

export async function teamOverview(db: Queryable, agentId: number, query: OverviewQuery): Promise<Overview> {
  const { from, to } = resolveRange(query);
  const [heads, online, figures, stamp] = await Promise.all([
    db.query<{ members: number; agents: number; new_today: number; balance: number }>(
      'SELECT members, agents, new_today, balance FROM team_snapshot WHERE ancestor_id = $1',
      [agentId],
    ),
    db.query<{ online: number }>(
      `SELECT count(DISTINCT s.customer_id)::int AS online
         FROM sessions s JOIN customer_tree t ON t.ancestor_id = $1 AND t.descendant_id = s.customer_id AND t.depth > 0
        WHERE s.last_seen_at > now() - make_interval(mins => $2) AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [agentId, ONLINE_WINDOW_MINUTES],
    ),
    db.query(
      `SELECT ${summedColumns('s')} FROM team_daily_stats s WHERE s.ancestor_id = $1 AND s.day BETWEEN $2::date AND $3::date`,
      [agentId, from, to],
    ),
    updatedAt(db),
  ]);
  const head = heads.rows[0] ?? { members: 0, agents: 0, new_today: 0, balance: 0 };
  return {
    from,
    to,
    members: head.members,
    agents: head.agents,
    players: head.members - head.agents,
    newToday: head.new_today,
    onlineNow: online.rows[0]?.online ?? 0,
    teamBalance: head.balance,
    figures: figuresOf(figures.rows[0]),
    updatedAt: stamp,
  };
}
