// Instant (秒开) draws: one result per order from the player's server seed (its SHA-256 shown before
// any bet), the player's client seed and a nonce that counts the bets on that seed.
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { deriveInstantDraw } from '../../shared/draws/index.ts';

export interface InstantSeed {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

const newServerSeed = () => {
  const seed = randomBytes(32).toString('hex');
  return { seed, hash: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex') };
};

/** The player's active seed, created when missing, with the next nonce taken (row-locked). */
export async function takeInstantNonce(client: pg.PoolClient, customerId: number, clientSeed?: string): Promise<InstantSeed> {
  const fresh = newServerSeed();
  await client.query(
    `INSERT INTO instant_seeds (customer_id, server_seed, server_seed_hash, client_seed)
     VALUES ($1, $2, $3, $4) ON CONFLICT (customer_id) WHERE active DO NOTHING`,
    [customerId, fresh.seed, fresh.hash, clientSeed ?? randomBytes(8).toString('hex')],
  );
  const taken = await client.query<{ id: number; server_seed: string; server_seed_hash: string; client_seed: string; nonce: number }>(
    `UPDATE instant_seeds SET next_nonce = next_nonce + 1 WHERE customer_id = $1 AND active
     RETURNING id, server_seed, server_seed_hash, client_seed, next_nonce - 1 AS nonce`,
    [customerId],
  );
  const row = taken.rows[0]!;
  return { id: row.id, serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce };
}

export async function drawInstant(drawType: string, seed: InstantSeed): Promise<number[]> {
  const { result } = await deriveInstantDraw({
    drawType,
    serverSeed: seed.serverSeed,
    clientSeed: seed.clientSeed,
    nonce: seed.nonce,
  });
  return result;
}

export interface SeedView {
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
}

/** The player's active seed as shown before betting (the server seed itself stays secret). */
export async function activeSeed(db: pg.Pool | pg.PoolClient, customerId: number): Promise<SeedView | null> {
  const found = await db.query<{ server_seed_hash: string; client_seed: string; next_nonce: number }>(
    'SELECT server_seed_hash, client_seed, next_nonce FROM instant_seeds WHERE customer_id = $1 AND active',
    [customerId],
  );
  const row = found.rows[0];
  return row ? { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nextNonce: row.next_nonce } : null;
}

/**
 * Retires the active seed — revealing it, so every order drawn with it can be verified — and starts a
 * new one with the player's chosen client seed.
 */
export async function rotateSeed(
  client: pg.PoolClient,
  customerId: number,
  clientSeed: string | undefined,
): Promise<{ revealed: (SeedView & { serverSeed: string }) | null; current: SeedView }> {
  const retired = await client.query<{ server_seed: string; server_seed_hash: string; client_seed: string; next_nonce: number }>(
    `UPDATE instant_seeds SET active = false, revealed_at = now() WHERE customer_id = $1 AND active
     RETURNING server_seed, server_seed_hash, client_seed, next_nonce`,
    [customerId],
  );
  const fresh = newServerSeed();
  const inserted = await client.query<{ client_seed: string }>(
    `INSERT INTO instant_seeds (customer_id, server_seed, server_seed_hash, client_seed) VALUES ($1, $2, $3, $4) RETURNING client_seed`,
    [customerId, fresh.seed, fresh.hash, clientSeed ?? randomBytes(8).toString('hex')],
  );
  const old = retired.rows[0];
  return {
    revealed: old
      ? { serverSeed: old.server_seed, serverSeedHash: old.server_seed_hash, clientSeed: old.client_seed, nextNonce: old.next_nonce }
      : null,
    current: { serverSeedHash: fresh.hash, clientSeed: inserted.rows[0]!.client_seed, nextNonce: 0 },
  };
}
