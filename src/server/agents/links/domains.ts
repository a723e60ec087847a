// The operator's registration domains as agents see them (spec §7 GET /ajax/registration-domain):
// enabled ones only, oldest first, so an agent's list does not reorder when one is added.
import type { RegistrationDomainList } from '../../../shared/api/agent-links.ts';
import type { Queryable } from '../../db/pool.ts';

export async function enabledDomains(db: Queryable): Promise<RegistrationDomainList> {
  const result = await db.query<{ id: string; domain: string }>('SELECT id, domain FROM registration_domains WHERE enabled ORDER BY id');
  return { items: result.rows.map((row) => ({ id: Number(row.id), domain: row.domain })) };
}
