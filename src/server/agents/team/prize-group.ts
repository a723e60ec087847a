// Changing a direct member's prize group (issue 19 item 4): never above the agent's own group, never
// below the highest group the member has already given its own members. Both bounds are read under
// row locks of the agent and the member, taken in id order in one statement: the agent's own group can
// be lowered by its upline, and the member's members raised by the member, at the same moment — every
// such change locks the same rows, so they run one after the other and each sees the other's result.
import type pg from 'pg';
import { withTransaction } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { fieldError } from '../../accounts/validation.ts';
import { notInTeam } from '../tree.ts';
import { highestGroupBelow } from './members.ts';

export interface PrizeGroupChanged {
  memberId: number;
  prizeGroup: number;
  previous: number;
}

export async function changePrizeGroup(pool: pg.Pool, agentId: number, memberId: number, prizeGroup: number): Promise<PrizeGroupChanged> {
  return withTransaction(pool, async (client) => {
    const locked = await client.query<{ id: number; parent_id: number | null; prize_group: number }>(
      'SELECT id, parent_id, prize_group FROM customers WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
      [[agentId, memberId]],
    );
    const agent = locked.rows.find((r) => r.id === agentId);
    const member = locked.rows.find((r) => r.id === memberId);
    if (!agent || !member) throw notInTeam();
    // Only a direct member: a deeper member's group is its own parent's decision.
    if (member.parent_id !== agentId) throw errors.conflict('只能修改直属会员的奖金组');
    if (prizeGroup > agent.prize_group) throw fieldError('prizeGroup', `奖金组不能高于您自己的奖金组 ${agent.prize_group}`);
    const floor = await highestGroupBelow(client, memberId);
    if (floor !== null && prizeGroup < floor) {
      throw fieldError('prizeGroup', `奖金组不能低于该会员已分配给下级的最高奖金组 ${floor}`);
    }
    if (prizeGroup === member.prize_group) return { memberId, prizeGroup, previous: member.prize_group };
    const updated = await client.query('UPDATE customers SET prize_group = $2 WHERE id = $1', [memberId, prizeGroup]);
    if (updated.rowCount !== 1) throw errors.conflict('奖金组修改失败，请重试');
    return { memberId, prizeGroup, previous: member.prize_group };
  });
}
