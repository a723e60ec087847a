import { queryOptions } from '@tanstack/react-query';
import { BalanceSchema, WALLET_PATHS, type Balance } from '../../../shared/api/wallet.ts';
import { apiGet } from '../../lib/api/client.ts';
import { USER_QUERY_PREFIX } from '../session/session-queries.ts';

export const MAIN_WALLET_BALANCE_PATH = WALLET_PATHS.mainWalletBalance;
export { BalanceSchema, type Balance };

export const BALANCE_QUERY_KEY = [USER_QUERY_PREFIX, 'wallet', 'main-balance'] as const;

/** Persisted on purpose (decisions §7): offline, the header shows it as the last-known balance. */
export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: BALANCE_QUERY_KEY,
    queryFn: ({ signal }) => apiGet(MAIN_WALLET_BALANCE_PATH, BalanceSchema, signal),
    staleTime: 30_000,
  });
