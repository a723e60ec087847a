import type { QueryClient } from '@tanstack/react-query';
import { campaignRootKeys } from './campaign-keys.ts';

/** A campaign or one of the customer's claims changed: refetch the campaign views. */
export function onCampaignsChanged(queryClient: QueryClient, _campaignId: number | null): void {
  for (const queryKey of campaignRootKeys) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
}
