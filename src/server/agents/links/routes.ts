// Registration links, registration domains and manual creation (issue 19 items 2 and 3,
// docs/agents/links.md). Spec §7 paths for links and domains; every route is agent-only, and a link is
// seen and changed by its owner only (anyone else's answers 404). GET /ajax/registration-link/{id}
// stays the public registration data call (src/server/accounts/registration/routes.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AGENT_LINK_PATHS,
  AgentLinkSchema,
  CreateLinkSchema,
  CreatedAccountSchema,
  DeletedCountSchema,
  LinkIdParamsSchema,
  LinkListQuerySchema,
  LinkListSchema,
  LinkRemarkSchema,
  ManualAccountSchema,
  RegistrationDomainListSchema,
} from '../../../shared/api/agent-links.ts';
import type { ServerContext } from '../../context.ts';
import { requireSession, type AccessRule } from '../../session/access.ts';
import { enabledDomains } from './domains.ts';
import { createLink, deleteInactiveLinks, deleteLink, listLinks, setRemark } from './links.ts';
import { createManualAccount } from './manual-accounts.ts';
import { announceNewCustomer } from '../../agent-chat/presence.ts';

const agentOnly: AccessRule = { tier: 'agentOnly' };
const config = { access: agentOnly };

export async function agentLinksRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const agentOf = async (request: FastifyRequest) => Number((await requireSession(ctx, request)).customer.id);

  r.get(AGENT_LINK_PATHS.links, { config, schema: { querystring: LinkListQuerySchema, response: { 200: LinkListSchema } } }, async (request) =>
    listLinks(pool, await agentOf(request), request.query),
  );

  r.post(AGENT_LINK_PATHS.links, { config, schema: { body: CreateLinkSchema, response: { 200: AgentLinkSchema } } }, async (request) => {
    const link = await createLink(pool, await agentOf(request), request.body);
    request.log.info({ linkId: link.id }, 'registration link created');
    return link;
  });

  r.put(`${AGENT_LINK_PATHS.links}/:id/delete`, { config, schema: { params: LinkIdParamsSchema, response: { 200: AgentLinkSchema } } }, async (request) =>
    deleteLink(pool, await agentOf(request), request.params.id),
  );

  r.put(
    `${AGENT_LINK_PATHS.links}/:id/remarks`,
    { config, schema: { params: LinkIdParamsSchema, body: LinkRemarkSchema, response: { 200: AgentLinkSchema } } },
    async (request) => setRemark(pool, await agentOf(request), request.params.id, request.body.remark ?? ''),
  );

  r.delete(AGENT_LINK_PATHS.inactive, { config, schema: { response: { 200: DeletedCountSchema } } }, async (request) => ({
    deleted: await deleteInactiveLinks(pool, await agentOf(request)),
  }));

  r.get(AGENT_LINK_PATHS.domains, { config, schema: { response: { 200: RegistrationDomainListSchema } } }, async () => enabledDomains(pool));

  r.post(AGENT_LINK_PATHS.accounts, { config, schema: { body: ManualAccountSchema, response: { 200: CreatedAccountSchema } } }, async (request) => {
    const created = await createManualAccount(pool, await agentOf(request), request.body);
    request.log.info({ customerId: created.id }, 'account created by hand');
    await announceNewCustomer(ctx, created.id, request.log);
    return created;
  });
}

