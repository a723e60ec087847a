// The campaign list, a campaign's detail and the claim. Persisted (decisions §7): offline, the page
// shows the last known list with its age.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  CAMPAIGN_PATHS,
  CampaignDetailSchema,
  CampaignListSchema,
  ClaimRecordListSchema,
  ClaimResultSchema,
  type ClaimResult,
} from '../../../shared/api/campaigns.ts';
import type { CampaignDisplayTab } from '../../../shared/enums.ts';
import { apiGet, apiPost } from '../../lib/api/client.ts';
import { BALANCE_QUERY_KEY } from '../wallet/wallet-queries.ts';
import { campaignKey, campaignRootKeys } from './campaign-keys.ts';

export const campaignListQueryOptions = (tab: CampaignDisplayTab, loggedIn: boolean) =>
  queryOptions({
    queryKey: campaignKey(loggedIn, 'list', tab),
    queryFn: ({ signal }) => apiGet(tab === 'ALL' ? CAMPAIGN_PATHS.list : `${CAMPAIGN_PATHS.list}?tab=${tab}`, CampaignListSchema, signal),
    staleTime: 30_000,
  });

export const campaignDetailQueryOptions = (id: number, loggedIn: boolean) =>
  queryOptions({
    queryKey: campaignKey(loggedIn, 'detail', id),
    queryFn: ({ signal }) => apiGet(CAMPAIGN_PATHS.detail(id), CampaignDetailSchema, signal),
    staleTime: 30_000,
  });

export const claimRequest = (id: number): Promise<ClaimResult> => apiPost(CAMPAIGN_PATHS.claim(id), {}, ClaimResultSchema);

export function afterClaim(queryClient: QueryClient, result: ClaimResult): void {
  if (result.balance !== null) queryClient.setQueryData(BALANCE_QUERY_KEY, { balance: result.balance });
  for (const queryKey of campaignRootKeys) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
}

export const myClaimsQueryOptions = () =>
  queryOptions({
    queryKey: campaignKey(true, 'claims'),
    queryFn: ({ signal }) => apiGet(CAMPAIGN_PATHS.claims, ClaimRecordListSchema, signal),
    // Asked again whenever it is shown: the persisted copy may predate a claim made elsewhere.
    staleTime: 0,
  });
