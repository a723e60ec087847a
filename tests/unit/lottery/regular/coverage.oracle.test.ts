// The coverage rule (docs/lottery/engine.md, "Coverage"): `count` refuses a selection that wins at
// least one 注 on every possible result. The engine decides it by formula; here the verdict is
// recomputed by brute force from the oracles' single tickets: the selection covers when every
// outcome of the space (exactly, or every outcome class for 快乐8/双色球/大乐透 复式 and 胆拖) is won
// by some ticket; a 单式 list of those the engine accepts is checked on the losing draw its search
// names. Selections are random and adversarial (full rows, all but one or two options, every typed
// ticket but a few). Seeded; the seed is in every message (LOTTERY_SEED=<seed>).
import { describe, expect, it } from 'vitest';
import { count, getMethod, LotteryError, methodIds, type MethodDefinition, type Selection } from '../../../../src/shared/lottery/index.ts';
import { elevenFiveOracles, pk10Oracles, quick3Oracles } from './oracle/ball-rules.ts';
import { fiveDigitOracles, sscOracles, threeDigitOracles } from './oracle/digit-rules.ts';
import { DLT, KENO, SSQ, type FixedGame } from './oracle/fixed-games.ts';
import { zoneClasses } from './oracle/fixed-harness.ts';
import { dedupe, diceOutcomes, orderedDraws, randomSelectionFor } from './oracle/harness.ts';
import type { Oracle, OracleTable, Ticket } from './oracle/types.ts';
import { KENO_WINNING_HITS } from '../../../../src/shared/lottery/regular/categories/keno.ts';
import { DLT_GAME } from '../../../../src/shared/lottery/regular/categories/dlt.ts';
import { SSQ_GAME } from '../../../../src/shared/lottery/regular/categories/ssq.ts';
import { WorkMeter } from '../../../../src/shared/lottery/regular/coverage-budget.ts';
import { losingPickDraw } from '../../../../src/shared/lottery/regular/pick-coverage.ts';
import { losingTwoZoneDraw } from '../../../../src/shared/lottery/regular/two-zone-coverage.ts';
import { BASE_SEED, cartesian, choose, pick, range, seededRandom, seedFor } from './oracle/util.ts';

type Verdict = 'covers' | 'open';

/** The engine's verdict, or null when the selection is invalid for another reason. */
function engineVerdict(drawType: string, id: string, selection: Selection): Verdict | null {
  try {
    count(drawType, id, selection);
    return 'open';
  } catch (error) {
    if (!(error instanceof LotteryError)) throw error;
    if (error.code === 'COVERS_ALL_OUTCOMES') {
      expect(error.message).toBe('所选号码已覆盖全部开奖结果，请减少选号');
      return 'covers';
    }
    // The bet limit is checked after the coverage rule: an order over it does not cover.
    if (error.code === 'TOO_MANY_BETS') return 'open';
    return null;
  }
}

/** Brute force: does every outcome have a winning ticket? (The last winner is tried first.) */
function everyOutcomeWon(tickets: readonly Ticket[], outcomes: Iterable<readonly number[]>): boolean {
  let last = 0;
  for (const outcome of outcomes) {
    if (tickets.length > 0 && tickets[last]!.wins(outcome)) continue;
    const index = tickets.findIndex((t) => t.wins(outcome));
    if (index < 0) return false;
    last = index;
  }
  return true;
}

