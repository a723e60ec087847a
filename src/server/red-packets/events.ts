// Live events of red packets (decisions §6), published after the transaction committed: the claimer's
// new balance (the wallet's balance event), and `redPacketsChanged` for everyone when a packet
// starts, pauses, resumes or ends.
import type { NewLiveEvent } from '../events/outbox.ts';

export { balanceEvent, publishAfterCommit } from '../wallet/deposits/events.ts';

export const packetsChangedEvent = (): NewLiveEvent => ({ customerId: null, type: 'redPacketsChanged', payload: {} });
