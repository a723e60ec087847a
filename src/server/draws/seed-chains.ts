// One hash chain of seeds per platform draw type and sales day. The terminal seed is random and
// secret; issue i (its sequence in the sales day) uses seed_i. Published ahead: the chain's anchor
// seed_0 and, per issue, the commitment SHA-256(seed_i ‖ 期号), which reveals nothing about any seed.
// The chain links themselves (SHA-256(seed_i) = seed_{i−1}) are never published ahead: each is the
// seed of the issue before.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { buildHashChain, chainSeed, issueCommitment, issuesOfSalesDay, type HashChain } from '../../shared/draws/index.ts';

export interface DayChain extends HashChain {
  length: number;
  /** Index sequence − 1: the per-issue commitment of the sales day's issue with that sequence. */
  commitments: readonly (string | undefined)[];
}

const CACHE_LIMIT = 256;
const cache = new Map<string, Promise<DayChain>>();

async function loadOrCreate(pool: pg.Pool, drawType: string, salesDay: string, length: number): Promise<DayChain> {
  const candidate = randomBytes(32).toString('hex');
  const built = await buildHashChain(candidate, length);
  await pool.query(
    `INSERT INTO seed_chains (draw_type, sales_day, terminal_seed, anchor, length) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (draw_type, sales_day) DO NOTHING`,
    [drawType, salesDay, candidate, built.anchor, length],
  );
  // Another process may have won the insert: the stored chain is the one.
  const stored = await pool.query<{ terminal_seed: string; length: number }>(
    'SELECT terminal_seed, length FROM seed_chains WHERE draw_type = $1 AND sales_day = $2',
    [drawType, salesDay],
  );
  const row = stored.rows[0]!;
  const chain = row.terminal_seed === candidate ? built : await buildHashChain(row.terminal_seed, row.length);
  return { ...chain, length: row.length, commitments: await commitmentsOf(chain, drawType, salesDay) };
}

async function commitmentsOf(chain: HashChain, drawType: string, salesDay: string): Promise<(string | undefined)[]> {
  const commitments: (string | undefined)[] = new Array<string | undefined>(chain.seeds.length);
  for (const issue of issuesOfSalesDay(drawType, salesDay)) {
    if (issue.sequence > chain.seeds.length) continue;
    commitments[issue.sequence - 1] = await issueCommitment(chainSeed(chain, issue.sequence), issue.issueNumber);
  }
  return commitments;
}

export function dayChain(pool: pg.Pool, drawType: string, salesDay: string, length: number): Promise<DayChain> {
  const key = `${drawType}:${salesDay}`;
  let chain = cache.get(key);
  if (!chain) {
    chain = loadOrCreate(pool, drawType, salesDay, length);
    chain.catch(() => cache.delete(key));
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, chain);
  }
  return chain;
}

/** The commitment published for the day's issue `sequence` before its sales open: SHA-256(seed ‖ 期号). */
export function issueCommitmentOf(chain: DayChain, sequence: number): string {
  const commitment = chain.commitments[sequence - 1];
  if (commitment === undefined) throw new RangeError(`no issue ${sequence} in a chain of ${chain.length}`);
  return commitment;
}
