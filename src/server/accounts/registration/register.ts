// Creating an account from a registration: the link's account type (PLAYER or AGENT) under the link's
// agent, at the link's prize group (never above the agent's group as it is now), who sees the by-link
// first-login step (spec §4) on first entry. Taking the link and counting the registration are one
// statement, so a link deleted or expiring meanwhile lets nobody through, and concurrent registrations
// each count once. The consents given on the form (age 18+, user agreement) are recorded with the
// time and address.
import type pg from 'pg';
import { DEFAULT_PLAYER_PRIZE_GROUP } from '../../../shared/agent/prize-groups.ts';
import { USERNAME_UNAVAILABLE_MESSAGE, type RegisterBody } from '../../../shared/api/accounts.ts';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import { withTransaction } from '../../db/pool.ts';
import { AppError } from '../../http/errors.ts';
import { hashPassword } from '../../session/passwords.ts';
import { isUniqueViolation } from '../customers.ts';
import { ACTIVE_LINK, linkGone } from './links.ts';

export const usernameUnavailable = () =>
  new AppError(409, ERROR_CODES.CONFLICT, USERNAME_UNAVAILABLE_MESSAGE, { username: USERNAME_UNAVAILABLE_MESSAGE });

export async function isUsernameTaken(db: pg.Pool, username: string): Promise<boolean> {
  const found = await db.query('SELECT 1 FROM customers WHERE username_key = $1', [username.toLowerCase()]);
  return (found.rowCount ?? 0) > 0;
}

export interface NewPlayer {
  customerId: number;
  alias: string;
}

interface TakenLink {
  agent_id: string;
  account_type: 'PLAYER' | 'AGENT';
  prize_group: number | null;
}

export async function registerPlayer(pool: pg.Pool, linkId: string, body: RegisterBody, ip: string): Promise<NewPlayer> {
  const passwordHash = await hashPassword(body.password);
  const alias = body.username;
  try {
    return await withTransaction(pool, async (client) => {
      const taken = await client.query<TakenLink>(
        `UPDATE registration_links SET registration_count = registration_count + 1
          WHERE id = $1 AND ${ACTIVE_LINK}
          RETURNING agent_id, account_type, prize_group`,
        [linkId],
      );
      const link = taken.rows[0];
      if (!link) throw linkGone();
      // FOR SHARE: a change of the agent's own group waits until this member exists (docs/agents/links.md).
      const agent = await client.query<{ prize_group: number }>('SELECT prize_group FROM customers WHERE id = $1 FOR SHARE', [link.agent_id]);
      const agentGroup = agent.rows[0]!.prize_group;
      const prizeGroup = Math.min(link.prize_group ?? DEFAULT_PLAYER_PRIZE_GROUP, agentGroup);
      const inserted = await client.query<{ id: number }>(
        `INSERT INTO customers (username, username_key, password_hash, alias, type, parent_id, registration_link_id,
                                first_login, prize_group, qq, wechat)
         VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8, $9, $10)
         RETURNING id`,
        [
          body.username,
          body.username.toLowerCase(),
          passwordHash,
          alias,
          link.account_type,
          link.agent_id,
          linkId,
          prizeGroup,
          body.contact?.type === 'QQ' ? body.contact.value : null,
          body.contact?.type === 'WECHAT' ? body.contact.value : null,
        ],
      );
      const customerId = Number(inserted.rows[0]!.id);
      await client.query(
        `INSERT INTO customer_consents (customer_id, kind, ip) VALUES ($1, 'AGE_18', $2), ($1, 'USER_AGREEMENT', $2)`,
        [customerId, ip],
      );
      return { customerId, alias };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameUnavailable();
    throw error;
  }
}
