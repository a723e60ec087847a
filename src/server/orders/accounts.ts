// Ledger accounts of betting. The house side is sharded by player so that no single row is hot:
// concurrent bets of different players lock different house accounts.
import type pg from 'pg';
import { systemAccountId } from '../wallet/ledger.ts';

export const HOUSE_SHARDS = 16;
const cache = new Map<string, number>();

export async function houseAccountFor(db: pg.Pool | pg.PoolClient, customerId: number): Promise<number> {
  const code = `house:lottery:${customerId % HOUSE_SHARDS}`;
  const cached = cache.get(code);
  if (cached !== undefined) return cached;
  // Only an account that already existed is cached: one created inside a transaction that then rolls
  // back (余额不足 on a shard's first bet) must not be remembered.
  const existing = await db.query<{ id: number; own: boolean }>(
    `SELECT id, xmin::text = (txid_current() % 4294967296)::text AS own FROM ledger_accounts WHERE code = $1`,
    [code],
  );
  const row = existing.rows[0];
  if (row) {
    if (!row.own) cache.set(code, row.id);
    return row.id;
  }
  return systemAccountId(db, code, 'HOUSE');
}
