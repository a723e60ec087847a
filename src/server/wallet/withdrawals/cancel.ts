// The player takes a request back while nobody has claimed it and it has not gone to payout: the
// status change and the WFAIL return are one transaction, and the conditional status change decides
// any race with a claiming operator.
import type pg from 'pg';
import { withTransaction } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { returnWithdrawal } from './ledger-steps.ts';
import { CANCELLABLE, transition, type WithdrawalRow } from './store.ts';

export async function cancelWithdrawal(pool: pg.Pool, customerId: number, id: number): Promise<WithdrawalRow> {
  return withTransaction(pool, async (client) => {
    const cancelled = await transition(client, id, {
      from: CANCELLABLE,
      to: 'CANCELLED',
      where: { sql: 'customer_id = $1', params: [customerId] },
      event: { action: '取消', by: null, note: '用户取消' },
    });
    if (!cancelled) {
      const found = await client.query('SELECT 1 FROM withdrawals WHERE id = $1 AND customer_id = $2', [id, customerId]);
      if ((found.rowCount ?? 0) === 0) throw errors.notFound('提现单不存在');
      throw errors.conflict('该提现单已在处理中，无法取消');
    }
    await returnWithdrawal(client, cancelled);
    return cancelled;
  });
}
