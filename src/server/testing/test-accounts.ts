// Accounts made for one browser test (NODE_ENV=test only): each test owns its balance, orders and
// favourites, so no test reads another's settlement. Shaped like the demo accounts of db/seed.ts
// (a player under demo_agent, an agent under demo_primary, a trial account of the demo link), funded
// by a ledger transfer like every other balance change.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { DEFAULT_PLAYER_PRIZE_GROUP, prizeGroupSchema } from '../../shared/agent/prize-groups.ts';
import { yuan } from '../../shared/money.ts';
import { withTransaction } from '../db/pool.ts';
import { hashPassword } from '../session/passwords.ts';
import { playerAccountId, postTransfer, systemAccountId } from '../wallet/ledger.ts';

export const TEST_ACCOUNT_PASSWORD = 'test1234';
const PARENT = { PLAYER: 'demo_agent', AGENT: 'demo_primary', TRIAL: null } as const;
const TRIAL_LINK = 'demo-reg';

export const TestAccountSchema = z.object({
  kind: z.enum(['PLAYER', 'AGENT', 'TRIAL']),
  alias: z.string().min(1).max(32),
  vipLevel: z.enum(['NOT_VIP', 'VIP_1', 'VIP_2']).default('NOT_VIP'),
  /** Whole 元. */
  funds: z.number().int().min(0).max(10_000_000).default(0),
  /** Default: 1956 for an agent (under demo_primary's 1960), 1950 for a player. */
  prizeGroup: prizeGroupSchema.optional(),
  /** Place the account under this customer instead of the demo parent (team tests build their own trees). */
  parentUsername: z.string().min(1).max(32).optional(),
  /** Set the money password at once (transfers and withdrawals need one). */
  moneyPassword: z.string().min(5).max(32).optional(),
});
export type TestAccountRequest = z.infer<typeof TestAccountSchema>;

export interface TestAccount {
  username: string;
  password: string;
}

/** 16 characters of the username alphabet (letters, digits, underscore); never a demo name. */
function testUsername(): string {
  return `t_${randomBytes(7).toString('hex')}`;
}

export async function createTestAccount(pool: pg.Pool, request: TestAccountRequest): Promise<TestAccount> {
  const username = testUsername();
  const passwordHash = await hashPassword(TEST_ACCOUNT_PASSWORD);
  const moneyPasswordHash = request.moneyPassword === undefined ? null : await hashPassword(request.moneyPassword);
  const trial = request.kind === 'TRIAL';
  await withTransaction(pool, async (client) => {
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO customers (username, username_key, password_hash, alias, type, vip_level, test_mode, parent_id,
                              registration_link_id, prize_group, money_password_hash)
       VALUES ($1, $1, $2, $3, $4, $5, $6, (SELECT id FROM customers WHERE username_key = $7), $8, $9, $10)
       RETURNING id`,
      [
        username,
        passwordHash,
        request.alias,
        trial ? 'PLAYER' : request.kind,
        request.vipLevel,
        trial ? 'USER_TEST' : null,
        request.parentUsername?.toLowerCase() ?? PARENT[request.kind],
        trial ? TRIAL_LINK : null,
        request.prizeGroup ?? (request.kind === 'AGENT' ? 1956 : DEFAULT_PLAYER_PRIZE_GROUP),
        moneyPasswordHash,
      ],
    );
    const customerId = inserted.rows[0]!.id;
    if (request.funds === 0) return;
    const source = await systemAccountId(client, 'external:e2e-funding', 'EXTERNAL');
    const wallet = await playerAccountId(client, customerId);
    await postTransfer(client, {
      idempotencyKey: `e2e:${customerId}:funds`,
      type: trial ? 'TRIAL' : 'DEP',
      memo: trial ? '试玩体验金' : '测试充值',
      legs: [
        { accountId: source, amount: -yuan(request.funds) },
        { accountId: wallet, amount: yuan(request.funds) },
      ],
    });
  });
  return { username, password: TEST_ACCOUNT_PASSWORD };
}
