// Coverage of typed two-zone tickets (双色球, 大乐透 单式), decided exactly: is there a draw on which
// no ticket wins? The second zone is small (16 blues; 66 back pairs), so every second-zone draw B is
// tried. Given B, a ticket sharing s numbers with B wins exactly when the draw holds at least L(s) of its
// first-zone numbers (the paying patterns are upward closed in the first zone: 双色球 pays 3+0 … 6+0 and
// anything with the blue; 大乐透 pays 3+0 …, 2+1 …, 0+2 …). So B loses exactly when some first-zone draw
// holds no L-subset of any ticket: a depth-first search over first-zone numbers in increasing order, with
// the forbidden pairs and triples as bit masks, prunes as soon as too few candidates are left. Its size
// does not grow with the number of tickets (at most Σ C(n, j) nodes for j < drawn per B).
import type { WorkMeter } from './coverage-budget.ts';

export interface TwoZoneShape {
  /** Numbers 0 … size−1; a draw and a ticket both hold `drawn` of them. */
  first: { size: number; drawn: number };
  second: { size: number; drawn: number };
  /** Paying [first-zone hits, second-zone hits] patterns. */
  patterns: readonly (readonly [number, number])[];
}

/** A ticket's numbers per zone, 0-based. */
export type TwoZoneTicket = readonly [first: readonly number[], second: readonly number[]];

/**
 * Per second-zone hit count s: the fewest first-zone hits that pay (0: always pays; drawn + 1: never).
 * Throws when a game's patterns are not upward closed, or when a ticket could need more than three of
 * its first-zone numbers to win at some s while a stricter level exists elsewhere (not searched here).
 */
export function winningLevels(shape: TwoZoneShape): number[] {
  const { first, second } = shape;
  const pays = (f: number, s: number) => shape.patterns.some(([a, b]) => a === f && b === s);
  const levels: number[] = [];
  for (let s = 0; s <= second.drawn; s++) {
    let level = first.drawn + 1;
    while (level > 0 && pays(level - 1, s)) level--;
    for (let f = 0; f < level; f++) if (pays(f, s)) throw new Error(`patterns not upward closed at ${f}+${s}`);
    levels.push(level);
  }
  const base = levels[0]!;
  if (levels.some((l) => l > base) || base > 3) throw new Error('unsupported two-zone patterns');
  return levels;
}

const popcount = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/**
 * Forbidden subsets of first-zone numbers as masks of two 32-bit words (numbers < 64), each stored
 * under its smaller members only, since the search adds numbers in increasing order: `singles` (a
 * number that may not be drawn), `pairs[a]` (b > a that may not join a), `triples[a·n + b]` (c > b that
 * may not join a and b).
 */
class Forbidden {
  readonly singles = new Int32Array(2);
  readonly pairs: Int32Array;
  readonly triples: Int32Array;
  constructor(readonly size: number, withTriples: boolean) {
    this.pairs = new Int32Array(size * 2);
    this.triples = new Int32Array(withTriples ? size * size * 2 : 0);
  }

  /** Forbids every `level`-subset of `numbers` (sorted ascending); returns the work done. */
  add(numbers: readonly number[], level: number): number {
    const k = numbers.length;
    if (level === 1) for (const a of numbers) set(this.singles, 0, a);
    else if (level === 2) for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) set(this.pairs, numbers[i]! * 2, numbers[j]!);
    else {
      for (let i = 0; i < k; i++) {
        for (let j = i + 1; j < k; j++) {
          const at = (numbers[i]! * this.size + numbers[j]!) * 2;
          for (let m = j + 1; m < k; m++) set(this.triples, at, numbers[m]!);
        }
      }
    }
    return k * k;
  }
}

const set = (words: Int32Array, at: number, n: number): void => {
  if (n < 32) words[at]! |= 1 << n;
  else words[at + 1]! |= 1 << (n - 32);
};

/** Every `count`-subset of 0 … size−1 as a bit mask. */
function subsets(size: number, count: number): number[] {
  const masks: number[] = [];
  const walk = (start: number, left: number, mask: number): void => {
    if (left === 0) {
      masks.push(mask);
      return;
    }
    for (let v = start; v <= size - left; v++) walk(v + 1, left - 1, mask | (1 << v));
  };
  walk(0, count, 0);
  return masks;
}

const numbersOf = (mask: number): number[] => {
  const out: number[] = [];
  for (let v = 0; mask !== 0; v++, mask >>>= 1) if (mask & 1) out.push(v);
  return out;
};

