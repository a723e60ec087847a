// The 第三方游戏 pages' server state; every key starts with PROVIDERS_KEY so a change refreshes them all.
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  AdminTransferDetailSchema,
  AdminTransferListSchema,
  ManualSettleAnswerSchema,
  PROVIDER_ADMIN_PATHS,
  ProviderAdminListSchema,
  ProviderFaultsStateSchema,
  ReconciliationSchema,
  RecordsPullSchema,
} from '../../../shared/backoffice/providers.ts';
import type { ProviderFaults } from '../../../shared/providers/sandbox-faults.ts';
import { boGet, boSend } from '../../lib/api.ts';

export const PROVIDERS_KEY = ['backoffice', 'providers'] as const;

export const providersQuery = () => ({
  queryKey: [...PROVIDERS_KEY, 'list'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(PROVIDER_ADMIN_PATHS.providers, ProviderAdminListSchema, undefined, signal),
});

export const faultsQuery = (provider: string) => ({
  queryKey: [...PROVIDERS_KEY, 'faults', provider] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(PROVIDER_ADMIN_PATHS.faults(provider), ProviderFaultsStateSchema, undefined, signal),
});

export interface TransferFilters {
  status?: string;
  provider?: string;
  page: number;
}

export const transfersQuery = (filters: TransferFilters) => ({
  queryKey: [...PROVIDERS_KEY, 'transfers', filters] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(PROVIDER_ADMIN_PATHS.transfers, AdminTransferListSchema, { ...filters }, signal),
});

export const transferQuery = (id: number) => ({
  queryKey: [...PROVIDERS_KEY, 'transfer', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(PROVIDER_ADMIN_PATHS.transfer(id), AdminTransferDetailSchema, undefined, signal),
});

export const reconciliationQuery = (provider: string) => ({
  queryKey: [...PROVIDERS_KEY, 'reconciliation', provider] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(PROVIDER_ADMIN_PATHS.reconciliation(provider), ReconciliationSchema, undefined, signal),
});

export const pullRecordsNow = (provider: string): Promise<z.infer<typeof RecordsPullSchema>> =>
  boSend('POST', PROVIDER_ADMIN_PATHS.recordsPull(provider), {}, RecordsPullSchema);

export const updateProvider = (provider: string, body: { enabled?: boolean; catalogues?: Record<string, boolean>; reason: string }) =>
  boSend('PUT', PROVIDER_ADMIN_PATHS.provider(provider), body);

export const saveFaults = (provider: string, faults: Partial<ProviderFaults>, reason: string) =>
  boSend('PUT', PROVIDER_ADMIN_PATHS.faults(provider), { faults, reason }, ProviderFaultsStateSchema);

/** 人工处理: files the outcome for a second operator's approval. */
export const settleManually = (id: number, outcome: 'SUCCESS' | 'FAILED', reason: string): Promise<z.infer<typeof ManualSettleAnswerSchema>> =>
  boSend('POST', PROVIDER_ADMIN_PATHS.settle(id), { outcome, reason }, ManualSettleAnswerSchema);

export const resolveNow = (id: number, reason: string): Promise<z.infer<typeof AdminTransferDetailSchema>> =>
  boSend('POST', PROVIDER_ADMIN_PATHS.resolve(id), { reason }, AdminTransferDetailSchema);

export function refreshProviders(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: PROVIDERS_KEY });
}
