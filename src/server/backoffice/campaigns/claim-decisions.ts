// Operator decisions on a pending claim. Up to CLAIM_FOUR_EYES_THRESHOLD one operator with
// campaigns.claims.approve pays it; above, approving files a four-eyes request (kind
// campaigns.claim.large) that a different operator approves in the approval queue, which pays it
// then, exactly once. Rejecting releases the budget it had reserved.
import type pg from 'pg';
import { z } from 'zod';
import { CAMPAIGN_MESSAGES, CLAIM_FOUR_EYES_THRESHOLD, LARGE_CLAIM_APPROVAL } from '../../../shared/api/campaigns.ts';
import { formatMoney, type Money } from '../../../shared/money.ts';
import type { ClaimRow } from '../../campaigns/claims-store.ts';
import { payClaim } from '../../campaigns/pay.ts';
import type { CampaignRow } from '../../campaigns/store.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import { balanceEvent, publishAfterCommit, type DepositEvent } from '../../wallet/deposits/events.ts';
import type { ApprovalKind, Audit, OperatorPrincipal } from '../core/api.ts';
import { requestApproval } from '../core/api.ts';

export interface Decision {
  outcome: 'PAID' | 'FOUR_EYES' | 'REJECTED';
  approvalId: number | null;
  events: DepositEvent[];
}

async function waitingClaim(client: pg.PoolClient, claimId: number): Promise<{ claim: ClaimRow; campaign: CampaignRow }> {
  const found = await client.query<ClaimRow>('SELECT * FROM campaign_claims WHERE id = $1 FOR UPDATE', [claimId]);
  const claim = found.rows[0];
  if (!claim) throw errors.notFound('领取记录不存在');
  if (claim.status !== 'WAITING_FOR_APPROVAL') throw errors.conflict(CAMPAIGN_MESSAGES.claimNotPending);
  const campaign = (await client.query<CampaignRow>('SELECT * FROM campaigns WHERE id = $1', [claim.campaign_id])).rows[0]!;
  return { claim, campaign };
}

function paidEvents(claim: ClaimRow, balance: Money | null): DepositEvent[] {
  const changed: DepositEvent = { customerId: claim.customer_id, type: 'campaignsChanged', payload: { campaignId: claim.campaign_id } };
  return balance === null ? [changed] : [balanceEvent(claim.customer_id, balance), changed];
}

async function pay(client: pg.PoolClient, claim: ClaimRow, campaign: CampaignRow, operatorId: number, audit: Audit, reason: string | null): Promise<Money | null> {
  const { balance } = await payClaim(client, claim, campaign, operatorId);
  await audit({
    action: 'campaigns.claim.pay',
    targetType: 'campaign_claim',
    targetId: claim.id,
    before: { status: claim.status },
    after: { status: 'PAID', amount: claim.amount, requiredStake: claim.required_stake },
    reason,
  });
  return balance;
}

export async function approveClaim(client: pg.PoolClient, audit: Audit, operator: OperatorPrincipal, claimId: number, reason: string | null): Promise<Decision> {
  const { claim, campaign } = await waitingClaim(client, claimId);
  if (claim.amount > CLAIM_FOUR_EYES_THRESHOLD) {
    if (claim.approval_id !== null) {
      const open = await client.query("SELECT 1 FROM operator_approvals WHERE id = $1 AND status = 'PENDING'", [claim.approval_id]);
      if (open.rowCount) throw errors.conflict('已提交二次审批，请等待另一位操作员审批');
    }
    const filed = await requestApproval(client, audit, operator, LARGE_CLAIM_APPROVAL, { claimId: claim.id, amount: claim.amount, campaignTitle: campaign.title }, reason ?? '大额活动奖金');
    await client.query('UPDATE campaign_claims SET approval_id = $2 WHERE id = $1', [claim.id, filed.id]);
    return { outcome: 'FOUR_EYES', approvalId: filed.id, events: [] };
  }
  const balance = await pay(client, claim, campaign, operator.id, audit, reason);
  return { outcome: 'PAID', approvalId: null, events: paidEvents(claim, balance) };
}

export async function rejectClaim(client: pg.PoolClient, audit: Audit, operator: OperatorPrincipal, claimId: number, reason: string): Promise<Decision> {
  const { claim } = await waitingClaim(client, claimId);
  await client.query(
    `UPDATE campaign_claims SET status = 'REJECTED', reject_reason = $2, decided_by = $3, decided_at = now() WHERE id = $1`,
    [claim.id, reason, operator.id],
  );
  await client.query('UPDATE campaigns SET committed = committed - $2 WHERE id = $1', [claim.campaign_id, claim.amount]);
  await audit({ action: 'campaigns.claim.reject', targetType: 'campaign_claim', targetId: claim.id, before: { status: claim.status }, after: { status: 'REJECTED' }, reason });
  return { outcome: 'REJECTED', approvalId: null, events: [{ customerId: claim.customer_id, type: 'campaignsChanged', payload: { campaignId: claim.campaign_id } }] };
}

const LargeClaimPayloadSchema = z.object({
  claimId: z.number().int().positive(),
  amount: z.number().int().positive(),
  campaignTitle: z.string().min(1).max(60),
});
type LargeClaimPayload = z.infer<typeof LargeClaimPayloadSchema>;

export const largeClaimApproval: ApprovalKind<LargeClaimPayload> = {
  kind: LARGE_CLAIM_APPROVAL,
  label: '大额活动奖金',
  requestPermission: 'campaigns.claims.approve',
  approvePermission: 'campaigns.claims.approve',
  payload: LargeClaimPayloadSchema,
  describe: (payload) => `活动「${payload.campaignTitle}」奖金 ${formatMoney(payload.amount)}，领取单 ${payload.claimId}`,
  async execute(client, payload, context) {
    const { claim, campaign } = await waitingClaim(client, payload.claimId);
    if (claim.approval_id !== context.approvalId) throw errors.conflict('该领取记录已另行处理');
    const { balance } = await payClaim(client, claim, campaign, context.approvedBy.id);
    return {
      after: { claimId: claim.id, status: 'PAID', amount: claim.amount },
      afterCommit: async () => publishAfterCommit(context.ctx, paidEvents(claim, balance)),
    };
  },
};

export function publishDecision(ctx: ServerContext, decision: Decision, log: { warn: (obj: object, msg: string) => void }): void {
  publishAfterCommit(ctx, decision.events, log);
}
