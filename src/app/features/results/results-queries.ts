// The 开奖 data: every draw type's latest result (one request for the 开奖 page and all lobby cards)
// and one draw type's history a page at a time. Kept small: the lobby's first bundle imports it.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { HistoryPageSchema, historyPath, LATEST_RESULTS_PATH, LatestResultsSchema } from '../../../shared/api/draws.ts';
import { apiGet } from '../../lib/api/client.ts';
import { DRAWS_QUERY_PREFIX } from '../games/draws/draw-events.ts';

export const HISTORY_PAGE_SIZE = 20;
/** Forty-odd draw types draw every minute or so: a poll serves better than a refetch per `drawResult` event. */
const LATEST_POLL_MS = 15_000;

export const latestResultsQueryOptions = () =>
  queryOptions({
    queryKey: [DRAWS_QUERY_PREFIX, 'latest'] as const,
    queryFn: ({ signal }) => apiGet(LATEST_RESULTS_PATH, LatestResultsSchema, signal),
    staleTime: 10_000,
    refetchInterval: LATEST_POLL_MS,
  });

/** Under the draw type's key: a `drawResult` event of that type refreshes the page shown. */
export const historyQueryOptions = (drawType: string, page: number) =>
  queryOptions({
    queryKey: [DRAWS_QUERY_PREFIX, drawType, 'history', page] as const,
    queryFn: ({ signal }) => apiGet(`${historyPath(drawType)}?page=${page}&pageSize=${HISTORY_PAGE_SIZE}`, HistoryPageSchema, signal),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
