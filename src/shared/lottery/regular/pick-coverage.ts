// Coverage of typed pick-k tickets in a zone too large to enumerate (快乐8 单式: 20 of 80 drawn): a
// search for a draw on which no ticket wins. Exact answers where a counting argument gives one (选一:
// a losing draw exists exactly when at most 60 numbers are used; any k whose 0 hits lose: a draw of
// unused numbers); otherwise min-conflicts local search with a fixed seed. Deciding it exactly is
// NP-hard in general (选二 alone asks for 20 numbers no two of which share a ticket), so a search that
// finds nothing within its work counts as covering: a list may be refused although a losing draw
// exists, never accepted while every draw wins.
//
// The search keeps, for every number, the change in winning tickets its move in or out of the draw
// would make (`gain`), updated only for the tickets a move touches. A step picks a winning ticket at
// random and makes the best swap that moves its hit count towards a losing one (now and then a random
// one), penalising numbers moved in the last few steps.
import type { WorkMeter } from './coverage-budget.ts';

export interface PickZone {
  /** Numbers 0 … size−1, `drawn` of them per draw. */
  size: number;
  drawn: number;
}

/** Share of steps that take a random allowed swap instead of the best one. */
const NOISE = 0.08;
/** Share of steps that move a ticket towards its farther losing hit count, when it has two. */
const FAR_SIDE = 0.25;
/** Steps a number stays where a move put it (unless nothing else is as good). */
const TABU = 4;

/**
 * A draw (0-based numbers) on which no ticket has a winning hit count, or null when none was found.
 * `tickets` hold k different numbers each. Spends its work on `meter` (which may stop it).
 */
export function losingPickDraw(zone: PickZone, winningHits: readonly number[], tickets: readonly (readonly number[])[], meter: WorkMeter): number[] | null {
  const k = tickets[0]?.length ?? 0;
  meter.spend(tickets.length * k + zone.size);
  const uses = new Int32Array(zone.size);
  for (const ticket of tickets) for (const v of ticket) uses[v]! += 1;
  const unused = [...uses.keys()].filter((v) => uses[v] === 0);
  const zeroLoses = !winningHits.includes(0);
  // With 0 hits losing, a draw of unused numbers loses; with one number per ticket it is the only one.
  if (zeroLoses && unused.length >= zone.drawn) return unused.slice(0, zone.drawn);
  if (k === 1) return null;
  return new PickSearch(zone, k, winningHits, tickets, uses, meter).run();
}

/** The search's state; methods (not closures) so that one optimised copy serves every search. */
class PickSearch {
  private readonly size: number;
  private readonly count: number;
  private readonly wins: Uint8Array;
  /** Ticket t's numbers: numbers[t·k … t·k + k − 1]. */
  private readonly numbers: Int32Array;
  /** Tickets holding number v: holders[start[v] … start[v + 1] − 1]. */
  private readonly start: Int32Array;
  private readonly holders: Int32Array;
  private readonly inDraw: Uint8Array;
  private readonly hits: Int32Array;
  /** For v drawn: the change in winning tickets if v left the draw; for v not drawn, if it joined. */
  private readonly gain: Int32Array;
  /** Winning tickets as a list (uniform pick) with each one's slot (−1: not winning). */
  private readonly winning: Int32Array;
  private readonly slot: Int32Array;
  private winners = 0;
  private readonly movedAt: Int32Array;
  private readonly touched: Int32Array;
  private readonly touchedAt: Int32Array;
  private readonly inTicket: Int32Array;
  private readonly outs: Int32Array;
  private readonly intos: Int32Array;
  private step = 0;
  private seed = 0x9e3779b9;

  constructor(
    zone: PickZone,
    private readonly k: number,
    winningHits: readonly number[],
    tickets: readonly (readonly number[])[],
    uses: Int32Array,
    private readonly meter: WorkMeter,
  ) {
    const size = (this.size = zone.size);
    const count = (this.count = tickets.length);
    this.wins = new Uint8Array(k + 2);
    for (const h of winningHits) this.wins[h] = 1;
    this.start = new Int32Array(size + 1);
    for (let v = 0; v < size; v++) this.start[v + 1] = this.start[v]! + uses[v]!;
    this.holders = new Int32Array(count * k);
    this.numbers = new Int32Array(count * k);
    const fill = this.start.slice(0, size);
    tickets.forEach((ticket, t) =>
      ticket.forEach((v, i) => {
        this.numbers[t * k + i] = v;
        this.holders[fill[v]!++] = t;
      }),
    );
    // Start from the least used numbers.
    this.inDraw = new Uint8Array(size);
    const order = [...uses.keys()].sort((a, b) => uses[a]! - uses[b]! || a - b);
    for (let i = 0; i < zone.drawn; i++) this.inDraw[order[i]!] = 1;
    this.hits = new Int32Array(count);
    for (let i = 0; i < count * k; i++) this.hits[Math.floor(i / k)]! += this.inDraw[this.numbers[i]!]!;
    this.winning = new Int32Array(count);
    this.slot = new Int32Array(count).fill(-1);
    for (let t = 0; t < count; t++) this.setWinning(t);
    this.gain = new Int32Array(size);
    for (let t = 0; t < count; t++) this.account(t, 1);
    this.movedAt = new Int32Array(size).fill(-TABU - 1);
    this.touched = new Int32Array(count);
    this.touchedAt = new Int32Array(count);
    this.inTicket = new Int32Array(size).fill(-1);
    this.outs = new Int32Array(size);
    this.intos = new Int32Array(size);
    meter.spend(3 * count * k);
  }

