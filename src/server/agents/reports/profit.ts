// GET /ajax/agent/profit: a team's figures per direct member (each with its whole team) or per day,
// over a range of at most three months, from the roll-up. A drill-down names a member of the
// caller's team; anyone else is answered like a member that does not exist (404).
import { daysBetween, type Profit, type ProfitDayRow, type ProfitMemberRow, type ProfitQuery } from '../../../shared/api/agent-reports.ts';
import type { Queryable } from '../../db/pool.ts';
import { assertTeamMember } from '../tree.ts';
import { figuresOf, summedColumns, updatedAt } from './figures.ts';
import { resolveRange } from './overview.ts';

type Row = Record<string, unknown>;

async function trailTo(db: Queryable, agentId: number, rootId: number): Promise<{ customerId: number; username: string }[]> {
  const result = await db.query<{ id: number; username: string }>(
    `SELECT c.id, c.username
       FROM customer_tree r
       JOIN customer_tree a ON a.ancestor_id = $1 AND a.descendant_id = r.ancestor_id
       JOIN customers c ON c.id = r.ancestor_id
      WHERE r.descendant_id = $2
      ORDER BY a.depth`,
    [agentId, rootId],
  );
  return result.rows.map((r) => ({ customerId: r.id, username: r.username }));
}

async function memberRows(db: Queryable, rootId: number, from: string, to: string, page: number, pageSize: number): Promise<{ rows: ProfitMemberRow[]; count: number }> {
  const [count, rows] = await Promise.all([
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM customer_tree WHERE ancestor_id = $1 AND depth = 1', [rootId]),
    db.query<Row & { id: number; username: string; type: string; has_team: boolean }>(
      `WITH page AS (
         SELECT descendant_id AS id FROM customer_tree WHERE ancestor_id = $1 AND depth = 1
          ORDER BY descendant_id LIMIT $2 OFFSET $3)
       SELECT c.id, c.username, c.type,
              EXISTS (SELECT 1 FROM customer_tree k WHERE k.ancestor_id = c.id AND k.depth = 1) AS has_team,
              o.*, tm.*
         FROM page p
         JOIN customers c ON c.id = p.id
         CROSS JOIN LATERAL (SELECT ${summedColumns('s', 'own_')} FROM customer_daily_stats s
                              WHERE s.customer_id = p.id AND s.day BETWEEN $4::date AND $5::date) o
         CROSS JOIN LATERAL (SELECT ${summedColumns('s', 'team_')} FROM team_daily_stats s
                              WHERE s.ancestor_id = p.id AND s.day BETWEEN $4::date AND $5::date) tm
        ORDER BY c.id`,
      [rootId, pageSize, (page - 1) * pageSize, from, to],
    ),
  ]);
  return {
    count: count.rows[0]!.n,
    rows: rows.rows.map((r) => ({
      customerId: r.id,
      username: r.username,
      type: r.type,
      hasTeam: r.has_team,
      own: figuresOf(r, 'own_'),
      team: figuresOf(r, 'team_'),
    })),
  };
}

async function dayRows(db: Queryable, rootId: number, from: string, to: string, page: number, pageSize: number): Promise<{ rows: ProfitDayRow[]; count: number }> {
  const all = daysBetween(from, to);
  const shown = all.slice((page - 1) * pageSize, page * pageSize);
  if (shown.length === 0) return { rows: [], count: all.length };
  const found = await db.query<Row & { day: string }>(
    `SELECT to_char(s.day, 'YYYY-MM-DD') AS day, ${summedColumns('s')}
       FROM team_daily_stats s WHERE s.ancestor_id = $1 AND s.day = ANY($2::date[]) GROUP BY s.day`,
    [rootId, shown],
  );
  const byDay = new Map(found.rows.map((r) => [r.day, r]));
  return { rows: shown.map((day) => ({ day, team: figuresOf(byDay.get(day)) })), count: all.length };
}

export async function teamProfit(db: Queryable, agentId: number, query: ProfitQuery): Promise<Profit> {
  const { from, to } = resolveRange(query);
  const rootId = query.memberId ?? agentId;
  if (rootId !== agentId) await assertTeamMember(db, agentId, rootId);
  const range = [rootId, from, to];
  const [trail, own, total, view, stamp] = await Promise.all([
    trailTo(db, agentId, rootId),
    db.query(`SELECT ${summedColumns('s')} FROM customer_daily_stats s WHERE s.customer_id = $1 AND s.day BETWEEN $2::date AND $3::date`, range),
    db.query(`SELECT ${summedColumns('s')} FROM team_daily_stats s WHERE s.ancestor_id = $1 AND s.day BETWEEN $2::date AND $3::date`, range),
    query.view === 'days'
      ? dayRows(db, rootId, from, to, query.page, query.pageSize).then((d) => ({ members: [], days: d.rows, count: d.count }))
      : memberRows(db, rootId, from, to, query.page, query.pageSize).then((m) => ({ members: m.rows, days: [], count: m.count })),
    updatedAt(db),
  ]);
  const root = trail[trail.length - 1]!;
  return {
    from,
    to,
    view: query.view,
    root,
    trail,
    own: figuresOf(own.rows[0]),
    total: figuresOf(total.rows[0]),
    members: view.members,
    days: view.days,
    rowCount: view.count,
    page: query.page,
    pageSize: query.pageSize,
    updatedAt: stamp,
  };
}
