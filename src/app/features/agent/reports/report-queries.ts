// The agent reports' server state: under the `user` prefix (logout drops it), never persisted — a
// team's figures are not worth keeping offline and they move with every roll-up.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { AGENT_REPORT_PATHS, OverviewSchema, ProfitSchema, type ProfitView } from '../../../../shared/api/agent-reports.ts';
import { apiGet } from '../../../lib/api/client.ts';
import { USER_QUERY_PREFIX } from '../../session/session-queries.ts';

export const REPORTS_QUERY_KEY = [USER_QUERY_PREFIX, 'agent-reports'] as const;
export const PROFIT_PAGE_SIZE = 20;

export interface DateRange {
  from: string;
  to: string;
}

export interface ProfitFilters extends DateRange {
  view: ProfitView;
  memberId?: number;
  page: number;
}

const withParams = (path: string, params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return `${path}?${search.toString()}`;
};

export const overviewQueryOptions = (range: DateRange) =>
  queryOptions({
    queryKey: [...REPORTS_QUERY_KEY, 'overview', range] as const,
    queryFn: ({ signal }) => apiGet(withParams(AGENT_REPORT_PATHS.overview, { ...range }), OverviewSchema, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    refetchInterval: 30_000,
  });

export const profitQueryOptions = (filters: ProfitFilters) =>
  queryOptions({
    queryKey: [...REPORTS_QUERY_KEY, 'profit', filters] as const,
    queryFn: ({ signal }) =>
      apiGet(withParams(AGENT_REPORT_PATHS.profit, { ...filters, pageSize: filters.view === 'days' ? 31 : PROFIT_PAGE_SIZE }), ProfitSchema, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
