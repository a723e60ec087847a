// The withdrawal pages' server state. Every key sits under [USER_QUERY_PREFIX, 'wallet', …], so a live
// `paymentStatus` event (payment-status-events.ts) refetches all of it.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  PayoutAccountListSchema,
  PayoutAccountSchema,
  WITHDRAWAL_PATHS,
  WithdrawalConfigSchema,
  WithdrawalHistorySchema,
  WithdrawalRequestSchema,
  WithdrawalSchema,
  type BindPayoutAccount,
  type HistoryQuery,
  type WithdrawalConfig,
} from '../../../../shared/api/withdrawals.ts';
import { RequiredStakeSchema, WALLET_PATHS } from '../../../../shared/api/wallet.ts';
import { apiGet, apiPost, apiPut } from '../../../lib/api/client.ts';
import { WALLET_QUERY_ROOT } from '../payment-status-events.ts';

export const WITHDRAWALS_KEY = [...WALLET_QUERY_ROOT, 'withdrawals'] as const;
export const WITHDRAWAL_CONFIG_KEY = [...WITHDRAWALS_KEY, 'config'] as const;
export const PAYOUT_ACCOUNTS_KEY = [...WITHDRAWALS_KEY, 'accounts'] as const;


// Money views are asked for again on every visit: balance, limits and the money password may have
// changed elsewhere (the account centre, another device) since the cache was filled.
const FRESH = 0;

export const withdrawalConfigQueryOptions = () =>
  queryOptions({
    queryKey: WITHDRAWAL_CONFIG_KEY,
    staleTime: FRESH,
    queryFn: ({ signal }) => apiGet(WITHDRAWAL_PATHS.withdrawalConfig, WithdrawalConfigSchema, signal),
  });

export const payoutAccountsQueryOptions = () =>
  queryOptions({
    queryKey: PAYOUT_ACCOUNTS_KEY,
    staleTime: FRESH,
    queryFn: ({ signal }) => apiGet(WITHDRAWAL_PATHS.payoutAccounts, PayoutAccountListSchema, signal),
  });

export function withdrawalHistoryPath(query: HistoryQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  return `${WITHDRAWAL_PATHS.withdrawalHistory}?${params.toString()}`;
}

/** Statuses a withdrawal leaves on its own (audit, payout): the history asks again while one shows. */
const IN_PROGRESS: ReadonlySet<string> = new Set(['PENDING', 'WAITING_FOR_AUDIT', 'AUDITING', 'AUTO_AUDIT_FAILED', 'SUBMITTED']);
/**
 * The live `paymentStatus` event refetches the history at once; this poll is for a stream that died
 * without a sign (a phone's network can drop it silently), so a request paid meanwhile still shows 成功.
 */
const IN_PROGRESS_POLL_MS = 15_000;

export const withdrawalHistoryQueryOptions = (query: HistoryQuery) =>
  queryOptions({
    queryKey: [...WITHDRAWALS_KEY, 'history', query],
    staleTime: FRESH,
    queryFn: ({ signal }) => apiGet(withdrawalHistoryPath(query), WithdrawalHistorySchema, signal),
    refetchInterval: (q) => (q.state.data?.items.some((item) => IN_PROGRESS.has(item.status)) ? IN_PROGRESS_POLL_MS : false),
  });

/** The server answers a binding with the new account, bare or as `{ account }`. */
const BoundAccountSchema = z.union([PayoutAccountSchema, z.object({ account: PayoutAccountSchema }).transform((body) => body.account)]);

export const bindPayoutAccount = (body: BindPayoutAccount) => apiPost(WITHDRAWAL_PATHS.payoutAccounts, body, BoundAccountSchema);

/** The request answers with the new withdrawal, bare or as `{ withdrawal }`. */
const CreatedWithdrawalSchema = z.union([WithdrawalSchema, z.object({ withdrawal: WithdrawalSchema }).transform((body) => body.withdrawal)]);

/** The body as sent: the amount is the 元 text the player typed. */
export type WithdrawalRequestBody = z.input<typeof WithdrawalRequestSchema>;

export const requestWithdrawal = (body: WithdrawalRequestBody) => apiPost(WITHDRAWAL_PATHS.withdrawal, body, CreatedWithdrawalSchema);

export const cancelWithdrawal = (id: number) => apiPost(WITHDRAWAL_PATHS.withdrawalCancel(id), {});

export async function refreshRequiredStake(queryClient: QueryClient): Promise<number> {
  const { remaining } = await apiPut(WALLET_PATHS.requiredStakeRefresh, {}, RequiredStakeSchema);
  queryClient.setQueryData<WithdrawalConfig>(WITHDRAWAL_CONFIG_KEY, (config) => (config ? { ...config, requiredStakeRemaining: remaining } : config));
  return remaining;
}

/** After any change (a binding, a request, a cancellation) every wallet view reloads: balance, limits, history. */
export function refreshWallet(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
}
