// The back office's registration domains (/ajax/backoffice/agents/domains, permission
// agents.domains.manage): list, add, enable or disable. Every write runs in withOperatorWrite, so it
// and its audit row commit together.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import {
  AddDomainSchema,
  AdminDomainListSchema,
  AdminDomainSchema,
  AGENT_DOMAINS_ADMIN_PATHS,
  DOMAIN_MESSAGES,
  DomainIdParamsSchema,
  SetDomainEnabledSchema,
  type AdminDomain,
} from '../../../shared/backoffice/agent-domains.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { isUniqueViolation } from '../../accounts/customers.ts';
import { withOperatorWrite, type Audit } from '../core/api.ts';

const manage = { operator: { permission: 'agents.domains.manage' as const } };
const path = (relative: string) => `${BACKOFFICE_API}${relative}`;

const COLUMNS = `id, domain, enabled, (extract(epoch FROM created_at) * 1000)::bigint AS created_ms,
  (extract(epoch FROM updated_at) * 1000)::bigint AS updated_ms`;
interface DomainRow {
  id: string;
  domain: string;
  enabled: boolean;
  created_ms: string;
  updated_ms: string;
}
const domainFromRow = (row: DomainRow): AdminDomain => ({
  id: Number(row.id),
  domain: row.domain,
  enabled: row.enabled,
  createdAt: Number(row.created_ms),
  updatedAt: Number(row.updated_ms),
});

async function listDomains(db: Queryable): Promise<AdminDomain[]> {
  const result = await db.query<DomainRow>(`SELECT ${COLUMNS} FROM registration_domains ORDER BY id`);
  return result.rows.map(domainFromRow);
}

async function addDomain(client: pg.PoolClient, audit: Audit, domain: string, reason?: string): Promise<AdminDomain> {
  // A savepoint keeps the transaction usable when the name is taken, so the answer is a clear 409.
  await client.query('SAVEPOINT add_domain');
  let row: DomainRow;
  try {
    const inserted = await client.query<DomainRow>(`INSERT INTO registration_domains (domain) VALUES ($1) RETURNING ${COLUMNS}`, [domain]);
    row = inserted.rows[0]!;
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT add_domain');
    if (isUniqueViolation(error)) throw errors.conflict(DOMAIN_MESSAGES.duplicate);
    throw error;
  }
  const added = domainFromRow(row);
  await audit({ action: 'agents.domain.add', targetType: 'registration_domain', targetId: added.id, before: null, after: added, reason: reason ?? null });
  return added;
}

async function setEnabled(client: pg.PoolClient, audit: Audit, id: number, enabled: boolean, reason?: string): Promise<AdminDomain> {
  const locked = await client.query<DomainRow>(`SELECT ${COLUMNS} FROM registration_domains WHERE id = $1 FOR UPDATE`, [id]);
  const before = locked.rows[0];
  if (!before) throw errors.notFound(DOMAIN_MESSAGES.notFound);
  // Already as asked: nothing changes, but the request is recorded all the same (as the other on/off
  // switches of the back office do: operators, game modes), and withOperatorWrite demands its row.
  const updated =
    before.enabled === enabled
      ? before
      : (await client.query<DomainRow>(`UPDATE registration_domains SET enabled = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`, [id, enabled]))
          .rows[0]!;
  const after = domainFromRow(updated);
  await audit({
    action: enabled ? 'agents.domain.enable' : 'agents.domain.disable',
    targetType: 'registration_domain',
    targetId: id,
    before: domainFromRow(before),
    after,
    reason: reason ?? null,
  });
  return after;
}

export async function agentDomainsAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;

  r.get(path(AGENT_DOMAINS_ADMIN_PATHS.domains), { config: manage, schema: { response: { 200: AdminDomainListSchema } } }, async () => ({
    items: await listDomains(pool),
  }));

  r.post(
    path(AGENT_DOMAINS_ADMIN_PATHS.domains),
    { config: manage, schema: { body: AddDomainSchema, response: { 200: AdminDomainSchema } } },
    async (request) => withOperatorWrite(ctx, request, (client, audit) => addDomain(client, audit, request.body.domain, request.body.reason)),
  );

  r.put(
    path(AGENT_DOMAINS_ADMIN_PATHS.domain(':id')),
    { config: manage, schema: { params: DomainIdParamsSchema, body: SetDomainEnabledSchema, response: { 200: AdminDomainSchema } } },
    async (request) =>
      withOperatorWrite(ctx, request, (client, audit) => setEnabled(client, audit, request.params.id, request.body.enabled, request.body.reason)),
  );
}
