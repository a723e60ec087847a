// The agent's member list and member detail (issue 19 item 4). Scope comes from the closure table only:
// the list is "descendants of the root", and a drill-down root must itself be in the caller's team.
import type pg from 'pg';
import { PRIZE_GROUP_MIN } from '../../../shared/agent/prize-groups.ts';
import type { MemberDetail, MemberList, MemberListQuerySchema, TeamMember, TrailStep } from '../../../shared/api/agent-team.ts';
import type { z } from 'zod';
import type { Queryable } from '../../db/pool.ts';
import { assertTeamMember, notInTeam } from '../tree.ts';

type ListQuery = z.output<typeof MemberListQuerySchema>;

interface MemberRow {
  id: number;
  username: string;
  alias: string;
  type: TeamMember['type'];
  prize_group: number;
  balance: number;
  level: number;
  member_count: number;
  last_login_at: Date | null;
  created_at: Date;
}

/** LIKE 'prefix%' without the prefix's own wildcards (the username alphabet includes `_`). */
export function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// `level` is counted from the caller ($1), whatever the root of the listing.
const MEMBER_COLUMNS = `c.id, c.username, c.alias, c.type, c.prize_group, coalesce(a.balance, 0)::bigint AS balance,
  me.depth AS level,
  (SELECT count(*) FROM customer_tree d WHERE d.ancestor_id = c.id AND d.depth > 0)::int AS member_count,
  c.last_login_at, c.created_at`;

const MEMBER_JOINS = `JOIN customers c ON c.id = t.descendant_id
  JOIN customer_tree me ON me.ancestor_id = $1 AND me.descendant_id = c.id
  LEFT JOIN ledger_accounts a ON a.customer_id = c.id AND a.kind = 'PLAYER_MAIN'`;

const toMember = (r: MemberRow): TeamMember => ({
  id: r.id,
  username: r.username,
  type: r.type,
  prizeGroup: r.prize_group,
  balance: r.balance,
  level: r.level,
  memberCount: r.member_count,
  lastLoginAt: r.last_login_at?.getTime() ?? null,
  createdAt: r.created_at.getTime(),
});

/** The path from the caller's direct member down to `memberId` (inclusive), for the breadcrumb. */
export async function trailTo(db: Queryable, agentId: number, memberId: number): Promise<TrailStep[]> {
  const found = await db.query<TrailStep>(
    `SELECT c.id, c.username FROM customer_tree up
       JOIN customer_tree mine ON mine.ancestor_id = $1 AND mine.descendant_id = up.ancestor_id AND mine.depth > 0
       JOIN customers c ON c.id = up.ancestor_id
      WHERE up.descendant_id = $2 ORDER BY mine.depth`,
    [agentId, memberId],
  );
  return found.rows;
}

export async function listMembers(db: pg.Pool, agentId: number, query: ListQuery): Promise<MemberList> {
  const rootId = query.parentId ?? agentId;
  if (rootId !== agentId) await assertTeamMember(db, agentId, rootId);
  const params: unknown[] = [agentId, rootId];
  const where = ['t.ancestor_id = $2', query.scope === 'direct' ? 't.depth = 1' : 't.depth > 0'];
  if (query.username) {
    params.push(likePrefix(query.username));
    where.push(`c.username_key LIKE $${params.length}`);
  }
  const filter = where.join(' AND ');
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM customer_tree t ${MEMBER_JOINS} WHERE ${filter}`, params);
  const rows = await db.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM customer_tree t ${MEMBER_JOINS} WHERE ${filter}
      ORDER BY t.depth, c.created_at DESC, c.id DESC LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    params,
  );
  return {
    items: rows.rows.map(toMember),
    total: count.rows[0]!.n,
    page: query.page,
    pageSize: query.pageSize,
    trail: rootId === agentId ? [] : await trailTo(db, agentId, rootId),
  };
}

/** The lowest group a member may be given: the highest among its own direct members (they are never above it). */
export async function highestGroupBelow(db: Queryable, memberId: number): Promise<number | null> {
  const found = await db.query<{ max: number | null }>('SELECT max(prize_group)::int AS max FROM customers WHERE parent_id = $1', [memberId]);
  return found.rows[0]?.max ?? null;
}

export async function memberDetail(db: pg.Pool, agentId: number, memberId: number): Promise<MemberDetail> {
  const found = await db.query<MemberRow & { parent_username: string | null; parent_id: number | null; test_mode: string | null; agent_group: number }>(
    `SELECT ${MEMBER_COLUMNS}, c.parent_id, p.username AS parent_username, c.test_mode,
            (SELECT prize_group FROM customers WHERE id = $1) AS agent_group
       FROM customer_tree t ${MEMBER_JOINS}
       LEFT JOIN customers p ON p.id = c.parent_id
      WHERE t.ancestor_id = $1 AND t.descendant_id = $2 AND t.depth > 0`,
    [agentId, memberId],
  );
  const row = found.rows[0];
  if (!row) throw notInTeam();
  const direct = row.parent_id === agentId;
  const highestBelow = await highestGroupBelow(db, memberId);
  return {
    ...toMember(row),
    alias: row.alias,
    parentUsername: row.parent_username,
    trail: await trailTo(db, agentId, memberId),
    prizeGroupEditable: direct,
    prizeGroupMin: Math.max(PRIZE_GROUP_MIN, highestBelow ?? PRIZE_GROUP_MIN),
    prizeGroupMax: row.agent_group,
    transferable: direct && row.test_mode === null,
  };
}
