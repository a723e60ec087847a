// One hash chain of seeds per platform draw type and sales day. The terminal seed is random and
// secret; issue i (its sequence in the sales day) uses seed_i. Published ahead: the chain's anchor
// seed_0 and, per issue, the commitment SHA-256(seed_i ‖ 期号), which reveals nothing about any seed.
// The chain links themselves (SHA-256(seed_i) = seed_{i−1}) are never published ahead: each is the
// seed of the issue before.
//
// The server hashes with node:crypto, synchronously: a day's chains and commitments are about 90,000
// SHA-256 of 32–50 bytes, and WebCrypto's asynchronous digest (shared/draws/fairness, what the
// player's browser verifies with) spent about 5 s of CPU on them at each start. Same function, same
// bytes: tests/unit/draws/seed-chains-node-crypto.test.ts checks both give the same chain and commitments.
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { seedBytes } from '../../shared/draws/fairness/hex.ts';
import { issueCommitmentMessage, issuesOfSalesDay, type HashChain, type ScheduledIssue, type ScheduleInput } from '../../shared/draws/index.ts';

export interface DaySeeds extends HashChain {
  length: number;
}

export interface DayChain extends DaySeeds {
  /** Index sequence − 1: the per-issue commitment of the sales day's issue with that sequence. */
  commitments: readonly (string | undefined)[];
}

const CACHE_LIMIT = 256;
const cache = new Map<string, Promise<DaySeeds>>();
/**
 * Commitments by draw type, sales day and the day's first 期号: they bind the 期号, which the
 * operator's calendar decides for yearly and running numbers (calendar.ts).
 */
const commitmentCache = new Map<string, readonly (string | undefined)[]>();

async function loadOrCreate(pool: pg.Pool, drawType: string, salesDay: string, length: number): Promise<DaySeeds> {
  const candidate = randomBytes(32).toString('hex');
  const built = hashChain(candidate, length);
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
  const chain = row.terminal_seed === candidate ? built : hashChain(row.terminal_seed, row.length);
  return { ...chain, length: row.length };
}

const sha256 = (data: Uint8Array): Buffer => createHash('sha256').update(data).digest();

/** `buildHashChain` of shared/draws/fairness, with node:crypto. */
export function hashChain(terminalSeed: string, length: number): HashChain {
  if (!Number.isInteger(length) || length < 1) throw new RangeError('a hash chain needs at least one seed');
  const seeds = new Array<string>(length);
  let link: Uint8Array = seedBytes(terminalSeed, '终端种子');
  for (let i = length - 1; i >= 0; i--) {
    seeds[i] = Buffer.from(link.buffer, link.byteOffset, link.byteLength).toString('hex');
    link = sha256(link);
  }
  return { anchor: Buffer.from(link.buffer, link.byteOffset, link.byteLength).toString('hex'), seeds };
}

/** Each issue's `issueCommitment` of shared/draws/fairness, with node:crypto; index sequence − 1. */
export function commitmentsOf(chain: HashChain, schedule: ScheduleInput, salesDay: string): (string | undefined)[] {
  return commitmentsOfIssues(chain, issuesOfSalesDay(schedule, salesDay));
}

function commitmentsOfIssues(chain: HashChain, issues: readonly ScheduledIssue[]): (string | undefined)[] {
  const commitments = new Array<string | undefined>(chain.seeds.length);
  for (const issue of issues) {
    if (issue.sequence > chain.seeds.length) continue;
    commitments[issue.sequence - 1] = issueCommitmentWith(chain.seeds[issue.sequence - 1]!, issue.issueNumber);
  }
  return commitments;
}

/** SHA-256(seed ‖ 期号), hex. */
export function issueCommitmentWith(seed: string, issueNumber: string): string {
  return sha256(issueCommitmentMessage(seed, issueNumber)).toString('hex');
}

/** The day's seed chain (created on first use), `length` seeds: one per issue of an open day. */
export function daySeeds(pool: pg.Pool, drawType: string, salesDay: string, length: number): Promise<DaySeeds> {
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

/** The day's chain and the commitments of `issues`, every issue of the sales day under the effective schedule. */
export async function dayChain(pool: pg.Pool, drawType: string, salesDay: string, issues: readonly ScheduledIssue[]): Promise<DayChain> {
  const seeds = await daySeeds(pool, drawType, salesDay, issues.length);
  const key = `${drawType}:${salesDay}:${issues[0]?.issueNumber ?? ''}:${seeds.anchor}`;
  let commitments = commitmentCache.get(key);
  if (!commitments) {
    commitments = commitmentsOfIssues(seeds, issues);
    if (commitmentCache.size >= CACHE_LIMIT) commitmentCache.delete(commitmentCache.keys().next().value!);
    commitmentCache.set(key, commitments);
  }
  return { ...seeds, commitments };
}

/** The commitment published for the day's issue `sequence` before its sales open: SHA-256(seed ‖ 期号). */
export function issueCommitmentOf(chain: DayChain, sequence: number): string {
  const commitment = chain.commitments[sequence - 1];
  if (commitment === undefined) throw new RangeError(`no issue ${sequence} in a chain of ${chain.length}`);
  return commitment;
}
