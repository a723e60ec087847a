// The coverage rule: no order may win at least one 注 on every possible result (docs/lottery/engine.md,
// "Coverage"). Each family decides it by formula; the helpers here are the shared pieces: hit ranges of
// pick-k tickets, a matching test for positional bets on draws without repeats, and a bounded search
// for a losing draw when a typed 单式 list lives in an outcome space too large to enumerate.
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

/** A zone searched for a losing draw: numbers 0 … size−1, `drawn` of them per draw. */
export interface SearchZone {
  size: number;
  drawn: number;
}

/**
 * Typed tickets in a space too large to enumerate (快乐8, 双色球, 大乐透 单式): looks for a draw on
 * which no ticket wins, by min-conflicts local search with a fixed seed and a fixed work budget.
 * Returns true when such a draw was found. When none is found within the budget the order is
 * treated as covering (refused): a long typed list may then be refused although some losing draw
 * exists, but no covering list is ever accepted.
 */
export function findLosingDraw(
  zones: readonly SearchZone[],
  /** Per ticket, per zone: the ticket's numbers (0-based). */
  tickets: readonly (readonly (readonly number[])[])[],
  wins: (hits: readonly number[]) => boolean,
  /** Names the winning rule (method) for the cache: the bet slip asks again on every keystroke. */
  rule: string,
  budget = 3_000_000,
): boolean {
  const key = `${rule}|${JSON.stringify(zones)}|${JSON.stringify(tickets)}`;
  const known = searches.get(key);
  if (known !== undefined) return known;
  const found = searchLosingDraw(zones, tickets, wins, budget);
  if (searches.size >= 32) searches.delete(searches.keys().next().value!);
  searches.set(key, found);
  return found;
}

/** Recent search verdicts (the search is deterministic: same tickets, same verdict). */
const searches = new Map<string, boolean>();

function searchLosingDraw(
  zones: readonly SearchZone[],
  tickets: readonly (readonly (readonly number[])[])[],
  wins: (hits: readonly number[]) => boolean,
  budget: number,
): boolean {
  let seed = 0x9e3779b9;
  const random = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Which tickets hold each number, per zone.
  const holders = zones.map((zone) => Array.from({ length: zone.size }, () => [] as number[]));
  const uses = zones.map((zone) => new Array<number>(zone.size).fill(0));
  tickets.forEach((ticket, t) =>
    ticket.forEach((numbers, z) => {
      for (const n of numbers) {
        holders[z]![n]!.push(t);
        uses[z]![n]! += 1;
      }
    }),
  );
  // Start from the least used numbers of each zone.
  const inDraw = zones.map((zone, z) => {
    const flags = new Uint8Array(zone.size);
    const order = Array.from({ length: zone.size }, (_, n) => n).sort((a, b) => uses[z]![a]! - uses[z]![b]! || a - b);
    for (let i = 0; i < zone.drawn; i++) flags[order[i]!] = 1;
    return flags;
  });
  const hits = tickets.map((ticket) => ticket.map((numbers, z) => numbers.reduce((s, n) => s + inDraw[z]![n]!, 0)));
  const winning = new Uint8Array(tickets.length);
  let conflicts = 0;
  tickets.forEach((_, t) => {
    winning[t] = wins(hits[t]!) ? 1 : 0;
    conflicts += winning[t]!;
  });
  let work = tickets.length;
  const scratch = zones.map(() => 0);
  /** Change in winning tickets if `out` leaves and `into` joins the draw in zone z. */
  const delta = (z: number, out: number, into: number): number => {
    let change = 0;
    const touched = new Set<number>([...holders[z]![out]!, ...holders[z]![into]!]);
    for (const t of touched) {
      const h = hits[t]!;
      for (let i = 0; i < h.length; i++) scratch[i] = h[i]!;
      if (holders[z]![out]!.includes(t)) scratch[z]! -= 1;
      if (holders[z]![into]!.includes(t)) scratch[z]! += 1;
      change += (wins(scratch) ? 1 : 0) - winning[t]!;
    }
    work += touched.size + 1;
    return change;
  };
  while (conflicts > 0 && work < budget) {
    // A winning ticket; move one of the draw's numbers so that its hits change.
    let pick = Math.floor(random() * tickets.length);
    while (winning[pick] === 0) pick = (pick + 1) % tickets.length;
    let best: { z: number; out: number; into: number; change: number } | null = null;
    let ties = 0;
    tickets[pick]!.forEach((numbers, z) => {
      const flags = inDraw[z]!;
      for (const n of numbers) {
        const candidates: [number, number][] = [];
        if (flags[n] === 1) for (let m = 0; m < flags.length; m++) (flags[m] === 0 ? candidates.push([n, m]) : 0);
        else for (let m = 0; m < flags.length; m++) (flags[m] === 1 ? candidates.push([m, n]) : 0);
        for (const [out, into] of candidates) {
          const change = delta(z, out, into);
          if (!best || change < best.change) {
            best = { z, out, into, change };
            ties = 1;
          } else if (change === best.change && random() * ++ties < 1) {
            best = { z, out, into, change };
          }
        }
      }
    });
    if (!best) return false;
    const { z, out, into } = best as { z: number; out: number; into: number };
    inDraw[z]![out] = 0;
    inDraw[z]![into] = 1;
    for (const t of holders[z]![out]!) hits[t]![z]! -= 1;
    for (const t of holders[z]![into]!) hits[t]![z]! += 1;
    for (const t of new Set([...holders[z]![out]!, ...holders[z]![into]!])) {
      const now = wins(hits[t]!) ? 1 : 0;
      conflicts += now - winning[t]!;
      winning[t] = now;
    }
  }
  return conflicts === 0;
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
