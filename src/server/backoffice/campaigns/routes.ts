// Back office campaigns (issue 22 items 1, 6; docs/campaigns/campaigns.md): create, edit, publish,
// pause, resume and end campaigns; MANUAL / PROMOTION lists; pending claims with approve (four-eyes
// above the threshold) and reject; the bonus cost report and its CSV. Every write is audited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCampaignListSchema,
  AdminCampaignSchema,
  AdminClaimListSchema,
  AdminClaimQuerySchema,
  ApproveClaimSchema,
  ApproveResultSchema,
  CAMPAIGN_ADMIN_PATHS,
  CAMPAIGN_MESSAGES,
  CampaignIdParamsSchema,
  CampaignInputSchema,
  GrantListSchema,
  GrantsInputSchema,
  RejectClaimSchema,
  ReportSchema,
  StatusActionSchema,
} from '../../../shared/api/campaigns.ts';
import type { Permission } from '../../../shared/backoffice/permissions.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import { publishAfterCommit } from '../../wallet/deposits/events.ts';
import { operatorOf, registerApprovalKind, withOperatorWrite } from '../core/api.ts';
import { toCsv } from '../reports/csv.ts';
import { changeStatus, insertCampaign, lockedCampaign, updateCampaign } from './campaign-writes.ts';
import { approveClaim, largeClaimApproval, rejectClaim, type Decision } from './claim-decisions.ts';
import { addGrants, listGrants } from './grants.ts';
import { bonusCostReport, REPORT_COLUMNS } from './report.ts';
import { adminCampaignById, adminCampaigns, adminClaims } from './views.ts';

const rule = (permission: Permission) => ({ operator: { permission } });
let kindRegistered = false;

