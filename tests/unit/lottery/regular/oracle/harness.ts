// Acceptance harness (reference §7): for random valid selections of every method of a draw type,
//  1. count = size of the de-duplicated expansion into single tickets;
//  2. evaluate = Σ over those tickets of the single-ticket rule, on sampled outcomes;
//  3. over the whole outcome space, winners per level = tickets of that level × outcomes one such
//     ticket wins (brute force), and the average payout = stake × G / 2000, level by level.
// Randomness is seeded; every assertion message carries the seed (rerun with LOTTERY_SEED=<seed>).
import { expect, it } from 'vitest';
import {
  compileBet,
  count,
  getMethod,
  LotteryError,
  methodIds,
  prepareResult,
  prizeTable,
  type MethodDefinition,
  type PreparedResult,
  type Selection,
} from '../../../../../src/shared/lottery/index.ts';
import type { Oracle, OracleTable, Ticket } from './types.ts';
import { BASE_SEED, pick, range, seededRandom, seedFor } from './util.ts';

export interface OracleSuiteOptions {
  drawType: string;
  oracles: OracleTable;
  /** Every outcome of the draw (equally likely), as the numbers drawn in order. */
  outcomes: () => number[][];
  /** Random selections per method checked for count and sampled settlement. */
  selections: number;
  /** Of those, how many are also checked over the whole outcome space. */
  fullSpaceSelections: number;
  /** Further selections checked for count only. */
  countSelections?: number;
  /** Engine rejections the layout-driven generator may run into (rules across rows). */
  acceptableRejections?: readonly string[];
  /** Picks beyond each row's minimum (keeps expansions small enough to enumerate). */
  extraPicks: number;
  maxTickets: number;
}

export const baseKey = (t: Ticket): string => t.key.split('#')[0]!;

export function dedupe(tickets: readonly Ticket[]): Ticket[] {
  const seen = new Map<string, Ticket>();
  for (const t of tickets) if (!seen.has(t.key)) seen.set(t.key, t);
  return [...seen.values()];
}

/** The number of distinct single 注 (fixed-prize oracles list one ticket per paying pattern). */
export const distinctBets = (tickets: readonly Ticket[]): number => new Set(tickets.map(baseKey)).size;

function randomEntry(def: MethodDefinition, rng: () => number): number[] {
  const format = def.layout.entry!;
  return format.zones.flatMap((zone) =>
    zone.distinct ? pick(rng, range(zone.min, zone.max), zone.size) : Array.from({ length: zone.size }, () => zone.min + Math.floor(rng() * (zone.max - zone.min + 1))),
  );
}

/** A random selection shaped by the method's layout; 拖码 avoid the 胆码 just picked. */
export function randomSelectionFor(def: MethodDefinition, oracle: Oracle, rng: () => number, extra: number): Selection {
  const selection: { rows?: (number | string)[][]; entries?: number[][]; positions?: number[] } = {};
  if (def.layout.entry) {
    const wanted = 1 + Math.floor(rng() * 4);
    const seen = new Set<string>();
    const entries: number[][] = [];
    for (let attempt = 0; attempt < 400 && entries.length < wanted; attempt++) {
      const e = randomEntry(def, rng);
      if (!oracle.entry!.valid(e)) continue;
      const key = oracle.entry!.key(e);
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push(e);
    }
    selection.entries = entries;
  } else {
    const rows: (number | string)[][] = [];
    def.layout.rows.forEach((row, i) => {
      const danRow = row.label.endsWith('拖码') ? def.layout.rows[i - 1] : undefined;
      const avoid = new Set(danRow ? rows[i - 1] : []);
      const options = row.options.map((o) => o.value).filter((v) => !avoid.has(v));
      // A 胆码 row holds at most k − 1 numbers: give the 拖码 enough for at least one 注.
      const fewest = danRow ? Math.max(row.minPicks, danRow.maxPicks + 1 - rows[i - 1]!.length) : row.minPicks;
      const most = Math.min(row.maxPicks, options.length, fewest + extra);
      rows.push(pick(rng, options, fewest + Math.floor(rng() * (most - fewest + 1))));
    });
    selection.rows = rows;
  }
  const positions = def.layout.positions;
  if (positions) {
    const k = positions.minPositions + Math.floor(rng() * (positions.labels.length - positions.minPositions + 1));
    selection.positions = pick(rng, range(0, positions.labels.length - 1), k);
  }
  return selection;
}

