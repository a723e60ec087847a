// Moves the contributions recorded at settlement into the pool: one transfer per sweep, from the house
// shards (by the player's shard: the shards are one house) to jackpot:pool. The guarded UPDATE that marks the rows with the
// sweep's id is the lock: two sweeps at once never take the same row (the second waits for the
// first's row locks, then skips the rows it marked), so each contribution is swept exactly once.
// Trial accounts' bets are marked too but not counted: their stakes are not real money.
import type pg from 'pg';
import { withTransaction } from '../db/pool.ts';
import { HOUSE_SHARDS } from '../orders/accounts.ts';
import { postTransfer, systemAccountId, type TransferLeg } from '../wallet/ledger.ts';
import { jackpotPoolAccountId } from './pool-account.ts';

export interface SweepResult {
  sweepId: number | null;
  amount: number;
  contributions: number;
}

export async function sweepContributions(pool: pg.Pool): Promise<SweepResult> {
  return withTransaction(pool, async (client) => {
    const sweep = await client.query<{ id: string }>(`INSERT INTO jackpot_sweeps (amount, contributions) VALUES (0, 0) RETURNING id`);
    const sweepId = Number(sweep.rows[0]!.id);
    const taken = await client.query<{ shard: number; amount: string; n: number }>(
      `WITH marked AS (
         UPDATE jackpot_contributions c SET sweep_id = $1 WHERE c.sweep_id IS NULL RETURNING c.order_id, c.amount)
       SELECT (o.customer_id % $2)::int AS shard, sum(m.amount) FILTER (WHERE cu.test_mode IS NULL)::bigint AS amount, count(*)::int AS n
         FROM marked m JOIN orders o ON o.id = m.order_id JOIN customers cu ON cu.id = o.customer_id
        GROUP BY 1 ORDER BY 1`,
      [sweepId, HOUSE_SHARDS],
    );
    const count = taken.rows.reduce((sum, r) => sum + r.n, 0);
    if (count === 0) {
      await client.query('ROLLBACK');
      await client.query('BEGIN');
      return { sweepId: null, amount: 0, contributions: 0 };
    }
    const legs: TransferLeg[] = [];
    let total = 0;
    for (const row of taken.rows) {
      const amount = Number(row.amount ?? 0);
      if (amount <= 0) continue;
      legs.push({ accountId: await systemAccountId(client, `house:lottery:${row.shard}`, 'HOUSE'), amount: -amount });
      total += amount;
    }
    let transferId: number | null = null;
    if (total > 0) {
      legs.push({ accountId: await jackpotPoolAccountId(client), amount: total });
      transferId = (await postTransfer(client, { idempotencyKey: `jackpot-sweep:${sweepId}`, type: 'JP', reference: `jackpot-sweep:${sweepId}`, memo: '奖池注资', legs })).transferId;
    }
    await client.query('UPDATE jackpot_sweeps SET amount = $2, contributions = $3, transfer_id = $4 WHERE id = $1', [sweepId, total, count, transferId]);
    return { sweepId, amount: total, contributions: count };
  });
}
