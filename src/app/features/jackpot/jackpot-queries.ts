// The pool summary (GET /ajax/jackpot): persisted like other public data (decisions §7), so offline
// the detail shows the last-known pool with its age. The total in the footer lives in its own key
// (JACKPOT_TOTAL_QUERY_KEY), seeded from the summary and then set by totalJackpotPoolPrize events.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { JACKPOT_PATHS, JackpotRoundDetailSchema, JackpotSummarySchema } from '../../../shared/api/jackpot.ts';
import { apiGet } from '../../lib/api/client.ts';
import { JACKPOT_TOTAL_QUERY_KEY } from '../mail/mail-queries.ts';
import { JACKPOT_SUMMARY_QUERY_KEY } from './jackpot-stores.ts';

export const jackpotSummaryQueryOptions = () =>
  queryOptions({
    queryKey: JACKPOT_SUMMARY_QUERY_KEY,
    queryFn: ({ signal }) => apiGet(JACKPOT_PATHS.summary, JackpotSummarySchema, signal),
    staleTime: 30_000,
  });

export const jackpotTotalQueryOptions = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: JACKPOT_TOTAL_QUERY_KEY,
    queryFn: async () => (await queryClient.fetchQuery(jackpotSummaryQueryOptions())).totalPrize,
    staleTime: 60_000,
  });

export const jackpotRoundQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['jackpot', 'round', id] as const,
    queryFn: ({ signal }) => apiGet(JACKPOT_PATHS.round(id), JackpotRoundDetailSchema, signal),
    staleTime: 30_000,
  });
