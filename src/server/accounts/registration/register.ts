// Creating a player from a registration: a PLAYER under the link's agent, on the agent's prize group
// at most, who sees the by-link first-login step (spec §4) on first entry. The consents given on the
// form (age 18+, user agreement) are recorded with the time and address.
import type pg from 'pg';
import { USERNAME_UNAVAILABLE_MESSAGE, type RegisterBody } from '../../../shared/api/accounts.ts';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import { withTransaction } from '../../db/pool.ts';
import { AppError } from '../../http/errors.ts';
import { hashPassword } from '../../session/passwords.ts';
import { isUniqueViolation } from '../customers.ts';
import type { ActiveLink } from './links.ts';

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

export async function registerPlayer(pool: pg.Pool, link: ActiveLink, body: RegisterBody, ip: string): Promise<NewPlayer> {
  const passwordHash = await hashPassword(body.password);
  const alias = body.username;
  try {
    return await withTransaction(pool, async (client) => {
      const inserted = await client.query<{ id: number }>(
        `INSERT INTO customers (username, username_key, password_hash, alias, type, parent_id, registration_link_id,
                                first_login, prize_group, qq, wechat)
         SELECT $1, $2, $3, $4, 'PLAYER', a.id, $5, true, LEAST(a.prize_group, 1950), $6, $7
           FROM customers a WHERE a.id = $8
         RETURNING id`,
        [
          body.username,
          body.username.toLowerCase(),
          passwordHash,
          alias,
          link.id,
          body.contact?.type === 'QQ' ? body.contact.value : null,
          body.contact?.type === 'WECHAT' ? body.contact.value : null,
          link.agentId,
        ],
      );
      const customerId = inserted.rows[0]!.id;
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
