// After a withdrawal's transaction commits: the player's balance and the request's new status go out
// on the live stream (the PWA refetches its wallet views on paymentStatus).
import type { ServerContext } from '../../context.ts';
import { playerBalance } from '../ledger.ts';
import type { WithdrawalRow } from './store.ts';

export async function publishWithdrawal(ctx: ServerContext, row: Pick<WithdrawalRow, 'id' | 'customer_id' | 'status'>): Promise<void> {
  const balance = await playerBalance(ctx.database.pool, row.customer_id);
  await ctx.events.publish([
    { customerId: row.customer_id, type: 'balance', payload: { balance } },
    { customerId: row.customer_id, type: 'paymentStatus', payload: { kind: 'WITHDRAWAL', id: row.id, status: row.status } },
  ]);
}

/** Fire and forget: a lost live event is repaired by the next refetch; it must never fail the request. */
export function publishLater(ctx: ServerContext, row: Pick<WithdrawalRow, 'id' | 'customer_id' | 'status'> | null | undefined): void {
  if (!row) return;
  void publishWithdrawal(ctx, row).catch(() => {});
}
