// The back office's form of campaigns and claims.
import type { AdminCampaign, AdminClaim } from '../../../shared/api/campaigns.ts';
import { CLAIM_FOUR_EYES_THRESHOLD } from '../../../shared/api/campaigns.ts';
import type { Queryable } from '../../db/pool.ts';
import type { ClaimRow } from '../../campaigns/claims-store.ts';
import { claimRecord } from '../../campaigns/claims-store.ts';
import { campaignOf, type CampaignRow } from '../../campaigns/store.ts';
import { campaignFields } from '../../campaigns/views.ts';

type Counted = CampaignRow & { claims_paid: number; claims_pending: number };

function adminCampaign(row: Counted, now: Date): AdminCampaign {
  const campaign = campaignOf(row);
  return {
    ...campaignFields(campaign, now),
    status: row.status,
    descriptionHtml: row.description_html,
    rules: campaign.rules,
    budget: row.budget,
    committed: row.committed,
    sortOrder: row.sort_order,
    claimsPaid: row.claims_paid,
    claimsPending: row.claims_pending,
  };
}

const COUNTED = `SELECT c.*,
        (SELECT count(*)::int FROM campaign_claims cc WHERE cc.campaign_id = c.id AND cc.status = 'PAID') AS claims_paid,
        (SELECT count(*)::int FROM campaign_claims cc WHERE cc.campaign_id = c.id AND cc.status = 'WAITING_FOR_APPROVAL') AS claims_pending
   FROM campaigns c`;

export async function adminCampaigns(db: Queryable): Promise<AdminCampaign[]> {
  const found = await db.query<Counted>(`${COUNTED} ORDER BY c.id DESC LIMIT 500`);
  const now = new Date();
  return found.rows.map((row) => adminCampaign(row, now));
}

export async function adminCampaignById(db: Queryable, id: number): Promise<AdminCampaign | null> {
  const found = await db.query<Counted>(`${COUNTED} WHERE c.id = $1`, [id]);
  return found.rows[0] ? adminCampaign(found.rows[0], new Date()) : null;
}

export async function adminClaims(db: Queryable, status: string, campaignId: number | undefined): Promise<AdminClaim[]> {
  const found = await db.query<ClaimRow & { title: string; username: string }>(
    `SELECT cc.*, c.title, cu.username FROM campaign_claims cc
       JOIN campaigns c ON c.id = cc.campaign_id JOIN customers cu ON cu.id = cc.customer_id
      WHERE cc.status = $1 AND ($2::bigint IS NULL OR cc.campaign_id = $2)
      ORDER BY cc.id DESC LIMIT 500`,
    [status, campaignId ?? null],
  );
  return found.rows.map((row) => ({
    ...claimRecord(row, row.title),
    username: row.username,
    customerId: row.customer_id,
    qualifyingRef: row.qualifying_ref,
    qualifyingAmount: row.qualifying_amount,
    needsSecondApproval: row.amount > CLAIM_FOUR_EYES_THRESHOLD,
    approvalId: row.approval_id,
  }));
}
