// An agent's own registration links (spec §7, docs/agents/links.md). Only the owner sees or changes a
// link: anyone else's link answers 404 like a link that does not exist.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { DEFAULT_PLAYER_PRIZE_GROUP } from '../../../shared/agent/prize-groups.ts';
import {
  LINK_MESSAGES,
  LINK_RETENTION_DAYS,
  MAX_ACTIVE_LINKS,
  type AgentLink,
  type LinkList,
  type LinkRetention,
  type LinkState,
  type NewAccountType,
} from '../../../shared/api/agent-links.ts';
import { withTransaction, type Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { ACTIVE_LINK } from '../../accounts/registration/links.ts';
import { assertMayCreate, creationRules } from './creation-rules.ts';

const linkNotFound = () => errors.notFound(LINK_MESSAGES.linkNotFound);

const STATE_SQL = `CASE WHEN l.deleted_at IS NOT NULL THEN 'DELETED'
                        WHEN l.expires_at IS NOT NULL AND l.expires_at <= now() THEN 'EXPIRED'
                        ELSE 'ACTIVE' END`;

const LINK_COLUMNS = `l.id, l.account_type, COALESCE(l.prize_group, LEAST(a.prize_group, ${DEFAULT_PLAYER_PRIZE_GROUP})) AS prize_group,
  l.retention, l.remarks, l.registration_count, ${STATE_SQL} AS state,
  (extract(epoch FROM l.created_at) * 1000)::bigint AS created_ms, (extract(epoch FROM l.expires_at) * 1000)::bigint AS expires_ms`;
const LINK_FROM = `registration_links l JOIN customers a ON a.id = l.agent_id`;

interface LinkRow {
  id: string;
  account_type: NewAccountType;
  prize_group: number;
  retention: LinkRetention;
  remarks: string;
  registration_count: number;
  state: LinkState;
  created_ms: string;
  expires_ms: string | null;
}

function linkFromRow(row: LinkRow): AgentLink {
  return {
    id: row.id,
    accountType: row.account_type,
    prizeGroup: row.prize_group,
    retention: row.retention,
    remark: row.remarks,
    registrationCount: row.registration_count,
    state: row.state,
    createdAt: Number(row.created_ms),
    expiresAt: row.expires_ms === null ? null : Number(row.expires_ms),
  };
}

/** 12 URL-safe characters: an id nobody guesses, short enough for a QR code a phone reads at once. */
const newLinkId = () => randomBytes(9).toString('base64url');

const STATE_FILTER: Record<LinkState, string> = {
  ACTIVE: `l.deleted_at IS NULL AND (l.expires_at IS NULL OR l.expires_at > now())`,
  EXPIRED: `l.deleted_at IS NULL AND l.expires_at IS NOT NULL AND l.expires_at <= now()`,
  DELETED: `l.deleted_at IS NOT NULL`,
};

async function activeCount(db: Queryable, agentId: number): Promise<number> {
  const result = await db.query<{ n: string }>(`SELECT count(*) AS n FROM registration_links WHERE agent_id = $1 AND ${ACTIVE_LINK}`, [agentId]);
  return Number(result.rows[0]!.n);
}

export async function listLinks(
  db: Queryable,
  agentId: number,
  query: { page: number; pageSize: number; state?: LinkState | undefined },
): Promise<LinkList> {
  const filter = query.state ? ` AND ${STATE_FILTER[query.state]}` : '';
  const [rows, total, active, rules] = await Promise.all([
    db.query<LinkRow>(
      `SELECT ${LINK_COLUMNS} FROM ${LINK_FROM} WHERE l.agent_id = $1${filter}
        ORDER BY l.created_at DESC, l.id DESC LIMIT $2 OFFSET $3`,
      [agentId, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    db.query<{ n: string }>(`SELECT count(*) AS n FROM registration_links l WHERE l.agent_id = $1${filter}`, [agentId]),
    activeCount(db, agentId),
    creationRules(db, agentId),
  ]);
  return {
    items: rows.rows.map(linkFromRow),
    total: Number(total.rows[0]!.n),
    page: query.page,
    pageSize: query.pageSize,
    activeCount: active,
    canCreatePlayers: rules.canCreatePlayers,
    canCreateAgents: rules.canCreateAgents,
  };
}

async function loadOwnLink(db: Queryable, agentId: number, id: string): Promise<AgentLink> {
  const result = await db.query<LinkRow>(`SELECT ${LINK_COLUMNS} FROM ${LINK_FROM} WHERE l.id = $1 AND l.agent_id = $2`, [id, agentId]);
  const row = result.rows[0];
  if (!row) throw linkNotFound();
  return linkFromRow(row);
}

export interface NewLink {
  accountType: NewAccountType;
  prizeGroup: number;
  retention: LinkRetention;
  remark?: string | undefined;
}

/**
 * The agent's row is locked for the whole transaction: two creations at once are counted one after
 * the other, so the cap on active links holds however many arrive together.
 */
export async function createLink(pool: pg.Pool, agentId: number, input: NewLink): Promise<AgentLink> {
  return withTransaction(pool, async (client) => {
    await client.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [agentId]);
    assertMayCreate(await creationRules(client, agentId), input.accountType, input.prizeGroup);
    if ((await activeCount(client, agentId)) >= MAX_ACTIVE_LINKS) throw errors.conflict(LINK_MESSAGES.tooManyLinks);
    const days = LINK_RETENTION_DAYS[input.retention];
    const id = newLinkId();
    await client.query(
      `INSERT INTO registration_links (id, agent_id, remarks, retention, account_type, prize_group, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(days => $7::int) END)`,
      [id, agentId, input.remark ?? '', input.retention, input.accountType, input.prizeGroup, days],
    );
    return loadOwnLink(client, agentId, id);
  });
}

/** Deleting is final and idempotent: the link stays in the list as 已删除 with its count. */
export async function deleteLink(db: Queryable, agentId: number, id: string): Promise<AgentLink> {
  await db.query(`UPDATE registration_links SET deleted_at = now() WHERE id = $1 AND agent_id = $2 AND deleted_at IS NULL`, [id, agentId]);
  return loadOwnLink(db, agentId, id);
}

export async function setRemark(db: Queryable, agentId: number, id: string, remark: string): Promise<AgentLink> {
  const updated = await db.query(`UPDATE registration_links SET remarks = $3 WHERE id = $1 AND agent_id = $2 AND deleted_at IS NULL`, [
    id,
    agentId,
    remark,
  ]);
  const link = await loadOwnLink(db, agentId, id);
  if (updated.rowCount === 0) throw errors.conflict(LINK_MESSAGES.linkDeleted);
  return link;
}

/** `DELETE /ajax/registration-link/inactive`: the caller's expired links become deleted. */
export async function deleteInactiveLinks(db: Queryable, agentId: number): Promise<number> {
  const result = await db.query(
    `UPDATE registration_links SET deleted_at = now()
      WHERE agent_id = $1 AND deleted_at IS NULL AND expires_at IS NOT NULL AND expires_at <= now()`,
    [agentId],
  );
  return result.rowCount ?? 0;
}
