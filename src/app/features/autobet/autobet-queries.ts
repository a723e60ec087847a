// Autobets in the query cache, under the customer's prefix (logout drops them). While an autobet runs,
// its detail polls so entries show as they are placed; the first list page persists for offline reading.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { AUTOBET_PATHS, AutobetDetailSchema, AutobetListSchema, type AutobetDetail, type CreateAutobet } from '../../../shared/api/autobet.ts';
import { apiGet, apiPost, apiPut } from '../../lib/api/client.ts';
import { USER_QUERY_PREFIX } from '../session/session-queries.ts';
import { BALANCE_QUERY_KEY } from '../wallet/wallet-queries.ts';
import type { AutobetTab } from './autobet-tabs.ts';

export { AUTOBET_TABS, isAutobetTab, type AutobetTab } from './autobet-tabs.ts';

export const AUTOBET_QUERY_KEY = [USER_QUERY_PREFIX, 'autobet'] as const;
const RUNNING_POLL_MS = 5_000;
const LIST_POLL_MS = 20_000;

export const autobetListQueryOptions = (tab: AutobetTab, page: number) =>
  queryOptions({
    queryKey: [...AUTOBET_QUERY_KEY, 'list', tab, page] as const,
    queryFn: ({ signal }) => apiGet(`${AUTOBET_PATHS.autobets}?tab=${tab}&page=${page}`, AutobetListSchema, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'ONGOING') ? LIST_POLL_MS : false),
    meta: { persist: page === 1 },
  });

export const autobetDetailQueryKey = (autobetId: string) => [...AUTOBET_QUERY_KEY, 'detail', autobetId] as const;

export const autobetDetailQueryOptions = (autobetId: string) =>
  queryOptions({
    queryKey: autobetDetailQueryKey(autobetId),
    queryFn: ({ signal }) => apiGet(AUTOBET_PATHS.autobet(autobetId), AutobetDetailSchema, signal),
    staleTime: 3_000,
    refetchInterval: (query) => (query.state.data?.status === 'ONGOING' ? RUNNING_POLL_MS : false),
  });

export function createAutobetRequest(body: CreateAutobet): Promise<AutobetDetail> {
  return apiPost(AUTOBET_PATHS.autobets, body, AutobetDetailSchema);
}

export function stopAutobetRequest(autobetId: string): Promise<AutobetDetail> {
  return apiPut(AUTOBET_PATHS.stop(autobetId), undefined, AutobetDetailSchema);
}

/** A created or stopped autobet: its answer is the new detail; lists and the balance refetch. */
export function applyAutobetDetail(queryClient: QueryClient, detail: AutobetDetail): void {
  queryClient.setQueryData(autobetDetailQueryKey(detail.autobetId), detail);
  void queryClient.invalidateQueries({ queryKey: [...AUTOBET_QUERY_KEY, 'list'] });
  void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
}
