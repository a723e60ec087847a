import { queryOptions } from '@tanstack/react-query';
import { VIP_PATHS, VipOverviewSchema } from '../../../../shared/api/vip.ts';
import { apiGet } from '../../../lib/api/client.ts';
import { VIP_QUERY_KEY } from './live.ts';

/** Persisted (decisions §7): offline, /account/vip shows the last-known figures with their age. */
export const vipOverviewQueryOptions = () =>
  queryOptions({
    queryKey: VIP_QUERY_KEY,
    queryFn: ({ signal }) => apiGet(VIP_PATHS.overview, VipOverviewSchema, signal),
    staleTime: 60_000,
  });
