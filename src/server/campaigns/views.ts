// The player-facing form of a campaign: its summary with the viewer's claim state, and its detail.
import type { CampaignDetail, CampaignSummary } from '../../shared/api/campaigns.ts';
import { ruleLines } from '../../shared/campaigns/describe.ts';
import type { Queryable } from '../db/pool.ts';
import { claimState, type Viewer } from './state.ts';
import { phaseOf, type Campaign } from './store.ts';

export function campaignFields(campaign: Campaign, now: Date): Omit<CampaignSummary, 'claim'> {
  const { row } = campaign;
  return {
    id: row.id,
    title: row.title,
    subtype: campaign.rules.subtype,
    displayTab: row.display_tab,
    tag: row.tag,
    festival: row.festival,
    startsAt: row.starts_at.getTime(),
    endsAt: row.ends_at.getTime(),
    phase: phaseOf(row, now),
    bannerColor: row.banner_color,
    bannerImageUrl: row.banner_image_url,
    reward: campaign.reward,
    stakeMultipleBp: row.stake_multiple_bp,
    needsApproval: row.needs_approval,
    claimLimit: campaign.claimLimit,
  };
}

export async function campaignSummary(db: Queryable, campaign: Campaign, viewer: Viewer | null, now = new Date()): Promise<CampaignSummary> {
  return { ...campaignFields(campaign, now), claim: await claimState(db, campaign, viewer, now) };
}

export async function campaignDetail(db: Queryable, campaign: Campaign, viewer: Viewer | null, now = new Date()): Promise<CampaignDetail> {
  return {
    ...(await campaignSummary(db, campaign, viewer, now)),
    descriptionHtml: campaign.row.description_html,
    ruleLines: ruleLines({ rules: campaign.rules, reward: campaign.reward, stakeMultipleBp: campaign.row.stake_multiple_bp, needsApproval: campaign.row.needs_approval }),
  };
}
