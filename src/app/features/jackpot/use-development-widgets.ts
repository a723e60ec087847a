// Entry-chunk safe (type-only imports): whether the server is not production (spec §6: the super
// jackpot popup and the development widgets), read from the pool summary that the footer loads at
// start. Vite's import.meta.env.PROD is true in every build, so only the server can say.
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { JackpotSummary } from '../../../shared/api/jackpot.ts';
import { JACKPOT_SUMMARY_QUERY_KEY } from './jackpot-stores.ts';

export function useDevelopmentWidgets(): boolean {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (listener) => queryClient.getQueryCache().subscribe(listener),
    () => queryClient.getQueryData<JackpotSummary>(JACKPOT_SUMMARY_QUERY_KEY)?.showDevelopmentWidgets === true,
    () => false,
  );
}
