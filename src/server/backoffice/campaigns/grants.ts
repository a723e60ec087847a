// MANUAL / PROMOTION eligibility lists: who may claim, optionally with an amount of their own.
import type pg from 'pg';
import { CAMPAIGN_MESSAGES } from '../../../shared/api/campaigns.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import type { CampaignRow } from '../../campaigns/store.ts';

export async function listGrants(db: Queryable, campaignId: number) {
  const found = await db.query<{ customer_id: number; username: string; amount: number | null; created_at: Date }>(
    `SELECT g.customer_id, c.username, g.amount, g.created_at FROM campaign_grants g JOIN customers c ON c.id = g.customer_id
      WHERE g.campaign_id = $1 ORDER BY g.created_at DESC, g.customer_id LIMIT 2000`,
    [campaignId],
  );
  return found.rows.map((r) => ({ customerId: r.customer_id, username: r.username, amount: r.amount, createdAt: r.created_at.getTime() }));
}

/** Adds the named customers (trial accounts cannot join); returns the names that match no customer. */
export async function addGrants(client: pg.PoolClient, campaign: CampaignRow, usernames: readonly string[], amount: number | null, operatorId: number) {
  if (campaign.subtype !== 'MANUAL' && campaign.subtype !== 'PROMOTION') throw errors.conflict(CAMPAIGN_MESSAGES.notManual);
  const keys = [...new Set(usernames.map((u) => u.toLowerCase()))];
  const found = await client.query<{ id: number; username_key: string }>(
    'SELECT id, username_key FROM customers WHERE username_key = ANY($1::text[]) AND test_mode IS NULL',
    [keys],
  );
  await client.query(
    `INSERT INTO campaign_grants (campaign_id, customer_id, amount, granted_by)
     SELECT $1, c, $3, $4 FROM unnest($2::bigint[]) AS c
     ON CONFLICT (campaign_id, customer_id) DO UPDATE SET amount = EXCLUDED.amount`,
    [campaign.id, found.rows.map((r) => r.id), amount, operatorId],
  );
  const known = new Set(found.rows.map((r) => r.username_key));
  return { added: found.rows.map((r) => r.id), unknownUsernames: keys.filter((k) => !known.has(k)) };
}
