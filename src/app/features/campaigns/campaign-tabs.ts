// The /campaign/{tab} segment: a display tab code in lower case with dashes (NEW_MEMBER → new-member).
import { CAMPAIGN_DISPLAY_TABS, type CampaignDisplayTab } from '../../../shared/enums.ts';

export const tabSegment = (code: CampaignDisplayTab) => code.toLowerCase().replaceAll('_', '-');

export function tabOfSegment(segment: string | undefined): CampaignDisplayTab | null {
  if (segment === undefined) return 'ALL';
  return CAMPAIGN_DISPLAY_TABS.find((tab) => tabSegment(tab.code) === segment)?.code ?? null;
}
