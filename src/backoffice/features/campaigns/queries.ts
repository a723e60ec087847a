// The campaign pages' server state; a write refreshes every campaign view.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  AdminCampaignListSchema,
  AdminCampaignSchema,
  AdminClaimListSchema,
  CAMPAIGN_ADMIN_PATHS,
  GrantListSchema,
  ReportSchema,
} from '../../../shared/api/campaigns.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import { boGet } from '../../lib/api.ts';

/** The shared paths are absolute; the back-office client adds its own prefix. */
export const rel = (path: string) => path.slice(BACKOFFICE_API.length);
export const CAMPAIGNS_KEY = ['backoffice', 'campaigns'] as const;

export const campaignsQuery = () =>
  queryOptions({
    queryKey: [...CAMPAIGNS_KEY, 'list'],
    queryFn: ({ signal }) => boGet(rel(CAMPAIGN_ADMIN_PATHS.campaigns), AdminCampaignListSchema, undefined, signal),
    refetchInterval: 30_000,
  });

export const campaignQuery = (id: string) =>
  queryOptions({
    queryKey: [...CAMPAIGNS_KEY, 'campaign', id],
    queryFn: ({ signal }) => boGet(rel(CAMPAIGN_ADMIN_PATHS.campaign(id)), AdminCampaignSchema, undefined, signal),
  });

export const grantsQuery = (id: string) =>
  queryOptions({
    queryKey: [...CAMPAIGNS_KEY, 'grants', id],
    queryFn: ({ signal }) => boGet(rel(CAMPAIGN_ADMIN_PATHS.grants(id)), GrantListSchema, undefined, signal),
  });

export const pendingClaimsQuery = () =>
  queryOptions({
    queryKey: [...CAMPAIGNS_KEY, 'claims'],
    queryFn: ({ signal }) => boGet(rel(CAMPAIGN_ADMIN_PATHS.claims), AdminClaimListSchema, { status: 'WAITING_FOR_APPROVAL' }, signal),
    refetchInterval: 15_000,
  });

export const reportQuery = () =>
  queryOptions({
    queryKey: [...CAMPAIGNS_KEY, 'report'],
    queryFn: ({ signal }) => boGet(rel(CAMPAIGN_ADMIN_PATHS.report), ReportSchema, undefined, signal),
  });

export const refreshCampaigns = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
