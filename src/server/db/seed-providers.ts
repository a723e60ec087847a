// Demo providers (issue 20): the built-in sandbox speaks for a few providers of every catalogue, so
// the menus, slot page, transfers and records work out of the box. Applied only while no provider is
// enabled at all: an operator's later choices survive restarts (SEED_DEMO runs on every start).
import type pg from 'pg';

export const DEMO_PROVIDERS = ['AG', 'PP', 'PG', 'CQ9', 'JDB', 'KY', 'LEG', 'IBC', 'IM'] as const;

export async function seedDemoProviders(pool: pg.Pool): Promise<void> {
  await pool.query(
    `UPDATE third_party_providers SET enabled = true, updated_at = now()
      WHERE code = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM third_party_providers WHERE enabled)`,
    [[...DEMO_PROVIDERS]],
  );
}
