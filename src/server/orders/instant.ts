// Instant (秒开) draws: one result per order from the player's server seed, the player's client seed
// and a nonce that counts the bets on that seed. The server seed is made before any bet (when the
// player first asks for it, or by a rotation) and an instant bet is drawn only from a seed whose hash
// has been returned to the player: the result is committed before the bet is known (docs/fairness.md).
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { deriveInstantDraw } from '../../shared/draws/index.ts';
import { errors } from '../http/errors.ts';

export interface InstantSeed {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface SeedView {
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
}

/** Refusal of an instant bet on a seed whose hash the player was never shown. */
export const SEED_NOT_SHOWN_MESSAGE = '投注前须先公布本轮服务器种子哈希，请刷新页面查看后再投注';
/** A concurrent rotation replaced the seed the request was working on. */
export const SEED_ROTATED_MESSAGE = '服务器种子已被另一个请求更换，请刷新后查看新的种子';

// How often a request retries when a concurrent rotation replaced the seed under it.
const ATTEMPTS = 5;

const newServerSeed = () => {
  const seed = randomBytes(32).toString('hex');
  return { seed, hash: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex') };
};
const defaultClientSeed = () => randomBytes(8).toString('hex');

type SeedRow = { server_seed_hash: string; client_seed: string; next_nonce: number };
const viewOf = (row: SeedRow): SeedView => ({ serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nextNonce: row.next_nonce });

/**
 * The player's active seed as shown before betting (the server seed itself stays secret): created
 * when missing, and marked as shown, since its hash is what this returns (GET /ajax/instant-seed).
 * Idempotent; concurrent calls agree on one seed.
 */
export async function showSeed(db: pg.Pool, customerId: number): Promise<SeedView> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const active = await db.query<SeedRow & { id: number; shown: boolean }>(
      `SELECT id, server_seed_hash, client_seed, next_nonce, hash_shown_at IS NOT NULL AS shown
         FROM instant_seeds WHERE customer_id = $1 AND active`,
      [customerId],
    );
    const row = active.rows[0];
    if (row?.shown) return viewOf(row);
    if (row) {
      const marked = await db.query<SeedRow>(
        `UPDATE instant_seeds SET hash_shown_at = coalesce(hash_shown_at, now()) WHERE id = $1 AND active
         RETURNING server_seed_hash, client_seed, next_nonce`,
        [row.id],
      );
      if (marked.rows[0]) return viewOf(marked.rows[0]);
      continue; // rotated meanwhile: show the new one
    }
    const fresh = newServerSeed();
    const made = await db.query<SeedRow>(
      `INSERT INTO instant_seeds (customer_id, server_seed, server_seed_hash, client_seed, hash_shown_at)
       VALUES ($1, $2, $3, $4, now()) ON CONFLICT (customer_id) WHERE active DO NOTHING
       RETURNING server_seed_hash, client_seed, next_nonce`,
      [customerId, fresh.seed, fresh.hash, defaultClientSeed()],
    );
    if (made.rows[0]) return viewOf(made.rows[0]);
    // Another request made the seed first: the next round reads it.
  }
  throw errors.conflict(SEED_ROTATED_MESSAGE);
}

/**
 * Takes the next nonce of the player's active seed (row-locked until the bet's transaction ends),
 * refusing when no seed's hash was shown. A client seed sent with the bet applies to a seed with no
 * bet on it yet (docs/fairness.md); afterwards the client seed changes only by rotating.
 */
export async function takeInstantNonce(client: pg.PoolClient, customerId: number, clientSeed?: string): Promise<InstantSeed> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const taken = await client.query<{ id: number; server_seed: string; server_seed_hash: string; client_seed: string; nonce: number }>(
      `UPDATE instant_seeds
          SET next_nonce = next_nonce + 1,
              client_seed = CASE WHEN next_nonce = 0 AND $2::text IS NOT NULL THEN $2::text ELSE client_seed END
        WHERE customer_id = $1 AND active AND hash_shown_at IS NOT NULL
        RETURNING id, server_seed, server_seed_hash, client_seed, next_nonce - 1 AS nonce`,
      [customerId, clientSeed ?? null],
    );
    const row = taken.rows[0];
    if (row) return { id: row.id, serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce };
    // Nothing taken: no seed, a seed never shown, or a rotation retired the seed while this
    // statement waited for its row (then the next statement, with a new snapshot, sees the new one).
    const active = await client.query<{ shown: boolean }>(
      'SELECT hash_shown_at IS NOT NULL AS shown FROM instant_seeds WHERE customer_id = $1 AND active',
      [customerId],
    );
    if (!active.rows[0]?.shown) throw errors.conflict(SEED_NOT_SHOWN_MESSAGE);
  }
  throw errors.conflict(SEED_ROTATED_MESSAGE);
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

/**
 * Retires the active seed — revealing it, so every order drawn with it can be verified — and starts a
 * new one with the player's chosen client seed; the new hash is shown by the answer. Of two rotations
 * at once one wins; the other is refused (409) and changes nothing.
 */
export async function rotateSeed(
  client: pg.PoolClient,
  customerId: number,
  clientSeed: string | undefined,
): Promise<{ revealed: (SeedView & { serverSeed: string }) | null; current: SeedView }> {
  const retired = await client.query<SeedRow & { server_seed: string }>(
    `UPDATE instant_seeds SET active = false, revealed_at = now() WHERE customer_id = $1 AND active
     RETURNING server_seed, server_seed_hash, client_seed, next_nonce`,
    [customerId],
  );
  const fresh = newServerSeed();
  // A rotation that waited for the winner's row finds it retired and the winner's new seed active.
  const inserted = await client.query<SeedRow>(
    `INSERT INTO instant_seeds (customer_id, server_seed, server_seed_hash, client_seed, hash_shown_at)
     VALUES ($1, $2, $3, $4, now()) ON CONFLICT (customer_id) WHERE active DO NOTHING
     RETURNING server_seed_hash, client_seed, next_nonce`,
    [customerId, fresh.seed, fresh.hash, clientSeed ?? defaultClientSeed()],
  );
  const current = inserted.rows[0];
  if (!current) throw errors.conflict(SEED_ROTATED_MESSAGE);
  const old = retired.rows[0];
  return { revealed: old ? { ...viewOf(old), serverSeed: old.server_seed } : null, current: viewOf(current) };
}
