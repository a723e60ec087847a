// The statement in the query cache, under the wallet root: a deposit or withdrawal status event
// (payment-status-events.ts) and a balance change refetch it. Not persisted: it is a live record.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { TransactionListSchema, transactionListPath, type TransactionListQuery } from '../../../../shared/api/wallet.ts';
import { apiGet } from '../../../lib/api/client.ts';
import { WALLET_QUERY_ROOT } from '../payment-status-events.ts';

export const TRANSACTIONS_QUERY_KEY = [...WALLET_QUERY_ROOT, 'transactions'] as const;

export const transactionListQueryOptions = (query: TransactionListQuery) =>
  queryOptions({
    queryKey: [...TRANSACTIONS_QUERY_KEY, query] as const,
    queryFn: ({ signal }) => apiGet(transactionListPath(query), TransactionListSchema, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