export function generate(drawType: string, id: string, oracle: Oracle, rng: () => number, options: OracleSuiteOptions, tag: string) {
  const def = getMethod(drawType, id);
  for (let attempt = 0; attempt < 500; attempt++) {
    const selection = randomSelectionFor(def, oracle, rng, options.extraPicks);
    const tickets = dedupe(oracle.expand(selection));
    let bets: number;
    try {
      bets = count(drawType, id, selection);
    } catch (error) {
      if (!(error instanceof LotteryError)) throw error;
      // Over the bet limit, or winning on every result (coverage.oracle.test.ts checks that verdict).
      if (error.code === 'TOO_MANY_BETS' || error.code === 'COVERS_ALL_OUTCOMES') continue;
      if (error.message === '所选号码不足以组成一注') {
        expect(distinctBets(tickets), `${tag}: engine finds no 注 in ${JSON.stringify(selection)}`).toBe(0);
        continue;
      }
      if (options.acceptableRejections?.includes(error.message)) continue;
      throw new Error(`${tag}: engine rejected ${JSON.stringify(selection)}: ${error.message}`);
    }
    if (distinctBets(tickets) > options.maxTickets) continue;
    return { selection, tickets, bets };
  }
  throw new Error(`${tag}: could not build a selection`);
}

function oracleWinners(tickets: readonly Ticket[], outcome: readonly number[], levelIndex: ReadonlyMap<string, number>, levels: number): number[] {
  const winners = new Array<number>(levels).fill(0);
  for (const t of tickets) if (t.wins(outcome)) winners[levelIndex.get(t.level)!]! += 1;
  return winners;
}

