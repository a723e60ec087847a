// What the live hooks hand to the jackpot components (entry chunk: no imports but the store and the
// session's change hook, both in the entry chunk already).
import { createSimpleStore } from '../../lib/store/simple-store.ts';
import { onCustomerChange } from '../session/session-queries.ts';

/** A prize this customer just won (jackpotDistribution), until they close the notice. */
export const jackpotAward = createSimpleStore<{ type: 'lucky' | 'super'; prize: number; eventId: string } | null>(null);
onCustomerChange(() => jackpotAward.set(null));

/** The last super prize announced to everyone (superJackpotWon), for the non-production popup. */
export const superJackpotWinner = createSimpleStore<{ winner: string; prize: number; drawId: number } | null>(null);

/** The summary query (GET /ajax/jackpot): its key only, so entry-chunk readers import nothing else. */
export const JACKPOT_SUMMARY_QUERY_KEY = ['jackpot', 'summary'] as const;
