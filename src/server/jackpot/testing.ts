// Test-only (NODE_ENV=test): a browser test cannot wait for a real round, so this makes a funded,
// settled bet for the player, commits a lucky round over a window that has just closed with a minimum
// stake only that bet meets, sweeps and draws it with the production code, and publishes the events.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { yuan } from '../../shared/money.ts';
import { withTransaction } from '../db/pool.ts';
import type { NewLiveEvent } from '../events/outbox.ts';
import { errors } from '../http/errors.ts';
import { houseAccountFor } from '../orders/accounts.ts';
import { playerAccountId, postTransfers, systemAccountId } from '../wallet/ledger.ts';
import { drawRound } from './draw-round.ts';
import { commitRound } from './schedule.ts';
import { sweepContributions } from './sweep.ts';

export const LuckyAwardSchema = z.object({ username: z.string().min(1).max(32) });

/** Larger than any bet another test makes, so only this bet qualifies. */
const TEST_STAKE = yuan(88_888);

export async function awardLuckyForTest(pool: pg.Pool, username: string): Promise<{ roundId: number; prize: number; events: NewLiveEvent[] }> {
  const roundId = await withTransaction(pool, async (client) => {
    const found = await client.query<{ id: string }>('SELECT id FROM customers WHERE username_key = $1', [username.toLowerCase()]);
    if (!found.rows[0]) throw errors.notFound('账号不存在');
    const customerId = Number(found.rows[0].id);
    const order = await client.query<{ id: string }>(
      `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, prize_group, settled_at)
       VALUES ($1, $2, 'UUFFC', 'REGULAR', '1', 'LOST', 1, $3, 1950, now()) RETURNING id`,
      [customerId, `e2e-jackpot-${randomBytes(6).toString('hex')}`, TEST_STAKE],
    );
    const orderId = Number(order.rows[0]!.id);
    const wallet = await playerAccountId(client, customerId);
    const source = await systemAccountId(client, 'external:e2e-funding', 'EXTERNAL');
    await postTransfers(client, [
      { idempotencyKey: `e2e:jackpot:${orderId}:funds`, type: 'DEP', memo: '测试充值', legs: [{ accountId: source, amount: -TEST_STAKE }, { accountId: wallet, amount: TEST_STAKE }] },
      {
        idempotencyKey: `bet:${orderId}`,
        type: 'BET',
        reference: `order:${orderId}`,
        legs: [{ accountId: wallet, amount: -TEST_STAKE }, { accountId: await houseAccountFor(client, customerId), amount: TEST_STAKE }],
      },
    ]);
    await client.query(`INSERT INTO jackpot_contributions (order_id, amount, created_at) VALUES ($1, $2, now() - interval '1 second')`, [orderId, TEST_STAKE / 100]);
    // A window of its own (kind and start are unique), just closed.
    const now = Date.now();
    return commitRound(client, 'LUCKY', now - 60_000 - Math.floor(Math.random() * 3_600_000), now, TEST_STAKE);
  });
  await sweepContributions(pool);
  const outcome = await drawRound(pool, roundId);
  return { roundId, prize: outcome?.prize ?? 0, events: outcome?.events ?? [] };
}