/**
 * A draw on which no ticket wins ({ first, second }, 0-based, ascending), or null when every draw has a
 * winning ticket. Exact. Spends its work on `meter` (which may stop it).
 */
export function losingTwoZoneDraw(
  shape: TwoZoneShape,
  tickets: readonly TwoZoneTicket[],
  meter: WorkMeter,
): { first: number[]; second: number[] } | null {
  const { first, second } = shape;
  if (first.size > 64 || second.size > 30) throw new Error('zone too large for the two-zone search');
  const levels = winningLevels(shape);
  const base = levels[0]!;
  meter.spend(tickets.length * 8);

  // Every ticket's base constraint (its level with no second-zone hit) holds for every B: a ticket with
  // second-zone hits wins with fewer first-zone hits, which forbids subsets of these subsets.
  const fronts = tickets.map(([numbers]) => [...numbers].sort((a, b) => a - b));
  const shared = new Forbidden(first.size, base === 3);
  if (base <= first.drawn) for (const numbers of fronts) meter.spend(shared.add(numbers, base));

  const backs = tickets.map(([, numbers]) => numbers.reduce((m, v) => m | (1 << v), 0));
  const holdersOf = Array.from({ length: second.size }, () => [] as number[]);
  backs.forEach((mask, t) => {
    for (const v of numbersOf(mask)) holdersOf[v]!.push(t);
  });
  const distinctBacks = [...new Set(backs)];
  const stamp = new Int32Array(tickets.length);

  // Second-zone draws with the same constraints have the same first-zone answer: searched once.
  const searched = new Set<string>();
  const draws = subsets(second.size, second.drawn);
  for (let b = 0; b < draws.length; b++) {
    const back = draws[b]!;
    meter.spend(distinctBacks.length + 1);
    // A ticket that wins whatever the first zone shows rules B out.
    if (distinctBacks.some((mask) => levels[popcount(mask & back)] === 0)) continue;
    // Tickets sharing numbers with B: stricter constraints on top of the shared ones.
    const extra = new Forbidden(first.size, false);
    extra.singles.set(shared.singles);
    extra.pairs.set(shared.pairs);
    meter.spend(first.size);
    for (const v of numbersOf(back)) {
      for (const t of holdersOf[v]!) {
        if (stamp[t] === b + 1) continue;
        stamp[t] = b + 1;
        const level = levels[popcount(backs[t]! & back)]!;
        if (level < base) meter.spend(extra.add(fronts[t]!, level));
      }
    }
    const constraints = `${extra.singles.join()}|${extra.pairs.join()}`;
    meter.spend(first.size);
    if (searched.has(constraints)) continue;
    searched.add(constraints);
    const found = firstZoneDraw(first.size, first.drawn, extra, shared.triples, meter);
    if (found) return { first: found, second: numbersOf(back) };
  }
  return null;
}

/** Depth-first search for `drawn` numbers of 0 … size−1 holding no forbidden subset. */
function firstZoneDraw(size: number, drawn: number, forbidden: Forbidden, triples: Int32Array, meter: WorkMeter): number[] | null {
  const chosen = new Int32Array(drawn);
  const { singles, pairs } = forbidden;
  const hasTriples = triples.length > 0;
  const full = (n: number) => (n >= 32 ? -1 : (1 << n) - 1);
  const startLo = full(Math.min(size, 32)) & ~singles[0]!;
  const startHi = (size > 32 ? full(size - 32) : 0) & ~singles[1]!;

  const extend = (depth: number, lo: number, hi: number): boolean => {
    const need = drawn - depth;
    if (need === 0) return true;
    while (popcount(lo) + popcount(hi) >= need) {
      meter.spend(depth + 2);
      let c: number;
      if (lo !== 0) {
        const bit = lo & -lo;
        c = 31 - Math.clz32(bit);
        lo ^= bit;
      } else {
        const bit = hi & -hi;
        c = 63 - Math.clz32(bit);
        hi ^= bit;
      }
      // Candidates after c: above it (what is left of lo/hi), not forbidden with c or any pair with c.
      let nextLo = lo & ~pairs[c * 2]!;
      let nextHi = hi & ~pairs[c * 2 + 1]!;
      if (hasTriples) {
        for (let i = 0; i < depth; i++) {
          const at = (chosen[i]! * size + c) * 2;
          nextLo &= ~triples[at]!;
          nextHi &= ~triples[at + 1]!;
        }
      }
      chosen[depth] = c;
      if (extend(depth + 1, nextLo, nextHi)) return true;
    }
    return false;
  };
  return extend(0, startLo, startHi) ? [...chosen] : null;
}
