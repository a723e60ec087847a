// 手动开户 (issue 19 item 3): an agent creates a member or sub-agent with a username, an initial
// password and a prize group. The account has first_login set and no registration link, so its first
// login is spec §4's by-manual variant: a new password and the user agreement before anything else.
import type pg from 'pg';
import type { CreatedAccount, NewAccountType } from '../../../shared/api/agent-links.ts';
import { LINK_MESSAGES } from '../../../shared/api/agent-links.ts';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import { isUniqueViolation } from '../../accounts/customers.ts';
import { releaseSlot, reserveSlot } from '../../accounts/rate-limit.ts';
import { usernameUnavailable } from '../../accounts/registration/register.ts';
import { withTransaction } from '../../db/pool.ts';
import { AppError } from '../../http/errors.ts';
import { hashPassword } from '../../session/passwords.ts';
import { assertMayCreate, creationRules } from './creation-rules.ts';

/** Accounts one agent may create by hand per hour: a team grows by links, not by scripts. */
export const MANUAL_ACCOUNTS_PER_HOUR = 60;

export interface ManualAccount {
  accountType: NewAccountType;
  username: string;
  password: string;
  prizeGroup: number;
}

async function insertAccount(pool: pg.Pool, agentId: number, input: ManualAccount, passwordHash: string): Promise<CreatedAccount> {
  try {
    return await withTransaction(pool, async (client) => {
      assertMayCreate(await creationRules(client, agentId, true), input.accountType, input.prizeGroup);
      const inserted = await client.query<{ id: string }>(
        `INSERT INTO customers (username, username_key, password_hash, alias, type, parent_id, first_login, prize_group)
         VALUES ($1, $2, $3, $1, $4, $5, true, $6) RETURNING id`,
        [input.username, input.username.toLowerCase(), passwordHash, input.accountType, agentId, input.prizeGroup],
      );
      return { id: Number(inserted.rows[0]!.id), username: input.username, accountType: input.accountType, prizeGroup: input.prizeGroup };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameUnavailable();
    throw error;
  }
}

export async function createManualAccount(pool: pg.Pool, agentId: number, input: ManualAccount): Promise<CreatedAccount> {
  // Only creations count: the slot is given back when the account is refused.
  const slot = await reserveSlot(pool, { bucket: 'agent-manual-account', key: String(agentId), limit: MANUAL_ACCOUNTS_PER_HOUR, windowMs: 3_600_000 });
  if (slot === null) throw new AppError(429, ERROR_CODES.RATE_LIMITED, LINK_MESSAGES.manualRate);
  try {
    return await insertAccount(pool, agentId, input, await hashPassword(input.password));
  } catch (error) {
    await releaseSlot(pool, slot);
    throw error;
  }
}
