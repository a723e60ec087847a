// What an agent may create, links and accounts alike (docs/agents/links.md): an account type the
// team's depth still allows, at a prize group between PRIZE_GROUP_MIN and the agent's own.
import { MAX_TEAM_LEVELS, LINK_MESSAGES, type NewAccountType } from '../../../shared/api/agent-links.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';

export interface CreationRules {
  ownPrizeGroup: number;
  /** 1 for a primary agent (no upline), 2 below it, … */
  level: number;
  canCreatePlayers: boolean;
  /** A new agent must still be able to have members of its own, so agents stop one level earlier. */
  canCreateAgents: boolean;
}

/**
 * The agent's rules. `lock` holds the agent's row (FOR SHARE) until the caller's transaction ends, so
 * a change of its own prize group cannot slip between this check and the new account or link.
 */
export async function creationRules(db: Queryable, agentId: number, lock = false): Promise<CreationRules> {
  const agent = await db.query<{ prize_group: number }>(
    `SELECT prize_group FROM customers WHERE id = $1${lock ? ' FOR SHARE' : ''}`,
    [agentId],
  );
  const depth = await db.query<{ depth: number }>('SELECT max(depth) AS depth FROM customer_tree WHERE descendant_id = $1', [agentId]);
  const level = Number(depth.rows[0]?.depth ?? 0) + 1;
  return {
    ownPrizeGroup: agent.rows[0]!.prize_group,
    level,
    canCreatePlayers: level + 1 <= MAX_TEAM_LEVELS,
    canCreateAgents: level + 2 <= MAX_TEAM_LEVELS,
  };
}

/** Refuses (400, nothing written) what the rules do not allow. */
export function assertMayCreate(rules: CreationRules, accountType: NewAccountType, prizeGroup: number): void {
  if (!rules.canCreatePlayers) throw errors.validation(LINK_MESSAGES.tooDeep, { accountType: LINK_MESSAGES.tooDeep });
  if (accountType === 'AGENT' && !rules.canCreateAgents) {
    throw errors.validation(LINK_MESSAGES.tooDeepAgent, { accountType: LINK_MESSAGES.tooDeepAgent });
  }
  if (prizeGroup > rules.ownPrizeGroup) {
    const message = LINK_MESSAGES.prizeGroupAboveOwn(rules.ownPrizeGroup);
    throw errors.validation(message, { prizeGroup: message });
  }
}
