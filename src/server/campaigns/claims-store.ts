// Claim rows and their player-facing form.
import type { ClaimRecord } from '../../shared/api/campaigns.ts';
import type { Queryable } from '../db/pool.ts';

export interface ClaimRow {
  id: number;
  campaign_id: number;
  customer_id: number;
  period_key: string;
  qualifying_ref: string | null;
  qualifying_amount: number;
  amount: number;
  required_stake: number;
  status: 'PAID' | 'WAITING_FOR_APPROVAL' | 'REJECTED';
  transfer_id: number | null;
  approval_id: number | null;
  reject_reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}

export async function claimsOf(db: Queryable, campaignId: number, customerId: number): Promise<ClaimRow[]> {
  const found = await db.query<ClaimRow>('SELECT * FROM campaign_claims WHERE campaign_id = $1 AND customer_id = $2 ORDER BY id', [
    campaignId,
    customerId,
  ]);
  return found.rows;
}

export function claimRecord(row: ClaimRow, campaignTitle: string): ClaimRecord {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    campaignTitle,
    amount: row.amount,
    requiredStake: row.required_stake,
    status: row.status,
    rejectReason: row.reject_reason,
    createdAt: row.created_at.getTime(),
    decidedAt: row.decided_at?.getTime() ?? null,
  };
}

/** The customer's claims, newest first. */
export async function myClaims(db: Queryable, customerId: number): Promise<ClaimRecord[]> {
  const found = await db.query<ClaimRow & { title: string }>(
    `SELECT cc.*, c.title FROM campaign_claims cc JOIN campaigns c ON c.id = cc.campaign_id
      WHERE cc.customer_id = $1 ORDER BY cc.id DESC LIMIT 200`,
    [customerId],
  );
  return found.rows.map((row) => claimRecord(row, row.title));
}
