// The claim state a customer sees on a campaign (CLAIMABLE, CLAIMED, PENDING, NOT_CLAIMABLE with a
// reason), computed on read from their claims, the ledger-backed deposits and the settled orders.
import { CAMPAIGN_MESSAGES, type ClaimViewState } from '../../shared/api/campaigns.ts';
import { rewardFor } from '../../shared/campaigns/rules.ts';
import type { Money } from '../../shared/money.ts';
import type { Queryable } from '../db/pool.ts';
import { claimsOf, type ClaimRow } from './claims-store.ts';
import { currentWindow, qualify } from './rules/qualify.ts';
import type { Qualification } from './rules/outcome.ts';
import { phaseOf, type Campaign } from './store.ts';

export interface Viewer {
  customerId: number;
  trial: boolean;
}

const notClaimable = (reason: string): ClaimViewState => ({ state: 'NOT_CLAIMABLE', reason, amount: null });

function fromClaim(claim: ClaimRow): ClaimViewState {
  if (claim.status === 'PAID') return { state: 'CLAIMED', reason: null, amount: claim.amount };
  if (claim.status === 'WAITING_FOR_APPROVAL') return { state: 'PENDING', reason: '等待审核', amount: claim.amount };
  return notClaimable(`申请未通过${claim.reject_reason ? `：${claim.reject_reason}` : ''}`);
}

/** Why the campaign takes no claim now (not started, paused, over, budget spent), or null. */
export function campaignRefusal(campaign: Campaign, now: Date): string | null {
  const phase = phaseOf(campaign.row, now);
  if (phase === 'SCHEDULED') return CAMPAIGN_MESSAGES.notStarted;
  if (phase === 'PAUSED') return CAMPAIGN_MESSAGES.paused;
  if (phase === 'ENDED' || phase === 'DRAFT') return CAMPAIGN_MESSAGES.ended;
  if (campaign.row.budget !== null && campaign.row.committed >= campaign.row.budget) return CAMPAIGN_MESSAGES.budget;
  return null;
}

export function bonusOf(campaign: Campaign, qualified: Extract<Qualification, { ok: true }>): Money {
  return qualified.bonus ?? rewardFor(campaign.reward, qualified.qualifying);
}

export async function claimState(db: Queryable, campaign: Campaign, viewer: Viewer | null, now = new Date()): Promise<ClaimViewState> {
  if (!viewer) return notClaimable(CAMPAIGN_MESSAGES.loginFirst);
  if (viewer.trial) return notClaimable(CAMPAIGN_MESSAGES.trial);
  const claims = await claimsOf(db, campaign.row.id, viewer.customerId);
  const perDeposit = campaign.claimLimit === 'PER_DEPOSIT';
  if (!perDeposit) {
    const key = currentWindow(campaign, now).key;
    const existing = claims.find((c) => c.period_key === key);
    if (existing) return fromClaim(existing);
  }
  const refusal = campaignRefusal(campaign, now);
  const qualified = refusal ? null : await qualify({ db, campaign, customerId: viewer.customerId, now, claimedKeys: new Set(claims.map((c) => c.period_key)) });
  if (qualified?.ok) {
    const amount = bonusOf(campaign, qualified);
    return amount > 0 ? { state: 'CLAIMABLE', reason: null, amount } : notClaimable('奖励金额不足 ¥0.01');
  }
  if (perDeposit) {
    const waiting = claims.find((c) => c.status === 'WAITING_FOR_APPROVAL');
    if (waiting) return fromClaim(waiting);
    const paid = claims.findLast((c) => c.status === 'PAID');
    if (paid && !refusal) return { state: 'CLAIMED', reason: qualified && !qualified.ok ? qualified.reason : null, amount: paid.amount };
  }
  return notClaimable(refusal ?? (qualified && !qualified.ok ? qualified.reason : CAMPAIGN_MESSAGES.ended));
}
