// The report calls, as TanStack Query options, and the CSV links (plain GETs the browser downloads
// with the operator's cookie).
import {
  DailyReportSchema,
  DrawTypeReportSchema,
  ProviderReportSchema,
  ReconciliationListSchema,
  REPORTS_PATHS,
  RunReconciliationResponseSchema,
} from '../../../shared/backoffice/reports.ts';
import { backofficePath, boGet, boSend } from '../../lib/api.ts';

export interface RangeQuery {
  from: string;
  to: string;
  drawType?: string;
}

export const dailyReportQuery = (range: RangeQuery) => ({
  queryKey: ['backoffice', 'reports', 'daily', range] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(REPORTS_PATHS.daily, DailyReportSchema, { ...range }, signal),
});

export const drawTypeReportQuery = (range: RangeQuery) => ({
  queryKey: ['backoffice', 'reports', 'draw-types', range] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(REPORTS_PATHS.drawTypes, DrawTypeReportSchema, { ...range }, signal),
});

export const providerReportQuery = (range: RangeQuery) => ({
  queryKey: ['backoffice', 'reports', 'providers', range] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(REPORTS_PATHS.providers, ProviderReportSchema, { from: range.from, to: range.to }, signal),
});

export const reconciliationKey = ['backoffice', 'reports', 'reconciliation'] as const;

export const reconciliationQuery = (page: number) => ({
  queryKey: [...reconciliationKey, page] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(REPORTS_PATHS.reconciliation, ReconciliationListSchema, { page }, signal),
});

export const runReconciliation = () => boSend('POST', REPORTS_PATHS.reconciliation, undefined, RunReconciliationResponseSchema);

export const csvHref = (path: string, query: Record<string, string | undefined> = {}) => backofficePath(path, query);
