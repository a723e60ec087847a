// The award on screen for its 3 seconds (spec §9): kept outside the claimable list, so a refetch that
// already lacks the claimed packet neither cuts the display short nor hides the float under it.
import { createSimpleStore } from '../../lib/store/simple-store.ts';
import { onCustomerChange } from '../session/session-queries.ts';

export interface ShownAward {
  packetId: number;
  award: number;
}

export const shownAward = createSimpleStore<ShownAward | null>(null);
// The award is the customer's who opened the packet.
onCustomerChange(() => shownAward.set(null));
