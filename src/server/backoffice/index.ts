// The back office's API (/ajax/backoffice/...): the core (sign-in, operators, audit log, approvals)
// and one plugin per domain. Every route declares its permission (core/api.ts).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { coreRoutes } from './core/routes.ts';
import { customerAdminRoutes } from './customers/routes.ts';
import { drawAdminRoutes } from './draws/routes.ts';
import { gameAdminRoutes } from './games/routes.ts';
import { contentAdminRoutes } from './content/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { financeRoutes } from './finance/routes.ts';
import { agentCommissionAdminRoutes } from './agents/commission-routes.ts';
import { agentDomainsAdminRoutes } from './agents/domains-routes.ts';
import { providerAdminRoutes } from './providers/routes.ts';
import { mailAdminRoutes } from './mail/routes.ts';
import { supportDeskRoutes } from './support-desk/routes.ts';
import { assistantAdminRoutes } from './assistant/routes.ts';
import { campaignAdminRoutes } from './campaigns/routes.ts';
import { redPacketAdminRoutes } from './red-packets/routes.ts';
import { jackpotAdminRoutes } from './jackpot/routes.ts';
import { vipAdminRoutes } from './vip/routes.ts';

export async function backofficeRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await coreRoutes(app, ctx);
  await customerAdminRoutes(app, ctx);
  await drawAdminRoutes(app, ctx);
  await gameAdminRoutes(app, ctx);
  await contentAdminRoutes(app, ctx);
  await reportRoutes(app, ctx);
  await financeRoutes(app, ctx);
  await agentDomainsAdminRoutes(app, ctx);
  await agentCommissionAdminRoutes(app, ctx);
  await providerAdminRoutes(app, ctx);
  await mailAdminRoutes(app, ctx);
  await supportDeskRoutes(app, ctx);
  await assistantAdminRoutes(app, ctx);
  await campaignAdminRoutes(app, ctx);
  await redPacketAdminRoutes(app, ctx);
  await jackpotAdminRoutes(app, ctx);
  await vipAdminRoutes(app, ctx);
}