  run(): number[] | null {
    const { k, size, wins, numbers, inDraw, inTicket, outs, intos } = this;
    while (this.winners > 0) {
      const t = this.winning[Math.floor(this.random() * this.winners)]!;
      const h = this.hits[t]!;
      // Towards a losing hit count: mostly the nearest (down on a tie), sometimes the other way.
      let down = h;
      while (down >= 0 && wins[down]) down--;
      let up = h;
      while (up <= k && wins[up]) up++;
      if (down < 0 && up > k) return null; // this ticket wins on every draw
      const nearerBelow = h - down <= up - h;
      const lower = down < 0 ? false : up > k ? true : this.random() < FAR_SIDE ? !nearerBelow : nearerBelow;
      // Lower: a drawn number of the ticket leaves, an undrawn one outside it joins; higher: an undrawn
      // number of the ticket joins, a drawn one outside it leaves.
      let nOut = 0;
      let nInto = 0;
      for (let i = t * k; i < t * k + k; i++) {
        const v = numbers[i]!;
        inTicket[v] = t;
        if (lower && inDraw[v]) outs[nOut++] = v;
        else if (!lower && !inDraw[v]) intos[nInto++] = v;
      }
      for (let v = 0; v < size; v++) {
        if (inTicket[v] === t) continue;
        if (lower && !inDraw[v]) intos[nInto++] = v;
        else if (!lower && inDraw[v]) outs[nOut++] = v;
      }
      const noisy = this.random() < NOISE;
      const out = this.choose(outs, nOut, noisy);
      const into = this.choose(intos, nInto, noisy);
      this.meter.spend(size + 2 * k);
      if (out < 0 || into < 0) return null;
      this.swap(out, into);
    }
    const draw: number[] = [];
    for (let v = 0; v < size; v++) if (inDraw[v]) draw.push(v);
    return draw;
  }

  private random(): number {
    this.seed = (this.seed + 0x6d2b79f5) | 0;
    let t = Math.imul(this.seed ^ (this.seed >>> 15), 1 | this.seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  private setWinning(t: number): void {
    const now = this.wins[this.hits[t]!] === 1;
    const at = this.slot[t]!;
    if (now && at === -1) {
      this.slot[t] = this.winners;
      this.winning[this.winners++] = t;
    } else if (!now && at !== -1) {
      const last = this.winning[--this.winners]!;
      this.winning[at] = last;
      this.slot[last] = at;
      this.slot[t] = -1;
    }
  }

  /** Adds (sign 1) or removes (−1) ticket t's share of every gain. */
  private account(t: number, sign: number): void {
    const { wins, numbers, inDraw, gain } = this;
    const h = this.hits[t]!;
    const leaving = sign * (wins[h - 1]! - wins[h]!);
    const joining = sign * (wins[h + 1]! - wins[h]!);
    for (let i = t * this.k, end = i + this.k; i < end; i++) {
      const v = numbers[i]!;
      gain[v]! += inDraw[v] ? leaving : joining;
    }
  }

  /** The best candidate by gain (a recent move counts as much worse), ties and noisy steps at random. */
  private choose(candidates: Int32Array, n: number, noisy: boolean): number {
    if (n === 0) return -1;
    if (noisy) return candidates[Math.floor(this.random() * n)]!;
    let chosen = -1;
    let lowest = Infinity;
    let ties = 0;
    for (let i = 0; i < n; i++) {
      const v = candidates[i]!;
      const g = this.step - this.movedAt[v]! <= TABU ? this.gain[v]! + this.count : this.gain[v]!;
      if (g < lowest) {
        lowest = g;
        chosen = v;
        ties = 1;
      } else if (g === lowest && this.random() * ++ties < 1) chosen = v;
    }
    return chosen;
  }

  /** The tickets holding v not collected yet in this step, appended from `m`; returns the new count. */
  private collect(v: number, m: number): number {
    const { holders, touched, touchedAt, step } = this;
    for (let i = this.start[v]!, end = this.start[v + 1]!; i < end; i++) {
      const t = holders[i]!;
      if (touchedAt[t] === step) continue;
      touchedAt[t] = step;
      touched[m++] = t;
    }
    return m;
  }

  private swap(out: number, into: number): void {
    const { holders, hits, touched } = this;
    this.step++;
    // The tickets holding either number, once each (a ticket holding both keeps its hits).
    const m = this.collect(into, this.collect(out, 0));
    for (let i = 0; i < m; i++) this.account(touched[i]!, -1);
    this.inDraw[out] = 0;
    this.inDraw[into] = 1;
    for (let i = this.start[out]!, end = this.start[out + 1]!; i < end; i++) hits[holders[i]!]! -= 1;
    for (let i = this.start[into]!, end = this.start[into + 1]!; i < end; i++) hits[holders[i]!]! += 1;
    for (let i = 0; i < m; i++) {
      this.account(touched[i]!, 1);
      this.setWinning(touched[i]!);
    }
    this.movedAt[out] = this.step;
    this.movedAt[into] = this.step;
    this.meter.spend(2 * m * (this.k + 1));
  }
}
