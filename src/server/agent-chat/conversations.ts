// Who may talk to whom (docs/messages/agent-chat.md): an agent with anyone below it in the team tree;
// a member with its direct parent agent, and with a higher upline agent once that agent has written to
// it. Everyone else, whether they exist or not, is answered like the agent centre answers a stranger.
import type { Queryable } from '../db/pool.ts';
import { notInTeam } from '../agents/tree.ts';

/** A conversation is always keyed (upline agent, member), whichever side is asking. */
export interface Conversation {
  agentId: number;
  memberId: number;
  /** The caller's side. */
  callerId: number;
  contactId: number;
}

/**
 * The conversation between `callerId` and `contactId`, or a 404 (no disclosure). Trial accounts are
 * never anyone's contact. One statement reads the tree both ways.
 */
export async function resolveConversation(db: Queryable, callerId: number, contactId: number): Promise<Conversation> {
  const found = await db.query<{ ancestor_id: string; descendant_id: string; depth: number; started: boolean }>(
    `SELECT t.ancestor_id, t.descendant_id, t.depth,
            EXISTS (SELECT 1 FROM agent_chat_messages m WHERE m.agent_id = t.ancestor_id AND m.member_id = t.descendant_id) AS started
       FROM customer_tree t
       JOIN customers contact ON contact.id = $2 AND contact.test_mode IS NULL
      WHERE t.depth > 0
        AND ((t.ancestor_id = $1 AND t.descendant_id = $2) OR (t.ancestor_id = $2 AND t.descendant_id = $1))`,
    [callerId, contactId],
  );
  const row = found.rows[0];
  if (!row) throw notInTeam();
  const agentId = Number(row.ancestor_id);
  const memberId = Number(row.descendant_id);
  const callerIsMember = memberId === callerId;
  if (callerIsMember && row.depth > 1 && !row.started) throw notInTeam();
  return { agentId, memberId, callerId, contactId };
}
