// Exact distributions computed by the tests themselves, to check the engine's RTP independently.
import type { DrawResult } from '../../../../../src/shared/lottery/result.ts';
import type { Board } from '../../../../../src/shared/lottery/board/engine.ts';
import { ODDS_SCALE } from '../../../../../src/shared/lottery/board/odds.ts';
import { add, frac, times, type Fraction } from './fractions.ts';
import { caseKey, type Case, type Oracle } from './harness.ts';

/** ways[s] = number of k-element subsets of {1..n} whose sum is s (dynamic programming over the largest element). */
export function subsetSums(n: number, k: number): bigint[] {
  // table[j][s] over the numbers seen so far; rows are rebuilt per number to keep it obviously correct.
  let table: Map<number, bigint>[] = Array.from({ length: k + 1 }, () => new Map());
  (table[0] as Map<number, bigint>).set(0, 1n);
  for (let value = 1; value <= n; value++) {
    const next = table.map((row) => new Map(row));
    for (let j = 1; j <= k; j++) {
      for (const [sum, ways] of table[j - 1] as Map<number, bigint>) {
        const row = next[j] as Map<number, bigint>;
        row.set(sum + value, (row.get(sum + value) ?? 0n) + ways);
      }
    }
    table = next;
  }
  const out: bigint[] = [];
  for (const [sum, ways] of table[k] as Map<number, bigint>) out[sum] = ways;
  return out;
}

/** Some k distinct numbers of 1..n with the given sum (taken greedily from the top). */
export function numbersWithSum(n: number, k: number, sum: number): number[] {
  const out: number[] = [];
  let left = sum;
  for (let slot = k; slot >= 1; slot--) {
    const smallestRest = ((slot - 1) * slot) / 2;
    const ceiling = Math.min(out.length ? (out[out.length - 1] as number) - 1 : n, left - smallestRest);
    out.push(ceiling);
    left -= ceiling;
  }
  if (left !== 0 || new Set(out).size !== k || out.some((x) => x < 1)) throw new Error(`no ${k} numbers of 1..${n} sum to ${sum}`);
  return out.reverse();
}

export interface WeightedDraw {
  readonly draw: DrawResult;
  readonly weight: bigint;
}

/** Expected return per unit of every case under the oracle, over weighted draws. */
export function oracleRtp(board: Board, draws: readonly WeightedDraw[], cases: readonly Case[], oracle: Oracle): Map<string, Fraction> {
  const total = draws.reduce((sum, d) => sum + d.weight, 0n);
  const out = new Map<string, Fraction>();
  for (const c of cases) {
    const rule = oracle(c.betTypeId, board.env.rules)(c.selection);
    let returned = 0n;
    for (const { draw, weight } of draws) {
      const expected = rule(draw);
      const value = expected === 'LOSE' ? 0 : expected === 'PUSH' ? ODDS_SCALE : board.oddsOf(c.betTypeId, expected);
      returned += weight * BigInt(value);
    }
    out.set(caseKey(c), frac(returned, total * BigInt(ODDS_SCALE)));
  }
  return out;
}

/** Σ probability × odds of the given levels, plus the refunded probability. */
export function returnOf(board: Board, betTypeId: string, levels: readonly [key: string, probability: Fraction][], push: Fraction = frac(0)): Fraction {
  let result = push;
  for (const [key, probability] of levels) result = add(result, times(probability, frac(board.oddsOf(betTypeId, key), ODDS_SCALE)));
  return result;
}
