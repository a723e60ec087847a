// The seed hash chain of a periodic draw type: seed_N is a secret random terminal seed, and
// seed_{i-1} = SHA-256(seed_i). The anchor seed_0 is published before the chain's first issue opens;
// issue i of the chain uses seed_i. Played backwards like this, no seed can be chosen after the anchor
// is out, and revealing seed_i (at issue i's draw) reveals only seeds of issues drawn before it.
// A chain link is NOT an issue's published commitment: SHA-256(seed_{i+1}) = seed_i, so publishing
// issue i+1's link while issue i is on sale would reveal issue i's seed (issue-commitment.ts).
import { bytesToHex, seedBytes, type Bytes } from './hex.ts';
import { sha256 } from './web-crypto.ts';

export interface HashChain {
  /** seed_0 = SHA-256^N(terminal seed): published before the chain's first issue opens. */
  anchor: string;
  /** seed_1 … seed_N in order of use (the last one is the terminal seed). Secret until each draw. */
  seeds: readonly string[];
}

export async function buildHashChain(terminalSeed: string, length: number): Promise<HashChain> {
  if (!Number.isInteger(length) || length < 1) throw new RangeError('a hash chain needs at least one seed');
  const seeds: string[] = new Array<string>(length);
  let link: Bytes = seedBytes(terminalSeed, '终端种子');
  for (let i = length - 1; i >= 0; i--) {
    seeds[i] = bytesToHex(link);
    link = await sha256(link);
  }
  return { anchor: bytesToHex(link), seeds };
}

/** seed_position (1-based: the chain's first issue uses position 1). */
export function chainSeed(chain: HashChain, position: number): string {
  const seed = chain.seeds[position - 1];
  if (seed === undefined) throw new RangeError(`position ${position} outside a chain of ${chain.seeds.length}`);
  return seed;
}

/**
 * SHA-256(seed): the chain's previous link (the previous issue's seed, or the anchor); for an instant
 * server seed, the hash shown before the bets on it.
 */
export async function seedHash(seed: string): Promise<string> {
  return bytesToHex(await sha256(seedBytes(seed, '种子')));
}

/** SHA-256 applied `times` times: seed_i hashed i times gives the anchor seed_0. */
export async function hashRepeatedly(seed: string, times: number): Promise<string> {
  if (!Number.isInteger(times) || times < 0) throw new RangeError('times must be a non-negative integer');
  let link: Bytes = seedBytes(seed, '种子');
  for (let i = 0; i < times; i++) link = await sha256(link);
  return bytesToHex(link);
}
