// Placeholder: issue 17 (helper H3 replaces this file). Called by the gateway-notification route for a
// verified payout notification, once per delivery (duplicates and reordering included): it must be
// idempotent and only ever move a withdrawal forward.
import type { PayoutState } from '../../payments/gateway.ts';
import type { ServerContext } from '../../context.ts';

export async function handlePayoutNotification(_ctx: ServerContext, _state: PayoutState): Promise<void> {}
