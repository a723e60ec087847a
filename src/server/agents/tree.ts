// The team tree (docs/agents/README.md): a closure table `customer_tree` maintained by the database
// when a customer is created. Every agent endpoint reads its scope from here, so "outside my team"
// is one index lookup, never a walk up the parents in application code.
import type { Queryable } from '../db/pool.ts';
import { errors } from '../http/errors.ts';

/** The one answer for a customer an agent may not see: the same whether it exists or not. */
export const NOT_IN_TEAM_MESSAGE = '该会员不存在或不在您的团队中';
export const notInTeam = () => errors.notFound(NOT_IN_TEAM_MESSAGE);

/** Whether `customerId` is `agentId` itself or anywhere below it. */
export async function isInSubtree(db: Queryable, agentId: number, customerId: number): Promise<boolean> {
  const result = await db.query(`SELECT 1 FROM customer_tree WHERE ancestor_id = $1 AND descendant_id = $2`, [agentId, customerId]);
  return result.rowCount === 1;
}

/** Refuses (404, no disclosure) unless `customerId` is strictly below `agentId`. */
export async function assertTeamMember(db: Queryable, agentId: number, customerId: number): Promise<void> {
  const result = await db.query(
    `SELECT 1 FROM customer_tree WHERE ancestor_id = $1 AND descendant_id = $2 AND depth > 0`,
    [agentId, customerId],
  );
  if (result.rowCount !== 1) throw notInTeam();
}

/** Refuses unless `customerId` is a direct member (depth 1) of `agentId`. */
export async function assertDirectMember(db: Queryable, agentId: number, customerId: number): Promise<void> {
  const result = await db.query(
    `SELECT 1 FROM customer_tree WHERE ancestor_id = $1 AND descendant_id = $2 AND depth = 1`,
    [agentId, customerId],
  );
  if (result.rowCount !== 1) throw notInTeam();
}

/**
 * SQL for "the ids in the team of $n": descendants at depth ≥ 1, or only direct members. Use as
 * `customer_id IN (${teamIds(1, 'all')})` with the agent id bound at $1.
 */
export function teamIds(param: number, scope: 'all' | 'direct'): string {
  const depth = scope === 'direct' ? 'depth = 1' : 'depth > 0';
  return `SELECT descendant_id FROM customer_tree WHERE ancestor_id = $${param} AND ${depth}`;
}
