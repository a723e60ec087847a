// Registration links (spec §7): an account registered through one becomes a member of its agent, of
// the link's account type and prize group (docs/agents/links.md).
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';

export interface ActiveLink {
  id: string;
  agentId: number;
}

export const LINK_GONE_MESSAGE = '注册链接不存在或已失效';
export const linkGone = () => errors.notFound(LINK_GONE_MESSAGE);

/** SQL condition for a link one may register through: neither deleted nor expired. */
export const ACTIVE_LINK = `deleted_at IS NULL AND (expires_at IS NULL OR expires_at > now())`;

export async function findActiveLink(db: Queryable, id: string): Promise<ActiveLink> {
  const result = await db.query<{ id: string; agent_id: number }>(
    `SELECT id, agent_id FROM registration_links WHERE id = $1 AND ${ACTIVE_LINK}`,
    [id],
  );
  const link = result.rows[0];
  if (!link) throw linkGone();
  return { id: link.id, agentId: Number(link.agent_id) };
}

/** Whether anyone can register at all: registration always goes through an active link. */
export async function hasActiveLink(db: Queryable): Promise<boolean> {
  const result = await db.query<{ open: boolean }>(`SELECT EXISTS (SELECT 1 FROM registration_links WHERE ${ACTIVE_LINK}) AS open`);
  return result.rows[0]!.open;
}
