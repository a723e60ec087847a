// A verified payout notification from the gateway (the notification route checked its signature and
// calls this once per delivery). Duplicates and reordering are harmless: an outcome applies only to a
// SUBMITTED withdrawal, once; PROCESSING after PAID changes nothing.
import type { PayoutState } from '../../payments/gateway.ts';
import type { ServerContext } from '../../context.ts';
import { applyPayoutAnswer } from './payouts.ts';

export async function handlePayoutNotification(ctx: ServerContext, state: PayoutState): Promise<void> {
  await applyPayoutAnswer(ctx, { reference: state.merchantPayoutId }, state, '通知');
}
