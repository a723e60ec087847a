// One customer as the operator's detail page shows it: profile, state, agent line, balance.
import type { CustomerDetail } from '../../../shared/backoffice/customers.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { pendingUnfreezeOf } from './unfreeze.ts';
import { iso, isoOrNull } from './rows.ts';

export const CUSTOMER_NOT_FOUND = '客户不存在';

interface DetailRow {
  id: number;
  username: string;
  alias: string;
  type: CustomerDetail['type'];
  test_mode: string | null;
  vip_level: CustomerDetail['vipLevel'];
  prize_group: number;
  phone: string | null;
  email: string | null;
  qq: string | null;
  wechat: string | null;
  birthday: string | null;
  registration_link_id: string | null;
  created_at: Date;
  last_login_at: Date | null;
  first_login: boolean;
  password_change_required: boolean;
  frozen_at: Date | null;
  frozen_reason: string | null;
  balance: number;
  direct_members: number;
  active_sessions: number;
}

/** The agents above a customer, from the top of the tree down to the direct parent. */
async function agentLine(db: Queryable, customerId: number): Promise<CustomerDetail['agentLine']> {
  const rows = await db.query<{ id: number; username: string; alias: string; type: CustomerDetail['type'] }>(
    `WITH RECURSIVE line AS (
        SELECT p.id, p.username, p.alias, p.type, p.parent_id, 1 AS depth
          FROM customers c JOIN customers p ON p.id = c.parent_id WHERE c.id = $1
        UNION ALL
        SELECT p.id, p.username, p.alias, p.type, p.parent_id, l.depth + 1
          FROM customers p JOIN line l ON p.id = l.parent_id WHERE l.depth < 32)
     SELECT id, username, alias, type FROM line ORDER BY depth DESC`,
    [customerId],
  );
  return rows.rows;
}

export async function customerDetail(db: Queryable, customerId: number): Promise<CustomerDetail> {
  const found = await db.query<DetailRow>(
    `SELECT c.id, c.username, c.alias, c.type, c.test_mode, c.vip_level, c.prize_group, c.phone, c.email, c.qq, c.wechat,
            to_char(c.birthday, 'YYYY-MM-DD') AS birthday, c.registration_link_id, c.created_at, c.last_login_at, c.first_login,
            c.password_change_required, c.frozen_at, c.frozen_reason, coalesce(a.balance, 0)::bigint AS balance,
            (SELECT count(*)::int FROM customers m WHERE m.parent_id = c.id) AS direct_members,
            (SELECT count(*)::int FROM sessions s WHERE s.customer_id = c.id AND s.revoked_at IS NULL AND s.expires_at > now()) AS active_sessions
       FROM customers c LEFT JOIN ledger_accounts a ON a.customer_id = c.id AND a.kind = 'PLAYER_MAIN'
      WHERE c.id = $1`,
    [customerId],
  );
  const row = found.rows[0];
  if (!row) throw errors.notFound(CUSTOMER_NOT_FOUND);
  return {
    id: row.id,
    username: row.username,
    alias: row.alias,
    type: row.type,
    trial: row.test_mode !== null,
    vipLevel: row.vip_level,
    prizeGroup: row.prize_group,
    phone: row.phone,
    email: row.email,
    qq: row.qq,
    wechat: row.wechat,
    birthday: row.birthday,
    registrationLinkId: row.registration_link_id,
    createdAt: iso(row.created_at),
    lastLoginAt: isoOrNull(row.last_login_at),
    firstLoginPending: row.first_login,
    passwordChangeRequired: row.password_change_required,
    frozen: row.frozen_at ? { at: iso(row.frozen_at), reason: row.frozen_reason ?? '' } : null,
    pendingUnfreeze: await pendingUnfreezeOf(db, customerId),
    agentLine: await agentLine(db, customerId),
    directMembers: row.direct_members,
    balance: row.balance,
    activeSessions: row.active_sessions,
  };
}
