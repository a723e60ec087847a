// A customer's claim (POST /ajax/campaign/{id}/claim): one transaction under the customer's lock —
// recompute eligibility, insert the claim (unique per campaign, customer and period), reserve the
// budget in one conditional UPDATE, and pay at once or leave it WAITING_FOR_APPROVAL (the campaign
// asks for approval, or the bonus is above CLAIM_FOUR_EYES_THRESHOLD).
import type pg from 'pg';
import { CAMPAIGN_MESSAGES, CLAIM_FOUR_EYES_THRESHOLD, type ClaimRecord } from '../../shared/api/campaigns.ts';
import type { Money } from '../../shared/money.ts';
import { withTransaction } from '../db/pool.ts';
import { errors } from '../http/errors.ts';
import { requirementFor } from '../wallet/required-stake.ts';
import { claimRecord, claimsOf, type ClaimRow } from './claims-store.ts';
import { payClaim } from './pay.ts';
import { qualify } from './rules/qualify.ts';
import { bonusOf, campaignRefusal } from './state.ts';
import { loadCampaign } from './store.ts';

const CLAIM_LOCK = 220_036;

export interface ClaimOutcome {
  claim: ClaimRecord;
  balance: Money | null;
}

/** Reserves `amount` of the budget, or refuses when it would pass it (one atomic statement). */
export async function reserveBudget(client: pg.PoolClient, campaignId: number, amount: Money): Promise<void> {
  const reserved = await client.query(
    'UPDATE campaigns SET committed = committed + $2 WHERE id = $1 AND (budget IS NULL OR committed + $2 <= budget)',
    [campaignId, amount],
  );
  if (reserved.rowCount !== 1) throw errors.conflict(CAMPAIGN_MESSAGES.budget);
}

export async function claimCampaign(pool: pg.Pool, campaignId: number, customerId: number, now = new Date()): Promise<ClaimOutcome> {
  return withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [CLAIM_LOCK, customerId % 2_147_483_647]);
    // Locked: an operator's END, PAUSE or edit that commits while this claim is in flight is what the
    // claim then reads (the budget's UPDATE below would have waited for the row anyway).
    const campaign = await loadCampaign(client, campaignId, true);
    if (!campaign || campaign.row.status === 'DRAFT') throw errors.notFound(CAMPAIGN_MESSAGES.notFound);
    const refusal = campaignRefusal(campaign, now);
    if (refusal) throw errors.conflict(refusal);
    const claims = await claimsOf(client, campaignId, customerId);
    const qualified = await qualify({ db: client, campaign, customerId, now, claimedKeys: new Set(claims.map((c) => c.period_key)) });
    if (!qualified.ok) throw errors.conflict(qualified.reason);
    if (claims.some((c) => c.period_key === qualified.periodKey)) throw errors.conflict(CAMPAIGN_MESSAGES.alreadyClaimed);
    const amount = bonusOf(campaign, qualified);
    if (amount <= 0) throw errors.conflict('奖励金额不足 ¥0.01');
    await reserveBudget(client, campaignId, amount);
    const inserted = await client.query<ClaimRow>(
      `INSERT INTO campaign_claims (campaign_id, customer_id, period_key, qualifying_ref, qualifying_amount, amount, required_stake, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'WAITING_FOR_APPROVAL')
       ON CONFLICT (campaign_id, customer_id, period_key) DO NOTHING RETURNING *`,
      [campaignId, customerId, qualified.periodKey, qualified.ref, qualified.qualifying, amount, requirementFor(amount, campaign.row.stake_multiple_bp)],
    );
    const claim = inserted.rows[0];
    if (!claim) throw errors.conflict(CAMPAIGN_MESSAGES.alreadyClaimed);
    // A bonus above the four-eyes threshold waits for two operators whatever the campaign says, so one
    // operator cannot pay a chosen player a large grant alone (decisions §10: manual credits need two).
    if (campaign.row.needs_approval || amount > CLAIM_FOUR_EYES_THRESHOLD) return { claim: claimRecord(claim, campaign.row.title), balance: null };
    const { balance } = await payClaim(client, claim, campaign.row, null);
    const paid = await client.query<ClaimRow>('SELECT * FROM campaign_claims WHERE id = $1', [claim.id]);
    return { claim: claimRecord(paid.rows[0]!, campaign.row.title), balance };
  });
}