export function oracleSuite(options: OracleSuiteOptions): void {
  const { drawType, oracles } = options;
  let space: number[][] | undefined;
  let prepared: PreparedResult[] | undefined;
  const outcomes = () => (space ??= options.outcomes());
  const preparedOutcomes = () => (prepared ??= outcomes().map((o) => prepareResult(drawType, o)));
  /** Outcomes one ticket of a level wins, by brute force with the oracle rule (cached per level). */
  const winsPerTicket = new Map<string, number>();

  it('has an oracle for every method', () => {
    expect(Object.keys(oracles).sort()).toEqual(methodIds(drawType).sort());
  });

  for (const id of methodIds(drawType)) {
    it(`${id}: count = expansion, evaluate = Σ single tickets, RTP = G/2000`, () => {
      const seed = seedFor(`${drawType}/${id}`);
      const rng = seededRandom(seed);
      const tag = `${drawType}/${id} seed ${seed} (LOTTERY_SEED=${BASE_SEED})`;
      const def = getMethod(drawType, id);
      const oracle = oracles[id]!;
      const levelIndex = new Map(def.levels.map((l, i) => [l.id, i]));
      const all = outcomes();
      const ready = preparedOutcomes();
      for (let round = 0; round < (options.countSelections ?? 12); round++) {
        const { selection, tickets, bets } = generate(drawType, id, oracle, rng, options, tag);
        expect(bets, `${tag} selection ${JSON.stringify(selection)}: count`).toBe(distinctBets(tickets));
      }
      for (let round = 0; round < options.selections; round++) {
        const { selection, tickets, bets } = generate(drawType, id, oracle, rng, options, tag);
        const shown = `${tag} selection ${JSON.stringify(selection)}`;
        expect(bets, `${shown}: count`).toBe(distinctBets(tickets));
        for (const t of tickets) expect(levelIndex.has(t.level), `${shown}: level ${t.level}`).toBe(true);

        // Settlement on sampled outcomes: some the engine says win, some the oracle says win (a
        // winning outcome of a random ticket), the rest at random; as many as the ticket count allows
        // (each outcome is judged by every ticket).
        const compiled = compileBet(drawType, id, selection);
        const budget = Math.max(60, Math.min(600, Math.floor(300_000 / Math.max(1, tickets.length))));
        const sample: number[] = [];
        const start = Math.floor(rng() * all.length);
        for (let i = 0; i < Math.min(all.length, 20_000) && sample.length < budget / 3; i++) {
          const index = (start + i * 7919) % all.length;
          if (compiled.evaluate(ready[index]!).some((w) => w > 0)) sample.push(index);
        }
        if (tickets.length > 0) {
          for (let tries = 0; tries < 20_000 && sample.length < (2 * budget) / 3; tries++) {
            const index = Math.floor(rng() * all.length);
            if (tickets[Math.floor(rng() * tickets.length)]!.wins(all[index]!)) sample.push(index);
          }
        }
        while (sample.length < budget) sample.push(Math.floor(rng() * all.length));
        for (const index of sample) {
          expect(compiled.evaluate(ready[index]!), `${shown}: outcome ${all[index]!.join(',')}`).toEqual(
            oracleWinners(tickets, all[index]!, levelIndex, def.levels.length),
          );
        }

        if (round >= options.fullSpaceSelections) continue;
        // The whole outcome space.
        const totals = new Array<number>(def.levels.length).fill(0);
        for (const outcome of ready) {
          const winners = compiled.evaluate(outcome);
          for (let l = 0; l < winners.length; l++) totals[l]! += winners[l]!;
        }
        const n = all.length;
        const group = 1700 + Math.floor(rng() * 301);
        const prizes = prizeTable(drawType, id, group);
        let flooredTotal = 0;
        def.levels.forEach((level, l) => {
          const ofLevel = tickets.filter((t) => t.level === level.id);
          if (ofLevel.length > 0) {
            const key = `${id}/${level.id}`;
            if (!winsPerTicket.has(key)) winsPerTicket.set(key, all.filter((o) => ofLevel[0]!.wins(o)).length);
            const perTicket = winsPerTicket.get(key)!;
            // The level's stated probability is the single-ticket rule's.
            expect(perTicket * level.total, `${shown}: probability of ${level.id}`).toBe(n * level.count);
            expect(totals[l], `${shown}: winners of ${level.id} over the outcome space`).toBe(ofLevel.length * perTicket);
            // That count relies on every ticket of a level winning equally often: check it on the last
            // ticket and one at random, each enumerated over the whole space with the oracle's rule.
            for (const other of new Set([ofLevel[ofLevel.length - 1]!, ofLevel[Math.floor(rng() * ofLevel.length)]!])) {
              if (other === ofLevel[0]) continue;
              expect(all.filter((o) => other.wins(o)).length, `${shown}: outcomes won by ${other.key} (${level.id})`).toBe(perTicket);
            }
            // The price, from the brute-force probability perTicket / N instead of the level's data:
            // a fair 2-元 注 pays 2·N/perTicket 元, at G: × G/2000, floored to 0.0001 元. With the
            // winners above this makes the average payout stake × G/2000 exactly before flooring.
            const fairPrice = (20_000n * BigInt(n) * BigInt(group)) / (BigInt(perTicket) * 2000n);
            expect(BigInt(prizes[l]!.prize), `${shown}: prize of ${level.id} at G=${group}`).toBe(fairPrice);
          } else {
            expect(totals[l], `${shown}: winners of ${level.id} with no ticket of that level`).toBe(0);
          }
          flooredTotal += totals[l]! * prizes[l]!.prize;
        });
        // With prizes floored to 0.0001 元 the average payout is at most stake × G/2000 and short by
        // less than 0.0001 元 per winning 注.
        const exact = n * bets * 10 * group;
        const winning = totals.reduce((a, b) => a + b, 0);
        expect(flooredTotal, `${shown}: payout over the outcome space at G=${group}`).toBeLessThanOrEqual(exact);
        expect(flooredTotal, `${shown}: payout over the outcome space at G=${group}`).toBeGreaterThanOrEqual(exact - winning);
      }
    });
  }
}

export function digitOutcomes(length: number): number[][] {
  let all: number[][] = [[]];
  for (let i = 0; i < length; i++) all = all.flatMap((t) => range(0, 9).map((d) => [...t, d]));
  return all;
}

/** All ordered draws of `k` different numbers from min…max (11选5: 55,440). */
export function orderedDraws(k: number, min: number, max: number): number[][] {
  const walk = (prefix: number[]): number[][] =>
    prefix.length === k ? [prefix] : range(min, max).filter((n) => !prefix.includes(n)).flatMap((n) => walk([...prefix, n]));
  return walk([]);
}

/**
 * 赛车 outcomes: every ordered top five (30,240), each completed by the five rotations of the other
 * five cars, so that every position — including 第六名 … 第十名 — is uniform over the 151,200 outcomes.
 */
export function raceOutcomes(): number[][] {
  return orderedDraws(5, 1, 10).flatMap((top) => {
    const rest = range(1, 10).filter((n) => !top.includes(n));
    return range(0, 4).map((shift) => [...top, ...rest.slice(shift), ...rest.slice(0, shift)]);
  });
}

export const diceOutcomes = (): number[][] => orderedDrawsWithRepeats(3, 1, 6);

function orderedDrawsWithRepeats(k: number, min: number, max: number): number[][] {
  let all: number[][] = [[]];
  for (let i = 0; i < k; i++) all = all.flatMap((t) => range(min, max).map((d) => [...t, d]));
  return all;
}
