// The agent team pages' server state: under the `user` prefix (logout drops it), never persisted —
// another customer's figures are not worth keeping offline, and they change as the team plays.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  AGENT_TEAM_PATHS,
  MemberDetailSchema,
  MemberListSchema,
  TeamOrderDetailSchema,
  TeamOrderListSchema,
  TransferConfigSchema,
  TransferSchema,
  WalletRecordListSchema,
  type MemberScope,
  type TeamOrderListQuery,
  type TransferRequest,
  type WalletRecordKind,
} from '../../../../shared/api/agent-team.ts';
import { apiGet, apiPost, apiPut } from '../../../lib/api/client.ts';
import { USER_QUERY_PREFIX } from '../../session/session-queries.ts';
import { WALLET_QUERY_ROOT } from '../../wallet/payment-status-events.ts';

export const TEAM_QUERY_KEY = [USER_QUERY_PREFIX, 'agent-team'] as const;
export const TEAM_PAGE_SIZE = 20;

export interface MemberFilters {
  scope: MemberScope;
  parentId?: number;
  username?: string;
  page: number;
}

const withParams = (path: string, params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return `${path}?${search.toString()}`;
};

export const memberListQueryOptions = (filters: MemberFilters) =>
  queryOptions({
    queryKey: [...TEAM_QUERY_KEY, 'members', filters] as const,
    queryFn: ({ signal }) =>
      apiGet(withParams(AGENT_TEAM_PATHS.members, { ...filters, pageSize: TEAM_PAGE_SIZE }), MemberListSchema, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const memberDetailQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: [...TEAM_QUERY_KEY, 'member', memberId] as const,
    queryFn: ({ signal }) => apiGet(AGENT_TEAM_PATHS.member(memberId), MemberDetailSchema, signal),
    staleTime: 0,
  });

export const teamOrderListQueryOptions = (query: TeamOrderListQuery) =>
  queryOptions({
    queryKey: [...TEAM_QUERY_KEY, 'orders', query] as const,
    queryFn: ({ signal }) => apiGet(withParams(AGENT_TEAM_PATHS.orders, { ...query }), TeamOrderListSchema, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const teamOrderDetailQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...TEAM_QUERY_KEY, 'order', orderId] as const,
    queryFn: ({ signal }) => apiGet(AGENT_TEAM_PATHS.order(orderId), TeamOrderDetailSchema, signal),
    staleTime: 15_000,
  });

export interface WalletRecordFilters {
  kind: WalletRecordKind;
  username?: string;
  from?: string;
  to?: string;
  page: number;
}

export const walletRecordsQueryOptions = (filters: WalletRecordFilters) =>
  queryOptions({
    queryKey: [...TEAM_QUERY_KEY, 'wallet', filters] as const,
    queryFn: ({ signal }) =>
      apiGet(withParams(AGENT_TEAM_PATHS.walletRecords, { ...filters, pageSize: TEAM_PAGE_SIZE }), WalletRecordListSchema, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const transferConfigQueryOptions = () =>
  queryOptions({
    queryKey: [...TEAM_QUERY_KEY, 'transfer-config'] as const,
    queryFn: ({ signal }) => apiGet(AGENT_TEAM_PATHS.transferConfig, TransferConfigSchema, signal),
    staleTime: 0,
  });

export function changePrizeGroupRequest(memberId: number, prizeGroup: number) {
  return apiPut(AGENT_TEAM_PATHS.memberPrizeGroup(memberId), { prizeGroup }, MemberDetailSchema);
}

/** The amount travels as the 元 text typed: the shared rule parses it on the server too. */
export function transferRequest(body: Omit<TransferRequest, 'amount'> & { amount: string }) {
  return apiPost(AGENT_TEAM_PATHS.transfers, body, TransferSchema);
}

/** After a change: the team's figures and the agent's own wallet (balance, statement) are asked for again. */
export function refreshTeam(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT })]);
}