export async function campaignAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  if (!kindRegistered) {
    registerApprovalKind(largeClaimApproval);
    kindRegistered = true;
  }
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const found = async (id: number) => {
    const campaign = await adminCampaignById(pool, id);
    if (!campaign) throw errors.notFound(CAMPAIGN_MESSAGES.notFound);
    return campaign;
  };
  // Every customer's open campaign views change with a campaign: one broadcast refetch signal.
  const announce = (campaignId: number) => publishAfterCommit(ctx, [{ customerId: null, type: 'campaignsChanged', payload: { campaignId } }]);

  r.get(CAMPAIGN_ADMIN_PATHS.campaigns, { config: rule('campaigns.read'), schema: { response: { 200: AdminCampaignListSchema } } }, async () => ({
    campaigns: await adminCampaigns(pool),
  }));

  r.get(
    CAMPAIGN_ADMIN_PATHS.campaign(':id'),
    { config: rule('campaigns.read'), schema: { params: CampaignIdParamsSchema, response: { 200: AdminCampaignSchema } } },
    async (request) => found(request.params.id),
  );

  r.post(
    CAMPAIGN_ADMIN_PATHS.campaigns,
    { config: rule('campaigns.manage'), schema: { body: CampaignInputSchema, response: { 200: AdminCampaignSchema } } },
    async (request) => {
      const row = await withOperatorWrite(ctx, request, async (client, audit) => {
        const created = await insertCampaign(client, request.body, operatorOf(request).id);
        await audit({ action: 'campaigns.create', targetType: 'campaign', targetId: created.id, before: null, after: request.body });
        return created;
      });
      return found(row.id);
    },
  );

  r.put(
    CAMPAIGN_ADMIN_PATHS.campaign(':id'),
    { config: rule('campaigns.manage'), schema: { params: CampaignIdParamsSchema, body: CampaignInputSchema, response: { 200: AdminCampaignSchema } } },
    async (request) => {
      await withOperatorWrite(ctx, request, async (client, audit) => {
        const before = await lockedCampaign(client, request.params.id);
        await updateCampaign(client, before, request.body);
        await audit({ action: 'campaigns.update', targetType: 'campaign', targetId: before.id, before, after: request.body });
      });
      announce(request.params.id);
      return found(request.params.id);
    },
  );

  r.post(
    CAMPAIGN_ADMIN_PATHS.status(':id'),
    { config: rule('campaigns.manage'), schema: { params: CampaignIdParamsSchema, body: StatusActionSchema, response: { 200: AdminCampaignSchema } } },
    async (request) => {
      await withOperatorWrite(ctx, request, async (client, audit) => {
        const before = await lockedCampaign(client, request.params.id);
        const after = await changeStatus(client, before, request.body.action);
        await audit({
          action: `campaigns.${request.body.action.toLowerCase()}`,
          targetType: 'campaign',
          targetId: before.id,
          before: { status: before.status },
          after: { status: after.status },
          reason: request.body.reason ?? null,
        });
      });
      announce(request.params.id);
      return found(request.params.id);
    },
  );

  r.get(
    CAMPAIGN_ADMIN_PATHS.grants(':id'),
    { config: rule('campaigns.read'), schema: { params: CampaignIdParamsSchema, response: { 200: GrantListSchema } } },
    async (request) => {
      await found(request.params.id);
      return { grants: await listGrants(pool, request.params.id), unknownUsernames: [] };
    },
  );

  r.post(
    CAMPAIGN_ADMIN_PATHS.grants(':id'),
    { config: rule('campaigns.manage'), schema: { params: CampaignIdParamsSchema, body: GrantsInputSchema, response: { 200: GrantListSchema } } },
    async (request) => {
      const { added, unknownUsernames } = await withOperatorWrite(ctx, request, async (client, audit) => {
        const campaign = await lockedCampaign(client, request.params.id);
        const result = await addGrants(client, campaign, request.body.usernames, request.body.amount, operatorOf(request).id);
        await audit({ action: 'campaigns.grants.add', targetType: 'campaign', targetId: campaign.id, before: null, after: { customerIds: result.added, amount: request.body.amount } });
        return result;
      });
      publishAfterCommit(ctx, added.map((customerId) => ({ customerId, type: 'campaignsChanged' as const, payload: { campaignId: request.params.id } })));
      return { grants: await listGrants(pool, request.params.id), unknownUsernames };
    },
  );

  r.get(
    CAMPAIGN_ADMIN_PATHS.claims,
    { config: rule('campaigns.read'), schema: { querystring: AdminClaimQuerySchema, response: { 200: AdminClaimListSchema } } },
    async (request) => ({ claims: await adminClaims(pool, request.query.status, request.query.campaignId) }),
  );

  const decide = async (work: () => Promise<Decision>, log: { warn: (obj: object, msg: string) => void }) => {
    const decision = await work();
    publishAfterCommit(ctx, decision.events, log);
    return { outcome: decision.outcome === 'FOUR_EYES' ? ('FOUR_EYES' as const) : ('PAID' as const), approvalId: decision.approvalId };
  };

  r.post(
    CAMPAIGN_ADMIN_PATHS.approve(':id'),
    { config: rule('campaigns.claims.approve'), schema: { params: CampaignIdParamsSchema, body: ApproveClaimSchema, response: { 200: ApproveResultSchema } } },
    async (request) =>
      decide(
        () => withOperatorWrite(ctx, request, (client, audit) => approveClaim(client, audit, operatorOf(request), request.params.id, request.body.reason ?? null)),
        request.log,
      ),
  );

  r.post(
    CAMPAIGN_ADMIN_PATHS.reject(':id'),
    { config: rule('campaigns.claims.approve'), schema: { params: CampaignIdParamsSchema, body: RejectClaimSchema } },
    async (request) => {
      const decision = await withOperatorWrite(ctx, request, (client, audit) => rejectClaim(client, audit, operatorOf(request), request.params.id, request.body.reason));
      publishAfterCommit(ctx, decision.events, request.log);
      return { ok: true };
    },
  );

  r.get(CAMPAIGN_ADMIN_PATHS.report, { config: rule('campaigns.read'), schema: { response: { 200: ReportSchema } } }, async () => ({
    rows: await bonusCostReport(pool),
  }));

  r.get(CAMPAIGN_ADMIN_PATHS.reportCsv, { config: rule('campaigns.read') }, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="campaign-bonus-cost.csv"')
      .send(toCsv(REPORT_COLUMNS, await bonusCostReport(pool))),
  );
}
