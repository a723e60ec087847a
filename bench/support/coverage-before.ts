// The coverage search for typed 快乐8/双色球/大乐透 lists as it was before issue 15 (commit 7f3a3dc,
// src/shared/lottery/regular/coverage.ts: `findLosingDraw` without its verdict cache), kept here only as
// the benchmark's reference (bench/coverage.ts). Not used by the product.

/** A zone searched for a losing draw: numbers 0 … size−1, `drawn` of them per draw. */
export interface SearchZone {
  size: number;
  drawn: number;
}

/** True when a draw on which no ticket wins was found within `budget`. */
export function searchLosingDrawBefore(
  zones: readonly SearchZone[],
  tickets: readonly (readonly (readonly number[])[])[],
  wins: (hits: readonly number[]) => boolean,
  budget = 3_000_000,
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

