// The caller's contact list: its upline agents it may talk to and every member of its team, with the
// caller's remark and status, presence, unread count and last message; and the remark itself.
import { CONTACT_PAGE_SIZE, type ChatContact, type ChatContactList } from '../../shared/api/agent-chat.ts';
import type { CustomerType } from '../../shared/enums.ts';
import type { Queryable } from '../db/pool.ts';
import { assertTeamMember } from '../agents/tree.ts';

/** A session seen this recently (and not ended) counts as online for the contact list's dot. */
export const ONLINE_WINDOW_MINUTES = 10;

interface ContactRow {
  id: string;
  username: string;
  alias: string;
  type: CustomerType;
  relation: 'UPLINE' | 'MEMBER';
  depth: number;
  remark: string | null;
  status: string | null;
  online: boolean;
  last_seen_at: Date | null;
  unread: number;
  last_message: string | null;
  last_message_at: Date | null;
  total: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listContacts(db: Queryable, callerId: number, query: { search?: string | undefined; page: number }): Promise<ChatContactList> {
  const search = query.search ? escapeLike(query.search.toLowerCase()) : null;
  const result = await db.query<ContactRow>(
    `WITH contacts AS (
       SELECT t.descendant_id AS id, t.depth, 'MEMBER' AS relation, t.ancestor_id AS agent_id, t.descendant_id AS member_id
         FROM customer_tree t WHERE t.ancestor_id = $1 AND t.depth > 0
       UNION ALL
       SELECT t.ancestor_id, t.depth, 'UPLINE', t.ancestor_id, t.descendant_id
         FROM customer_tree t
        WHERE t.descendant_id = $1 AND t.depth > 0
          AND (t.depth = 1 OR EXISTS (SELECT 1 FROM agent_chat_messages m WHERE m.agent_id = t.ancestor_id AND m.member_id = $1))
     )
     SELECT c.id, cu.username, cu.alias, cu.type, c.relation, c.depth, note.remark, note.status,
            seen.online, seen.last_seen_at,
            pending.unread,
            last.content AS last_message, last.created_at AS last_message_at,
            count(*) OVER ()::int AS total
       FROM contacts c
       JOIN customers cu ON cu.id = c.id AND cu.test_mode IS NULL
       LEFT JOIN agent_chat_contacts note ON c.relation = 'MEMBER' AND note.agent_id = $1 AND note.member_id = c.id
       LEFT JOIN LATERAL (
         SELECT bool_or(s.revoked_at IS NULL AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => $5)) AS online,
                max(s.last_seen_at) AS last_seen_at
           FROM sessions s WHERE s.customer_id = c.id
       ) seen ON true
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS unread FROM agent_chat_messages m
          WHERE m.recipient_id = $1 AND m.sender_id = c.id AND m.read_at IS NULL
       ) pending
       LEFT JOIN LATERAL (
         SELECT m.content, m.created_at FROM agent_chat_messages m
          WHERE m.agent_id = c.agent_id AND m.member_id = c.member_id ORDER BY m.id DESC LIMIT 1
       ) last ON true
      WHERE $2::text IS NULL
         OR cu.username_key LIKE $2 || '%'
         OR lower(note.remark) LIKE '%' || $2 || '%'
         OR lower(note.status) LIKE '%' || $2 || '%'
      ORDER BY (c.relation = 'UPLINE') DESC, pending.unread > 0 DESC, last.created_at DESC NULLS LAST, cu.username_key
      LIMIT $3 OFFSET $4`,
    [callerId, search, CONTACT_PAGE_SIZE, (query.page - 1) * CONTACT_PAGE_SIZE, ONLINE_WINDOW_MINUTES],
  );
  return {
    items: result.rows.map(presentContact),
    total: result.rows[0]?.total ?? 0,
    page: query.page,
    pageSize: CONTACT_PAGE_SIZE,
  };
}

function presentContact(row: ContactRow): ChatContact {
  return {
    id: Number(row.id),
    username: row.username,
    alias: row.alias,
    type: row.type,
    relation: row.relation,
    level: row.depth,
    remark: row.remark,
    status: row.status,
    online: row.online ?? false,
    lastSeenAt: row.last_seen_at?.getTime() ?? null,
    unread: row.unread,
    lastMessage: row.last_message,
    lastMessageAt: row.last_message_at?.getTime() ?? null,
  };
}

/** The agent's remark and status on a member of its team (blank clears). */
export async function setRemark(
  db: Queryable,
  agentId: number,
  memberId: number,
  note: { remark?: string | undefined; status?: string | undefined },
): Promise<{ remark: string | null; status: string | null }> {
  await assertTeamMember(db, agentId, memberId);
  const saved = await db.query<{ remark: string | null; status: string | null }>(
    `INSERT INTO agent_chat_contacts (agent_id, member_id, remark, status) VALUES ($1, $2, $3, $4)
     ON CONFLICT (agent_id, member_id) DO UPDATE SET remark = EXCLUDED.remark, status = EXCLUDED.status, updated_at = now()
     RETURNING remark, status`,
    [agentId, memberId, note.remark ?? null, note.status ?? null],
  );
  return saved.rows[0]!;
}
