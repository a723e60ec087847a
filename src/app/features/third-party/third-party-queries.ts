// Every third-party call of the PWA (src/shared/api/third-party.ts). Catalogue data is shared by all
// visitors and cached a while; wallet data lives under the wallet root, so a balance event or any
// wallet refresh refetches it too, and none of it is persisted (money is shown live or not at all).
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  FishingJoysSchema,
  LaunchAnswerSchema,
  ProviderGamesSchema,
  ProviderWalletSchema,
  ProviderWalletsSchema,
  RecallAnswerSchema,
  SportsStreamSchema,
  THIRD_PARTY_PATHS,
  ThirdPartyRecordListSchema,
  TransferAnswerSchema,
  TransferListSchema,
  type LaunchQuery,
  type TransferRequest,
} from '../../../shared/api/third-party.ts';
import type { ThirdPartyProvider, ThirdPartyTransactionType } from '../../../shared/enums.ts';
import { apiGet, apiPost } from '../../lib/api/client.ts';
import { WALLET_QUERY_ROOT } from '../wallet/payment-status-events.ts';

const CATALOGUE_STALE_MS = 5 * 60_000;
const NOT_PERSISTED = { persist: false } as const;

export const fishingJoysQueryOptions = () =>
  queryOptions({
    queryKey: ['third-party', 'fishing-joy'] as const,
    queryFn: ({ signal }) => apiGet(THIRD_PARTY_PATHS.fishingJoy, FishingJoysSchema, signal),
    staleTime: CATALOGUE_STALE_MS,
    meta: NOT_PERSISTED,
  });

export const slotGamesQueryOptions = (provider: ThirdPartyProvider) =>
  queryOptions({
    queryKey: ['third-party', 'slot-machine', provider] as const,
    queryFn: ({ signal }) => apiGet(THIRD_PARTY_PATHS.slotMachine(provider), ProviderGamesSchema, signal),
    staleTime: CATALOGUE_STALE_MS,
    meta: NOT_PERSISTED,
  });

export const sportsStreamQueryOptions = () =>
  queryOptions({
    queryKey: ['third-party', 'sports-stream'] as const,
    queryFn: ({ signal }) => apiGet(THIRD_PARTY_PATHS.sportsStream, SportsStreamSchema, signal),
    staleTime: CATALOGUE_STALE_MS,
    meta: NOT_PERSISTED,
  });

export function launchPath(query: LaunchQuery): string {
  const search = new URLSearchParams({ gameProvider: query.gameProvider, gameCatalog: query.gameCatalog, device: query.device, autoTransfer: query.autoTransfer });
  if (query.gameRoom) search.set('gameRoom', query.gameRoom);
  if (query.gameId) search.set('gameId', query.gameId);
  return `${THIRD_PARTY_PATHS.launch}?${search.toString()}`;
}

export const requestLaunch = (query: LaunchQuery, signal?: AbortSignal) => apiGet(launchPath(query), LaunchAnswerSchema, signal);

export const THIRD_PARTY_WALLET_ROOT = [...WALLET_QUERY_ROOT, 'third-party'] as const;

export const providerWalletsQueryOptions = () =>
  queryOptions({
    queryKey: [...THIRD_PARTY_WALLET_ROOT, 'wallets'] as const,
    queryFn: ({ signal }) => apiGet(THIRD_PARTY_PATHS.wallets, ProviderWalletsSchema, signal),
    staleTime: 15_000,
    meta: NOT_PERSISTED,
  });

export const transferListQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...THIRD_PARTY_WALLET_ROOT, 'transfers', page] as const,
    queryFn: ({ signal }) => apiGet(`${THIRD_PARTY_PATHS.transferList}?page=${page}`, TransferListSchema, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    meta: NOT_PERSISTED,
  });

export interface RecordFilters {
  provider?: ThirdPartyProvider;
  type?: ThirdPartyTransactionType;
  from?: string;
  to?: string;
  page?: number;
}

export function recordsPath(filters: RecordFilters): string {
  const search = new URLSearchParams();
  for (const key of ['provider', 'type', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) search.set(key, value);
  }
  search.set('page', String(filters.page ?? 1));
  return `${THIRD_PARTY_PATHS.records}?${search.toString()}`;
}

export const thirdPartyRecordsQueryOptions = (filters: RecordFilters) =>
  queryOptions({
    queryKey: [...THIRD_PARTY_WALLET_ROOT, 'records', filters] as const,
    queryFn: ({ signal }) => apiGet(recordsPath(filters), ThirdPartyRecordListSchema, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    meta: NOT_PERSISTED,
  });

export const refreshProviderWallet = (provider: ThirdPartyProvider) => apiPost(THIRD_PARTY_PATHS.walletRefresh(provider), undefined, ProviderWalletSchema);
export const requestTransfer = (request: TransferRequest) => apiPost(THIRD_PARTY_PATHS.transfers, request, TransferAnswerSchema);
export const requestRecallAll = (requestKey: string) => apiPost(THIRD_PARTY_PATHS.recallAll, { requestKey }, RecallAnswerSchema);

/** After money moved: the main balance, provider wallets, transfers and both statements. */
export function refreshAfterTransfer(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
}

/** A fresh idempotency key for one transfer the player means (TransferRequestSchema.requestKey). */
export function newRequestKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
