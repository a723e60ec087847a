// Live events of a deposit (decisions §6): the new balance and the payment status, published only after
// the transaction that changed them committed.
import type { PaymentStatus } from '../../../shared/enums.ts';
import type { Money } from '../../../shared/money.ts';
import type { ServerContext } from '../../context.ts';

export type DepositEvent = Parameters<ServerContext['events']['publish']>[0][number];

export function depositStatusEvent(customerId: number, id: number, status: PaymentStatus): DepositEvent {
  return { customerId, type: 'paymentStatus', payload: { kind: 'DEPOSIT', id, status } };
}

export function balanceEvent(customerId: number, balance: Money): DepositEvent {
  return { customerId, type: 'balance', payload: { balance } };
}

/** Fire and forget: a lost event costs a refresh, never money. */
export function publishAfterCommit(ctx: ServerContext, events: readonly DepositEvent[], log?: { warn: (obj: object, msg: string) => void }): void {
  if (events.length === 0) return;
  void ctx.events.publish(events).catch((error: unknown) => log?.warn({ err: error }, 'deposit events not published'));
}
