// Trial accounts (spec §1, §6): testMode USER_TEST, a generated name, no password anyone knows, demo
// funds credited by a TRIAL ledger transfer from an external account, all in one transaction.
import { randomBytes, randomInt } from 'node:crypto';
import type pg from 'pg';
import { yuan } from '../../../shared/money.ts';
import { withTransaction } from '../../db/pool.ts';
import { playerAccountId, postTransfer, systemAccountId } from '../../wallet/ledger.ts';
import { isUniqueViolation } from '../customers.ts';

export const TRIAL_FUNDING_ACCOUNT = 'external:trial-funding';
// Not an Argon2 hash: verifying any password against it fails, so a trial account has no login.
const NO_PASSWORD = '!trial-account-without-password';
const NAME_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function trialUsername(): string {
  return `sw${Array.from(randomBytes(8), (b) => NAME_ALPHABET[b % NAME_ALPHABET.length]).join('')}`;
}

export async function createTrialAccount(pool: pg.Pool, registrationLinkId: string, fundsYuan: number): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await withTransaction(pool, async (client) => {
        const username = trialUsername();
        const inserted = await client.query<{ id: number }>(
          `INSERT INTO customers (username, username_key, password_hash, alias, type, test_mode, registration_link_id)
           VALUES ($1, $1, $2, $3, 'PLAYER', 'USER_TEST', $4) RETURNING id`,
          [username, NO_PASSWORD, `试玩玩家${randomInt(1000, 10_000)}`, registrationLinkId],
        );
        const customerId = inserted.rows[0]!.id;
        const source = await systemAccountId(client, TRIAL_FUNDING_ACCOUNT, 'EXTERNAL');
        const wallet = await playerAccountId(client, customerId);
        await postTransfer(client, {
          idempotencyKey: `trial:${customerId}:funds`,
          type: 'TRIAL',
          memo: '试玩体验金',
          legs: [
            { accountId: source, amount: -yuan(fundsYuan) },
            { accountId: wallet, amount: yuan(fundsYuan) },
          ],
        });
        return customerId;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}
