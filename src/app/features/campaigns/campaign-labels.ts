import type { CampaignSummary } from '../../../shared/api/campaigns.ts';
import { CAMPAIGN_PHASE_LABELS, CLAIM_STATE_LABELS } from '../../../shared/api/campaigns.ts';
import { rewardText } from '../../../shared/campaigns/describe.ts';
import { formatMoney } from '../../../shared/money.ts';

export const TAG_LABELS = { HOT: { label: '热门', color: 'red' }, NEW: { label: '新', color: 'green' } } as const;
export const STATE_COLORS = { CLAIMABLE: 'red', CLAIMED: 'teal', PENDING: 'orange', NOT_CLAIMABLE: 'gray' } as const;

const dateText = (ms: number) =>
  new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

export const periodText = (c: Pick<CampaignSummary, 'startsAt' | 'endsAt'>) => `${dateText(c.startsAt)} 至 ${dateText(c.endsAt)}`;

/** The state line of a card: the state, then the amount or the reason. */
export function stateText(campaign: CampaignSummary): string {
  const { state, reason, amount } = campaign.claim;
  if (campaign.phase !== 'ACTIVE' && state === 'NOT_CLAIMABLE') return CAMPAIGN_PHASE_LABELS[campaign.phase];
  const label = CLAIM_STATE_LABELS[state];
  if (amount !== null) return `${label} · ${formatMoney(amount)}`;
  return reason ? `${label} · ${reason}` : label;
}

export const rewardLine = (campaign: CampaignSummary) => rewardText(campaign.reward, campaign.subtype);