/** Adversarial selections from the layout: full rows, one full row, all but one or two options. */
function adversarial(def: MethodDefinition, oracle: Oracle, rng: () => number): Selection[] {
  const result: Selection[] = [];
  const positions = def.layout.positions ? [range(0, def.layout.positions.labels.length - 1), pick(rng, range(0, 4), def.layout.positions.minPositions + 1)] : [undefined];
  const withPositions = (selection: Selection): void => {
    for (const p of positions) result.push(p ? { ...selection, positions: p } : selection);
  };
  if (def.layout.entry) {
    const format = def.layout.entry;
    if (format.zones.length !== 1) return result;
    const zone = format.zones[0]!;
    if ((zone.max - zone.min + 1) ** zone.size > 1000) return result;
    const seen = new Set<string>();
    const all = cartesian(range(1, zone.size).map(() => range(zone.min, zone.max))).filter((e) => {
      if (!oracle.entry!.valid(e)) return false;
      const key = oracle.entry!.key(e);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    for (const drop of [0, 1, 2]) {
      const entries = [...all];
      for (let i = 0; i < drop; i++) entries.splice(Math.floor(rng() * entries.length), 1);
      withPositions({ entries });
    }
    return result;
  }
  const rows = def.layout.rows;
  const values = rows.map((r) => r.options.map((o) => o.value));
  const isDan = (i: number): boolean => rows[i]!.label.endsWith('胆码') && rows[i + 1]?.label.endsWith('拖码') === true;
  const minimal = (): (number | string)[][] => {
    const picked: (number | string)[][] = [];
    rows.forEach((row, i) => {
      const avoid = new Set(i > 0 && isDan(i - 1) ? picked[i - 1] : []);
      const fewest = i > 0 && isDan(i - 1) ? Math.max(row.minPicks, rows[i - 1]!.maxPicks + 1 - picked[i - 1]!.length) : row.minPicks;
      picked.push(pick(rng, values[i]!.filter((v) => !avoid.has(v)), fewest));
    });
    return picked;
  };
  const fullRow = (i: number, drop: number, base: (number | string)[][]): (number | string)[][] => {
    const copy = base.map((r) => [...r]);
    const avoid = new Set(i > 0 && isDan(i - 1) ? copy[i - 1] : []);
    const options = values[i]!.filter((v) => !avoid.has(v));
    copy[i] = pick(rng, options, Math.min(rows[i]!.maxPicks, options.length - drop));
    return copy;
  };
  for (const drop of [0, 1, 2]) {
    // Every row (胆码 rows stay minimal) as full as allowed, less `drop` options each.
    let all = minimal();
    rows.forEach((_, i) => {
      if (!isDan(i)) all = fullRow(i, drop, all);
    });
    withPositions({ rows: all });
    rows.forEach((_, i) => {
      if (!isDan(i)) withPositions({ rows: fullRow(i, drop, minimal()) });
    });
  }
  return result;
}

interface SpaceCase {
  drawType: string;
  oracles: OracleTable;
  /** The outcomes a method's verdict is checked on (all of them, for the methods it reads). */
  outcomes(def: MethodDefinition): Iterable<readonly number[]>;
  randomSelections: number;
}

/** Digit games: the read positions take every value, the others stay 0 (no method reads them). */
function digitOutcomesFor(length: number) {
  return function* (def: MethodDefinition): Generator<number[]> {
    const read = def.reads.positions.length > 0 && !def.layout.positions ? def.reads.positions : range(0, length - 1);
    const outcome = new Array<number>(length).fill(0);
    for (let i = 0; i < 10 ** read.length; i++) {
      let rest = i;
      for (let p = read.length - 1; p >= 0; p--) {
        outcome[read[p]!] = rest % 10;
        rest = Math.floor(rest / 10);
      }
      yield outcome;
    }
  };
}

let elevenFive: number[][] | undefined;
const CASES: SpaceCase[] = [
  { drawType: 'CQSSC', oracles: sscOracles(), outcomes: digitOutcomesFor(5), randomSelections: 6 },
  { drawType: 'FC3D', oracles: threeDigitOracles(), outcomes: digitOutcomesFor(3), randomSelections: 8 },
  { drawType: 'P5', oracles: fiveDigitOracles(), outcomes: digitOutcomesFor(5), randomSelections: 4 },
  { drawType: 'GD11X5', oracles: elevenFiveOracles(), outcomes: () => (elevenFive ??= orderedDraws(5, 1, 11)), randomSelections: 6 },
  { drawType: 'JSK3', oracles: quick3Oracles(), outcomes: diceOutcomes, randomSelections: 12 },
];

const MAX_TICKETS = 3000;

function checkMethod(c: SpaceCase, id: string, verdictOf: (tickets: Ticket[], def: MethodDefinition) => Verdict, randomSelections: number): void {
  const seed = seedFor(`coverage/${c.drawType}/${id}`);
  const rng = seededRandom(seed);
  const def = getMethod(c.drawType, id);
  const oracle = c.oracles[id]!;
  const selections = [...adversarial(def, oracle, rng), ...range(1, randomSelections).map(() => randomSelectionFor(def, oracle, rng, 2 + Math.floor(rng() * 9)))];
  let compared = 0;
  for (const selection of selections) {
    const engine = engineVerdict(c.drawType, id, selection);
    if (engine === null) continue;
    const tickets = dedupe(oracle.expand(selection));
    if (tickets.length > MAX_TICKETS) continue;
    compared++;
    expect(engine, `${c.drawType}/${id} seed ${seed} (LOTTERY_SEED=${BASE_SEED}) selection ${JSON.stringify(selection)}`).toBe(verdictOf(tickets, def));
  }
  expect(compared, `${c.drawType}/${id}: selections compared`).toBeGreaterThan(0);
}

for (const c of CASES) {
  describe(`${c.drawType}: coverage verdict = brute force over the outcome space`, () => {
    for (const id of methodIds(c.drawType)) {
      it(id, () => checkMethod(c, id, (tickets, def) => (everyOutcomeWon(tickets, c.outcomes(def)) ? 'covers' : 'open'), c.randomSelections));
    }
  });
}

describe('BJPK10: coverage verdict = brute force over the outcome space', () => {
  const oracles = pk10Oracles();
  for (const id of methodIds('BJPK10')) {
    it(id, () => {
      const verdictOf = (tickets: Ticket[], def: MethodDefinition): Verdict => {
        if (id !== 'PKDWD') {
          // The places read are a prefix: every ordered prefix, completed by the other cars in order.
          const prefixes = orderedDraws(Math.max(...def.reads.positions) + 1, 1, 10);
          const outcomes = prefixes.map((p) => [...p, ...range(1, 10).filter((n) => !p.includes(n))]);
          return everyOutcomeWon(tickets, outcomes) ? 'covers' : 'open';
        }
        // 定位胆 reads all ten places: is there a permutation with every place's car unpicked there?
        // Dynamic programming over the set of cars used by the first places (2^10 states), keeping
        // one order per state; the order found is then checked against every ticket.
        const won = (place: number, car: number): boolean => tickets.some((t) => t.key === `${place}:${car}`);
        let reached = new Map<number, number[]>([[0, []]]);
        for (let place = 0; place < 10; place++) {
          const next = new Map<number, number[]>();
          for (const [used, order] of reached) {
            for (let car = 1; car <= 10; car++) {
              const bit = 1 << (car - 1);
              if ((used & bit) === 0 && !won(place, car) && !next.has(used | bit)) next.set(used | bit, [...order, car]);
            }
          }
          reached = next;
        }
        const order = reached.get(1023);
        const verdict: Verdict = order ? 'open' : 'covers';
        if (order) expect(tickets.some((t) => t.wins(order)), `losing order ${order.join(',')}`).toBe(false);
        return verdict;
      };
      checkMethod({ drawType: 'BJPK10', oracles, outcomes: () => [], randomSelections: 6 }, id, verdictOf, 6);
    });
  }
});

const CLASS_CASES: FixedGame[] = [KENO, SSQ, DLT];

/** The losing draw (1-based, zones in order) the engine's search names for a typed list it accepts. */
function namedLosingDraw(drawType: string, entries: readonly (readonly number[])[]): number[] | null {
  const meter = new WorkMeter(Number.MAX_SAFE_INTEGER);
  if (drawType === 'FCKL8') {
    const k = entries[0]!.length;
    const draw = losingPickDraw({ size: 80, drawn: 20 }, KENO_WINNING_HITS[k]!, entries.map((e) => e.map((v) => v - 1)), meter);
    return draw && draw.map((v) => v + 1);
  }
  const game = drawType === 'SSQ' ? SSQ_GAME : DLT_GAME;
  const split = game.first.picks;
  const draw = losingTwoZoneDraw(
    {
      first: { size: game.first.max - game.first.min + 1, drawn: game.first.picks },
      second: { size: game.second.max - game.second.min + 1, drawn: game.second.picks },
      patterns: game.patterns,
    },
    entries.map((e) => [e.slice(0, split).map((v) => v - 1), e.slice(split).map((v) => v - 1)] as const),
    meter,
  );
  return draw && [...draw.first, ...draw.second].map((v) => v + 1);
}

for (const c of CLASS_CASES) {
  describe(`${c.drawType}: coverage verdict = brute force over every outcome class (单式: sampled outcomes)`, () => {
    for (const id of methodIds(c.drawType)) {
      it(id, () => {
        const seed = seedFor(`coverage/${c.drawType}/${id}`);
        const rng = seededRandom(seed);
        const def = getMethod(c.drawType, id);
        const oracle = c.oracles[id]!;
        const zones = c.zones(id);
        const selections = [...adversarial(def, oracle, rng), ...range(1, 8).map(() => randomSelectionFor(def, oracle, rng, 1 + Math.floor(rng() * 12)))];
        let compared = 0;
        for (const selection of selections) {
          const engine = engineVerdict(c.drawType, id, selection);
          if (engine === null) continue;
          const groups = c.groups(id, selection);
          // Tickets per zone: C(拖码, picks − 胆码) (a 复式 has no 胆码); skip what is too large to expand.
          const estimate = groups
            ? groups.reduce((n, g, i) => n * choose(g[g.length - 1]!.length, zones[i]!.picks - (g.length > 1 ? g[0]!.length : 0)), 1)
            : (selection.entries ?? []).length;
          if (estimate > MAX_TICKETS) continue;
          const tickets = dedupe(oracle.expand(selection));
          const shown = `${c.drawType}/${id} seed ${seed} (LOTTERY_SEED=${BASE_SEED}) selection ${JSON.stringify(selection)}`;
          if (groups) {
            // One representative per class: equal hits in every group settle every ticket alike.
            const outcomes = cartesian(zones.map((z, i) => zoneClasses(z, groups[i]!))).map((perZone) => perZone.flatMap((z) => z.numbers));
            expect(engine, shown).toBe(everyOutcomeWon(tickets, outcomes) ? 'covers' : 'open');
          } else if (engine === 'covers') {
            const outcomes = range(1, 3000).map(() => zones.flatMap((z) => pick(rng, range(z.min, z.max), z.drawn)));
            expect(everyOutcomeWon(tickets, outcomes), `${shown}: sampled outcomes`).toBe(true);
          } else {
            // 单式 accepted: the draw the engine's search names loses on every one of the oracle's tickets.
            const draw = namedLosingDraw(c.drawType, selection.entries ?? []);
            expect(draw, `${shown}: a losing draw`).not.toBeNull();
            expect(tickets.some((t) => t.wins(draw!)), `${shown}: named draw ${draw}`).toBe(false);
          }
          compared++;
        }
        expect(compared, `${c.drawType}/${id}: selections compared`).toBeGreaterThan(0);
      });
    }
  });
}

describe('coverage: the cases the rule was written for', () => {
  const digits = range(0, 9);
  const refused = (drawType: string, id: string, selection: Selection): void => {
    expect(() => count(drawType, id, selection), `${drawType}/${id} ${JSON.stringify(selection)}`).toThrow('所选号码已覆盖全部开奖结果，请减少选号');
  };
  it('refuses selections far below the bet limit that win on every draw', () => {
    refused('CQSSC', 'DWD', { rows: [digits, [], [], [], []] }); // 10 注, every draw wins on 万位
    refused('CQSSC', 'Q2DXDS', { rows: [['大', '小'], ['单', '双']] });
    refused('CQSSC', 'QBDW31', { rows: [digits] });
    refused('CQSSC', 'LHWQ', { rows: [['龙', '虎', '和']] });
    refused('JSK3', 'KSHZDXDS', { rows: [['大', '小']] });
    refused('GD11X5', 'LTRX1', { rows: [range(1, 7)] });
    refused('GD11X5', 'LTBDW', { rows: [range(1, 9)] });
    refused('GD11X5', 'LTDWD', { rows: [range(2, 11), range(2, 11), range(2, 11)] }); // 01 sits in one place at most
    refused('BJPK10', 'PKDWD', { rows: [range(1, 10), [], [], [], [], [], [], [], [], []] });
    refused('FCKL8', 'RX1', { rows: [range(1, 61)] });
    refused('FCKL8', 'RX7', { rows: [range(1, 10)] }); // 中0 pays too: any draw hits 0 or at least 4 of some 7
    refused('SSQ', 'SSQFS', { rows: [range(1, 6), range(1, 16)] }); // every blue: 0+1 always pays
    refused('FCKL8', 'RX1_S', { entries: range(1, 61).map((n) => [n]) });
    // 任二直选单式 on three positions, every pair but 45: no draw shows 45 on all three pairs.
    refused('CQSSC', 'RZX2_S', { entries: cartesian([digits, digits]).filter(([a, b]) => !(a === 4 && b === 5)), positions: [0, 1, 2] });
  });

  it('accepts the largest selections that still lose on some draw', () => {
    expect(count('CQSSC', 'DWD', { rows: [digits.slice(1), digits.slice(1), digits.slice(1), digits.slice(1), digits.slice(1)] })).toBe(45);
    expect(count('GD11X5', 'LTRX1', { rows: [range(1, 6)] })).toBe(6);
    expect(count('GD11X5', 'LTBDW', { rows: [range(1, 8)] })).toBe(8);
    expect(count('FCKL8', 'RX1', { rows: [range(1, 60)] })).toBe(60);
    expect(count('FCKL8', 'RX7', { rows: [range(1, 9)] })).toBe(36);
    expect(count('SSQ', 'SSQFS', { rows: [range(1, 6), range(1, 15)] })).toBe(15);
    expect(count('FCKL8', 'RX1_S', { entries: range(1, 60).map((n) => [n]) })).toBe(60);
    expect(count('CQSSC', 'RZX2_S', { entries: cartesian([digits, digits]).filter(([a, b]) => !(a === 4 && b === 5)), positions: [0, 1] })).toBe(99);
  });
});
