// Test-only (NODE_ENV=test, registered by the commission plugin): browser tests cannot log in as the
// demo agents, and test agents have no members, so this makes a member under a test agent with a
// settled bet of its own, paid for like a real one (funded, then the stake moved to the house).
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { yuan } from '../../../shared/money.ts';
import { withTransaction } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { houseAccountFor } from '../../orders/accounts.ts';
import { playerAccountId, postTransfers, systemAccountId } from '../../wallet/ledger.ts';

export const MemberBetsSchema = z.object({
  agent: z.string().min(1).max(32),
  /** Whole 元 of one settled, lost bet. */
  stake: z.number().int().min(1).max(100_000),
});

export async function createMemberWithBet(pool: pg.Pool, body: z.infer<typeof MemberBetsSchema>): Promise<{ username: string }> {
  const username = `m_${randomBytes(7).toString('hex')}`;
  return withTransaction(pool, async (client) => {
    const agent = await client.query<{ id: number }>(`SELECT id FROM customers WHERE username_key = $1 AND type IN ('AGENT', 'PRIMARY_AGENT')`, [
      body.agent.toLowerCase(),
    ]);
    if (!agent.rows[0]) throw errors.notFound('代理不存在');
    const member = await client.query<{ id: number }>(
      `INSERT INTO customers (username, username_key, password_hash, alias, type, parent_id, prize_group)
       VALUES ($1, $1, 'x', $1, 'PLAYER', $2, 1950) RETURNING id`,
      [username, agent.rows[0].id],
    );
    const memberId = member.rows[0]!.id;
    const stake = yuan(body.stake);
    const order = await client.query<{ id: number }>(
      `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, prize_group, settled_at)
       VALUES ($1, $2, 'UUFFC', 'REGULAR', '1', 'LOST', 1, $3, 1950, now() - interval '1 minute') RETURNING id`,
      [memberId, `e2e-commission-${memberId}`, stake],
    );
    const wallet = await playerAccountId(client, memberId);
    const source = await systemAccountId(client, 'external:e2e-funding', 'EXTERNAL');
    await postTransfers(client, [
      { idempotencyKey: `e2e:${memberId}:funds`, type: 'DEP', memo: '测试充值', legs: [{ accountId: source, amount: -stake }, { accountId: wallet, amount: stake }] },
      {
        idempotencyKey: `bet:${order.rows[0]!.id}`,
        type: 'BET',
        reference: `order:${order.rows[0]!.id}`,
        legs: [{ accountId: wallet, amount: -stake }, { accountId: await houseAccountFor(client, memberId), amount: stake }],
      },
    ]);
    return { username };
  });
}
