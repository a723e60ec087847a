// Demo registration domains (docs/agents/links.md), idempotent like the rest of the seed. They are
// example names: the PWA always offers the site's own origin first, so links work locally.
import type { Queryable } from './pool.ts';

export const DEMO_REGISTRATION_DOMAINS = ['jinli-demo.example', 'm.jinli-demo.example'] as const;

export async function seedAgentLinks(db: Queryable): Promise<void> {
  await db.query(`INSERT INTO registration_domains (domain) SELECT unnest($1::text[]) ON CONFLICT (domain) DO NOTHING`, [
    [...DEMO_REGISTRATION_DOMAINS],
  ]);
}
