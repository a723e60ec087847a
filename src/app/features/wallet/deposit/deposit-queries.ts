// The deposit pages' server state. Every key sits under [USER_QUERY_PREFIX, 'wallet', 'deposits', …],
// so a live `paymentStatus` event (payment-status-events.ts) refetches all of it.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  DEPOSIT_PATHS,
  depositHistoryPath,
  DepositHistorySchema,
  DepositMethodListSchema,
  DepositSchema,
  type CreateDeposit,
  type DepositHistoryQuery,
} from '../../../../shared/api/deposits.ts';
import { apiGet, apiPost } from '../../../lib/api/client.ts';
import { WALLET_QUERY_ROOT } from '../payment-status-events.ts';

export const DEPOSITS_KEY = [...WALLET_QUERY_ROOT, 'deposits'] as const;

export const depositMethodsQueryOptions = () =>
  queryOptions({
    queryKey: [...DEPOSITS_KEY, 'methods'],
    queryFn: ({ signal }) => apiGet(DEPOSIT_PATHS.methods, DepositMethodListSchema, signal),
    staleTime: 60_000,
  });

export const depositHistoryQueryOptions = (query: DepositHistoryQuery) =>
  queryOptions({
    queryKey: [...DEPOSITS_KEY, 'history', query],
    queryFn: ({ signal }) => apiGet(depositHistoryPath(query), DepositHistorySchema, signal),
  });

/** The amount travels as the 元 text typed: the shared rule parses it into 0.0001 元 on the server too. */
export const createDeposit = (body: CreateDeposit) => apiPost(DEPOSIT_PATHS.deposit, body, DepositSchema);

export function refreshDeposits(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
}
