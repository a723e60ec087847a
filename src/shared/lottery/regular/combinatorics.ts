// Counting helpers shared by the bet-count formulas. Everything here is exact integer arithmetic on
// small inputs (at most 80 numbers); results stay far below 2^53 for every valid selection.

const BINOMIAL_ROWS = 81;
const PASCAL: number[][] = [];
for (let n = 0; n < BINOMIAL_ROWS; n++) {
  const row = [1];
  for (let k = 1; k <= n; k++) row.push((PASCAL[n - 1]?.[k - 1] ?? 0) + (k < n ? (PASCAL[n - 1]?.[k] ?? 0) : 0));
  PASCAL.push(row);
}

/** C(n, k); 0 outside 0 ≤ k ≤ n. */
export function choose(n: number, k: number): number {
  if (k < 0 || n < 0 || k > n) return 0;
  if (n < BINOMIAL_ROWS) return PASCAL[n]![k]!;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

/** e_k(x_1 … x_n): the sum over all k-subsets of the product of their members. */
export function elementarySymmetric(values: readonly number[], k: number): number {
  const e = new Array<number>(k + 1).fill(0);
  e[0] = 1;
  for (const x of values) {
    for (let j = Math.min(k, values.length); j >= 1; j--) e[j]! += e[j - 1]! * x;
  }
  return e[k]!;
}

/**
 * Ways to pick `a` distinct numbers from a set of size m and `b` distinct numbers from a set of size n
 * so that the two picks share no number, when the sets overlap in h numbers (组选60/30/20/10/5, 组选12/4).
 */
export function disjointPicks(m: number, n: number, h: number, a: number, b: number): number {
  let total = 0;
  for (let i = 0; i <= Math.min(a, h); i++) total += choose(h, i) * choose(m - h, a - i) * choose(n - i, b);
  return total;
}

/**
 * Number of tuples (x_1 … x_k) of pairwise different numbers with x_i ∈ sets[i] (the permanent of the
 * 0/1 incidence matrix), by dynamic programming over the numbers and the set of filled rows — no
 * enumeration of tuples. `sets` hold numbers in 0 … universe−1.
 */
export function distinctTuples(sets: readonly (readonly number[])[], universe: number): number {
  const k = sets.length;
  const rowsOf = new Array<number>(universe).fill(0);
  sets.forEach((set, row) => {
    for (const value of set) rowsOf[value]! |= 1 << row;
  });
  let ways = new Array<number>(1 << k).fill(0);
  ways[0] = 1;
  for (let value = 0; value < universe; value++) {
    const candidates = rowsOf[value]!;
    if (candidates === 0) continue;
    const next = ways.slice();
    for (let filled = 0; filled < ways.length; filled++) {
      const w = ways[filled]!;
      if (w === 0) continue;
      let free = candidates & ~filled;
      while (free !== 0) {
        const bit = free & -free;
        next[filled | bit]! += w;
        free ^= bit;
      }
    }
    ways = next;
  }
  return ways[(1 << k) - 1]!;
}

/** Number of set bits of a 32-bit mask. */
export function bitCount(mask: number): number {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Bit mask of small non-negative integers (< 31). */
export function maskOf(values: readonly number[]): number {
  let mask = 0;
  for (const v of values) mask |= 1 << v;
  return mask;
}
