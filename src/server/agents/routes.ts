// The agent centre's API (spec §2.1 代理中心, decisions §10): one plugin per part. Every route under
// /ajax/agent declares `config: { access: { tier: 'agentOnly' } }` and reads its scope from the team
// tree (tree.ts); tests/server/agent-access-matrix.test.ts holds every route to that.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { agentCommissionRoutes } from './commission/routes.ts';
import { agentLinksRoutes } from './links/routes.ts';
import { agentReportsRoutes } from './reports/routes.ts';
import { agentTeamRoutes } from './team/routes.ts';

export async function agentRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await agentLinksRoutes(app, ctx);
  await agentTeamRoutes(app, ctx);
  await agentReportsRoutes(app, ctx);
  await agentCommissionRoutes(app, ctx);
}
