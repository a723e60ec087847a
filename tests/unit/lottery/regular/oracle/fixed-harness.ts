// Acceptance checks for 快乐8, 双色球 and 大乐透, whose outcome spaces are too large to enumerate
// (C(80,20), 17,721,088, 21,425,712). The exact total over all outcomes is computed by outcome class:
// two outcomes with the same number of hits in every group of picked numbers (胆码, 拖码, the rest of
// a zone) settle alike, so each class is evaluated once on a representative and weighted by its size.
// The expected total comes from the single-ticket probability: a ticket of k numbers in a zone of
// size S with d drawn hits exactly h in C(k,h)·C(S−k, d−h) outcomes.
import { expect, it } from 'vitest';
import { compileBet, getMethod, methodIds, prepareResult, type Selection } from '../../../../../src/shared/lottery/index.ts';
import { distinctBets, generate, type OracleSuiteOptions } from './harness.ts';
import type { OracleTable, Ticket } from './types.ts';
import { BASE_SEED, cartesian, chooseBig, pick, range, seededRandom, seedFor } from './util.ts';

export interface FixedZone {
  min: number;
  max: number;
  /** Numbers drawn in this zone. */
  drawn: number;
  /** Numbers per ticket in this zone. */
  picks: number;
}

export interface FixedSuiteOptions {
  drawType: string;
  oracles: OracleTable;
  /** The zones of the draw, with the numbers per ticket of the method. */
  zones(methodId: string): FixedZone[];
  /** Per method: the groups of picked numbers in each zone (rows of the selection), or null for 单式. */
  groups(methodId: string, selection: Selection): number[][][] | null;
  /** Per paying level id: hits per zone. */
  hitsOfLevel(levelId: string): number[];
  selections: number;
  extraPicks: number;
  maxTickets: number;
  acceptableRejections?: readonly string[];
}

/** Every way to split a zone's drawn numbers over its groups and the numbers outside them. */
export function zoneClasses(zone: FixedZone, groups: number[][]): { hits: number[]; weight: bigint; numbers: number[] }[] {
  const picked = new Set(groups.flat());
  const outside = range(zone.min, zone.max).filter((n) => !picked.has(n));
  const classes: { hits: number[]; weight: bigint; numbers: number[] }[] = [];
  for (const hits of cartesian(groups.map((g) => range(0, g.length)))) {
    const fromOutside = zone.drawn - hits.reduce((a, b) => a + b, 0);
    if (fromOutside < 0 || fromOutside > outside.length) continue;
    let weight = chooseBig(outside.length, fromOutside);
    hits.forEach((h, i) => (weight *= chooseBig(groups[i]!.length, h)));
    classes.push({ hits, weight, numbers: [...groups.flatMap((g, i) => g.slice(0, hits[i])), ...outside.slice(0, fromOutside)] });
  }
  return classes;
}

function randomOutcome(zones: readonly FixedZone[], rng: () => number): number[] {
  return zones.flatMap((z) => pick(rng, range(z.min, z.max), z.drawn));
}

function oracleWinners(tickets: readonly Ticket[], outcome: readonly number[], levelIndex: ReadonlyMap<string, number>, levels: number): number[] {
  const winners = new Array<number>(levels).fill(0);
  for (const t of tickets) if (t.wins(outcome)) winners[levelIndex.get(t.level)!]! += 1;
  return winners;
}

export function fixedOracleSuite(options: FixedSuiteOptions): void {
  const { drawType, oracles } = options;
  /** Outcomes in which one ticket hits exactly `hits` per zone. */
  const outcomesWith = (zones: readonly FixedZone[], hits: number[]): bigint =>
    zones.reduce((n, z, i) => n * chooseBig(z.picks, hits[i]!) * chooseBig(z.max - z.min + 1 - z.picks, z.drawn - hits[i]!), 1n);

  it('has an oracle for every method', () => {
    expect(Object.keys(oracles).sort()).toEqual(methodIds(drawType).sort());
  });

  for (const id of methodIds(drawType)) {
    it(`${id}: count = expansion, evaluate = Σ single tickets, exact totals by outcome class`, () => {
      const seed = seedFor(`${drawType}/${id}`);
      const rng = seededRandom(seed);
      const tag = `${drawType}/${id} seed ${seed} (LOTTERY_SEED=${BASE_SEED})`;
      const def = getMethod(drawType, id);
      const zones = options.zones(id);
      const totalOutcomes = zones.reduce((n, z) => n * chooseBig(z.max - z.min + 1, z.drawn), 1n);
      const levelIndex = new Map(def.levels.map((l, i) => [l.id, i]));
      const harnessOptions = { ...options, outcomes: () => [], fullSpaceSelections: 0 } as unknown as OracleSuiteOptions;
      for (const level of def.levels) {
        expect(BigInt(level.count) * totalOutcomes, `${tag}: probability of ${level.id}`).toBe(outcomesWith(zones, options.hitsOfLevel(level.id)) * BigInt(level.total));
      }
      for (let round = 0; round < options.selections; round++) {
        const { selection, tickets, bets } = generate(drawType, id, oracles[id]!, rng, harnessOptions, tag);
        const shown = `${tag} selection ${JSON.stringify(selection)}`;
        expect(bets, `${shown}: count`).toBe(distinctBets(tickets));
        const compiled = compileBet(drawType, id, selection);
        const groups = options.groups(id, selection);
        const classes = groups ? cartesian(zones.map((z, i) => zoneClasses(z, groups[i]!))) : [];
        const sample = [...classes.slice(0, 30).map((c) => c.flatMap((z) => z.numbers)), ...range(1, 20).map(() => randomOutcome(zones, rng))];
        for (const outcome of sample) {
          expect(compiled.evaluate(prepareResult(drawType, outcome)), `${shown}: outcome ${outcome.join(',')}`).toEqual(
            oracleWinners(tickets, outcome, levelIndex, def.levels.length),
          );
        }
        if (!groups) continue;
        const totals = def.levels.map(() => 0n);
        let covered = 0n;
        for (const perZone of classes) {
          const weight = perZone.reduce((w, c) => w * c.weight, 1n);
          covered += weight;
          const winners = compiled.evaluate(prepareResult(drawType, perZone.flatMap((c) => c.numbers)));
          winners.forEach((w, l) => (totals[l]! += BigInt(w) * weight));
        }
        expect(covered, `${shown}: classes cover every outcome`).toBe(totalOutcomes);
        def.levels.forEach((level, l) => {
          expect(totals[l], `${shown}: winners of ${level.id} over all outcomes`).toBe(BigInt(bets) * outcomesWith(zones, options.hitsOfLevel(level.id)));
        });
      }
    });
  }
}
