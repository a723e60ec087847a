// The coverage rule: no order may win at least one 注 on every possible result (docs/lottery/engine.md,
// "Coverage"). Each family decides it by formula; the helpers here are the shared pieces: hit ranges of
// pick-k tickets, a matching test for positional bets on draws without repeats, and exact enumeration
// of small spaces. Typed 单式 lists in large spaces are searched: two-zone-coverage.ts (双色球, 大乐透,
// exact) and pick-coverage.ts (快乐8), within the work limits of coverage-budget.ts.
import { choose } from './combinatorics.ts';

/**
 * A pick-k zone played as 胆拖 (a plain 复式 is dan = 0): every ticket holds the `dan` numbers and
 * k − dan of the `tuo` numbers. For every way a draw of `drawn` numbers out of `size` can hit them
 * (danHits, tuoHits), the range [lo, hi] of hits a ticket can have; every value in it is reached.
 */
export function ticketHitRanges(zone: { size: number; drawn: number; k: number }, dan: number, tuo: number): [number, number][] {
  const { size, drawn, k } = zone;
  const other = size - dan - tuo;
  const ranges: [number, number][] = [];
  for (let a = 0; a <= Math.min(dan, drawn); a++) {
    for (let b = 0; b <= Math.min(tuo, drawn - a); b++) {
      if (drawn - a - b > other) continue;
      const fromTuo = k - dan;
      ranges.push([a + Math.max(0, fromTuo - (tuo - b)), a + Math.min(fromTuo, b)]);
    }
  }
  return ranges;
}

/** True when every reachable hit range holds at least one winning hit count. */
export function everyRangeWins(ranges: readonly [number, number][], winningHits: readonly number[]): boolean {
  return ranges.every(([lo, hi]) => winningHits.some((h) => h >= lo && h <= hi));
}

/**
 * Positional bets on a draw without repeats (11选5 定位胆, 赛车 定位胆): a draw loses when every
 * position shows a number outside its picks, all numbers different. Such a draw exists exactly when
 * the positions can be matched to distinct unpicked numbers (Kuhn's augmenting paths); the draw's
 * other positions take any of the remaining numbers.
 */
export function losingAssignmentExists(unpicked: readonly (readonly number[])[]): boolean {
  const owner = new Map<number, number>();
  const tryAssign = (position: number, seen: Set<number>): boolean => {
    for (const value of unpicked[position]!) {
      if (seen.has(value)) continue;
      seen.add(value);
      const current = owner.get(value);
      if (current === undefined || tryAssign(current, seen)) {
        owner.set(value, position);
        return true;
      }
    }
    return false;
  };
  for (let position = 0; position < unpicked.length; position++) if (!tryAssign(position, new Set())) return false;
  return true;
}

/** Every k-subset of 0 … size−1 as a bit mask (size ≤ 30), for exact enumeration of small spaces. */
export function subsetMasks(size: number, k: number): number[] {
  const masks: number[] = [];
  const walk = (start: number, left: number, mask: number): void => {
    if (left === 0) {
      masks.push(mask);
      return;
    }
    for (let v = start; v <= size - left; v++) walk(v + 1, left - 1, mask | (1 << v));
  };
  walk(0, k, 0);
  return masks;
}

export const SMALL_SPACE = 5_000;
export const spaceSize = (size: number, drawn: number): number => choose(size, drawn);
