// The jackpot pool's share of each settled order (issue 22 item 3), recorded by settlement in
// jackpot_contributions. Passed to the settlement lifecycle by app.ts. Settlement only ever settles
// orders as WON or LOST (cancelled orders never reach it), so every settled order contributes.
import type { JackpotHook } from '../orders/settlement.ts';
import { currentContributionBp } from './settings.ts';

/** bp basis points of the stake, rounded down to 0.0001 元. */
export function contributionOf(stake: number, bp: number): number {
  return Math.floor((stake * bp) / 10_000);
}

export const jackpotHook: JackpotHook = {
  contribution: (order) => contributionOf(order.totalStake, currentContributionBp()),
};
