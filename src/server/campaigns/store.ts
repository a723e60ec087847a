// Campaign rows and how they read: the phase a player sees (DRAFT, SCHEDULED/ACTIVE/ENDED by time,
// PAUSED) and the parsed rules and reward.
import type { CampaignPhase } from '../../shared/api/campaigns.ts';
import { CampaignRulesSchema, RewardSchema, claimLimitOf, type CampaignRules, type ClaimLimit, type Reward } from '../../shared/campaigns/rules.ts';
import type { CampaignTag, Festival } from '../../shared/enums.ts';
import type { Queryable } from '../db/pool.ts';

export interface CampaignRow {
  id: number;
  title: string;
  subtype: CampaignRules['subtype'];
  display_tab: string;
  tag: CampaignTag;
  festival: Festival | null;
  starts_at: Date;
  ends_at: Date;
  status: 'DRAFT' | 'SCHEDULED' | 'PAUSED' | 'ENDED';
  description_html: string;
  banner_color: string | null;
  banner_image_url: string | null;
  rules: unknown;
  reward: unknown;
  stake_multiple_bp: number;
  needs_approval: boolean;
  budget: number | null;
  committed: number;
  sort_order: number;
  created_at: Date;
}

export interface Campaign {
  row: CampaignRow;
  rules: CampaignRules;
  reward: Reward;
  claimLimit: ClaimLimit;
}

export function campaignOf(row: CampaignRow): Campaign {
  const rules = CampaignRulesSchema.parse(row.rules);
  return { row, rules, reward: RewardSchema.parse(row.reward), claimLimit: claimLimitOf(rules) };
}

export function phaseOf(row: Pick<CampaignRow, 'status' | 'starts_at' | 'ends_at'>, now: Date): CampaignPhase {
  if (row.status === 'DRAFT' || row.status === 'PAUSED' || row.status === 'ENDED') return row.status;
  if (now < row.starts_at) return 'SCHEDULED';
  return now < row.ends_at ? 'ACTIVE' : 'ENDED';
}

export async function loadCampaign(db: Queryable, id: number, lock = false): Promise<Campaign | null> {
  const found = await db.query<CampaignRow>(`SELECT * FROM campaigns WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return found.rows[0] ? campaignOf(found.rows[0]) : null;
}

/** What players see: every campaign but drafts, not over for more than a week, in the operator's order. */
export async function visibleCampaigns(db: Queryable, tab: string | undefined): Promise<Campaign[]> {
  const filter =
    tab === undefined || tab === 'ALL' ? '' : tab === 'FESTIVAL' ? ' AND festival IS NOT NULL' : ' AND display_tab = $1';
  const found = await db.query<CampaignRow>(
    `SELECT * FROM campaigns
      WHERE status <> 'DRAFT' AND (status <> 'ENDED' OR updated_at > now() - interval '7 days') AND ends_at > now() - interval '7 days'${filter}
      ORDER BY sort_order DESC, starts_at DESC, id DESC LIMIT 200`,
    filter.includes('$1') ? [tab] : [],
  );
  return found.rows.map(campaignOf);
}
