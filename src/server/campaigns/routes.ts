// Campaigns (issue 22 item 1): /ajax/campaign/... The list and the detail are open to visitors
// (NOT_CLAIMABLE, 登录后参加); claiming and the claim history are for non-trial customers, and the
// /ajax/campaign prefix is trial-restricted before routing (session/access.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_PATHS,
  CampaignDetailSchema,
  CampaignIdParamsSchema,
  CampaignListSchema,
  CampaignQuerySchema,
  ClaimRecordListSchema,
  ClaimResultSchema,
} from '../../shared/api/campaigns.ts';
import type { ServerContext } from '../context.ts';
import { errors } from '../http/errors.ts';
import { requireSession, sessionOf, type AccessRule } from '../session/access.ts';
import { balanceEvent, publishAfterCommit } from '../wallet/deposits/events.ts';
import { claimCampaign } from './claim.ts';
import { myClaims } from './claims-store.ts';
import type { Viewer } from './state.ts';
import { loadCampaign, visibleCampaigns } from './store.ts';
import { campaignDetail, campaignSummary } from './views.ts';

const nonTrial: AccessRule = { tier: 'nonTrial', operation: '参加活动' };

export async function campaignRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;

  const viewerOf = async (request: FastifyRequest): Promise<Viewer | null> => {
    const session = await sessionOf(ctx, request);
    return session ? { customerId: session.customer.id, trial: session.customer.test_mode !== null } : null;
  };

  r.get(CAMPAIGN_PATHS.list, { schema: { querystring: CampaignQuerySchema, response: { 200: CampaignListSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const viewer = await viewerOf(request);
    const now = new Date();
    const campaigns = await visibleCampaigns(pool, request.query.tab);
    return { campaigns: await Promise.all(campaigns.map((c) => campaignSummary(pool, c, viewer, now))) };
  });

  r.get(
    CAMPAIGN_PATHS.claims,
    { config: { access: nonTrial }, schema: { response: { 200: ClaimRecordListSchema } } },
    async (request) => ({ claims: await myClaims(pool, (await requireSession(ctx, request)).customer.id) }),
  );

  r.get(
    CAMPAIGN_PATHS.detail(':id'),
    { schema: { params: CampaignIdParamsSchema, response: { 200: CampaignDetailSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const campaign = await loadCampaign(pool, request.params.id);
      if (!campaign || campaign.row.status === 'DRAFT') throw errors.notFound(CAMPAIGN_MESSAGES.notFound);
      return campaignDetail(pool, campaign, await viewerOf(request));
    },
  );

  r.post(
    CAMPAIGN_PATHS.claim(':id'),
    { config: { access: nonTrial }, schema: { params: CampaignIdParamsSchema, response: { 200: ClaimResultSchema } } },
    async (request) => {
      const customerId = (await requireSession(ctx, request)).customer.id;
      const outcome = await claimCampaign(pool, request.params.id, customerId);
      publishAfterCommit(
        ctx,
        [
          ...(outcome.balance !== null ? [balanceEvent(customerId, outcome.balance)] : []),
          { customerId, type: 'campaignsChanged', payload: { campaignId: request.params.id } },
        ],
        request.log,
      );
      return outcome;
    },
  );
}
