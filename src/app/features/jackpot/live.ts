// Entry chunk: keep tiny (type-only imports, stores and query-cache calls). The components that show
// these (JackpotPoolFloat, SuperWinnerPopup) load lazily and read the stores.
import type { QueryClient } from '@tanstack/react-query';
import type { LiveEventPayloads } from '../../../shared/api/events.ts';
import { JACKPOT_SUMMARY_QUERY_KEY, jackpotAward, superJackpotWinner } from './jackpot-stores.ts';

/** The winner's notice; the balance arrives as its own live event. */
export function onJackpotDistribution(queryClient: QueryClient, award: LiveEventPayloads['jackpotDistribution'], eventId: string): void {
  jackpotAward.set({ type: award.type, prize: award.prize, eventId });
  void queryClient.invalidateQueries({ queryKey: JACKPOT_SUMMARY_QUERY_KEY });
}

export function onSuperJackpotWon(queryClient: QueryClient, won: LiveEventPayloads['superJackpotWon'], _eventId: string): void {
  superJackpotWinner.set(won);
  void queryClient.invalidateQueries({ queryKey: JACKPOT_SUMMARY_QUERY_KEY });
}
