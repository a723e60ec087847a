// 双色球 and 大乐透: a ticket picks k1 numbers of the first zone and k2 of the second; it wins by the
// pair (first-zone hits, second-zone hits). The engine reports winners per such pattern; the versioned
// official prize tables decide which patterns pay and how much (fixed-prizes.ts).
import { choose } from '../combinatorics.ts';
import { ticketHitRanges } from '../coverage.ts';
import { coversWithin, MAX_SEARCHED_TICKETS } from '../coverage-budget.ts';
import { losingTwoZoneDraw, type TwoZoneShape } from '../two-zone-coverage.ts';
import { level, numberRow, range, sample, type Family, type RowSpec } from '../method-spec.ts';
import { rejectSelection } from '../selection.ts';
import { twoZoneEntry } from '../tickets.ts';
import type { PrizeLevel } from '../types.ts';
import { assertNoOverlap, hitsIn, ticketsWithHits } from './number-families.ts';

export interface Zone {
  name: string;
  min: number;
  max: number;
  /** Numbers per ticket. */
  picks: number;
  /** Most numbers a 复式 may pick in this zone. */
  maxPicks: number;
  /** Most 胆码 in a 胆拖 (0: this zone has no 胆码 row). */
  maxDan: number;
  /** Fewest 胆码 in a 胆拖. */
  minDan: number;
}

export interface TwoZoneGame {
  first: Zone;
  second: Zone;
  /** Winning patterns [first-zone hits, second-zone hits], highest first. */
  patterns: readonly (readonly [number, number])[];
}

const size = (zone: Zone): number => zone.max - zone.min + 1;

export function patternLevels(game: TwoZoneGame): PrizeLevel[] {
  const { first, second } = game;
  const drawnFirst = first.picks;
  const drawnSecond = second.picks;
  const total = choose(size(first), first.picks) * choose(size(second), second.picks);
  return game.patterns.map(([a, b]) =>
    level(
      `${a}+${b}`,
      `${first.name}${a}个+${second.name}${b}个`,
      choose(drawnFirst, a) * choose(size(first) - drawnFirst, first.picks - a) * choose(drawnSecond, b) * choose(size(second) - drawnSecond, second.picks - b),
      total,
    ),
  );
}

/**
 * Coverage of a 复式/胆拖 ticket, zone by zone ([胆码, 拖码] counts; 复式 has no 胆码): the zones are
 * drawn independently and a ticket's hits in one zone do not limit the other, so the reachable hit
 * pairs for a draw are the product of each zone's hit range.
 */
function zonesCover(game: TwoZoneGame, [danA, tuoA]: [number, number], [danB, tuoB]: [number, number]): boolean {
  const rangesA = ticketHitRanges({ size: size(game.first), drawn: game.first.picks, k: game.first.picks }, danA, tuoA);
  const rangesB = ticketHitRanges({ size: size(game.second), drawn: game.second.picks, k: game.second.picks }, danB, tuoB);
  return rangesA.every(([loA, hiA]) =>
    rangesB.every(([loB, hiB]) => game.patterns.some(([f, s]) => f >= loA && f <= hiA && s >= loB && s <= hiB)),
  );
}

const ticketSpace = (game: TwoZoneGame): number => choose(size(game.first), game.first.picks) * choose(size(game.second), game.second.picks);

/** 复式 (单式 is the case of exactly k1 + k2 numbers). */
export function twoZoneMultiple(game: TwoZoneGame): Family {
  const { first, second } = game;
  const rows = [
    numberRow(first.name, first.min, first.max, { minPicks: first.picks, maxPicks: first.maxPicks, twoDigit: true }),
    numberRow(second.name, second.min, second.max, { minPicks: second.picks, maxPicks: second.maxPicks, twoDigit: true }),
  ];
  return {
    rows,
    levels: patternLevels(game),
    ticketSpace: ticketSpace(game),
    formula: `C(${first.name},${first.picks})·C(${second.name},${second.picks})`,
    kernel: {
      count: (sel) => choose(sel.rows[0]!.length, first.picks) * choose(sel.rows[1]!.length, second.picks),
      covers: (sel) => zonesCover(game, [0, sel.rows[0]!.length], [0, sel.rows[1]!.length]),
      compile(sel) {
        const [a, b] = sel.rows as [number[], number[]];
        return (view) => {
          const x = hitsIn(a, view.drawn);
          const y = hitsIn(b, view.drawnSecond);
          return game.patterns.map(
            ([f, s]) => ticketsWithHits(first.picks, f, 0, 0, a.length, x) * ticketsWithHits(second.picks, s, 0, 0, b.length, y),
          );
        };
      },
      random(rng) {
        return { rows: [sample(rng, range(first.min, first.max), first.picks), sample(rng, range(second.min, second.max), second.picks)] };
      },
    },
  };
}

/** 胆拖: zones with 胆码 get a 胆码 row and a 拖码 row; zones without keep one row. */
export function twoZoneDantuo(game: TwoZoneGame): Family {
  const zones = [game.first, game.second];
  const rows: RowSpec[] = [];
  for (const zone of zones) {
    if (zone.maxDan > 0) {
      rows.push(numberRow(`${zone.name}胆码`, zone.min, zone.max, { minPicks: zone.minDan, maxPicks: zone.maxDan, twoDigit: true }));
      rows.push(numberRow(`${zone.name}拖码`, zone.min, zone.max, { minPicks: 1, twoDigit: true }));
    } else {
      rows.push(numberRow(zone.name, zone.min, zone.max, { minPicks: zone.picks, maxPicks: zone.maxPicks, twoDigit: true }));
    }
  }
  /** Per zone: [dan, tuo] picks (a zone without 胆码 has dan = []). */
  const split = (picked: number[][]): [number[], number[]][] => {
    let i = 0;
    return zones.map((zone) => (zone.maxDan > 0 ? [picked[i++]!, picked[i++]!] : [[], picked[i++]!]));
  };
  const notes = zones
    .filter((z) => z.maxDan > 0)
    .map((z) => `${z.name}胆码${z.minDan}-${z.maxDan}个，胆码与拖码个数之和至少${z.picks}个，胆码与拖码不能相同`);
  return {
    rows,
    notes: zones.every((z) => z.minDan === 0) ? [...notes, '至少选择1个胆码'] : notes,
    levels: patternLevels(game),
    ticketSpace: ticketSpace(game),
    formula: zones.map((z) => (z.maxDan > 0 ? `C(${z.name}拖码,${z.picks}−${z.name}胆码)` : `C(${z.name},${z.picks})`)).join('·'),
    kernel: {
      check(sel) {
        const parts = split(sel.rows);
        parts.forEach(([dan, tuo]) => assertNoOverlap(dan, tuo));
        if (parts.every(([dan]) => dan.length === 0)) rejectSelection('至少选择1个胆码');
      },
      count: (sel) => split(sel.rows).reduce((ways, [dan, tuo], i) => ways * choose(tuo.length, zones[i]!.picks - dan.length), 1),
      covers(sel) {
        const [[danA, tuoA], [danB, tuoB]] = split(sel.rows) as [[number[], number[]], [number[], number[]]];
        return zonesCover(game, [danA.length, tuoA.length], [danB.length, tuoB.length]);
      },
      compile(sel) {
        const [[danA, tuoA], [danB, tuoB]] = split(sel.rows) as [[number[], number[]], [number[], number[]]];
        return (view) => {
          const hA = [hitsIn(danA, view.drawn), hitsIn(tuoA, view.drawn)] as const;
          const hB = [hitsIn(danB, view.drawnSecond), hitsIn(tuoB, view.drawnSecond)] as const;
          return game.patterns.map(
            ([f, s]) =>
              ticketsWithHits(game.first.picks, f, danA.length, hA[0], tuoA.length, hA[1]) *
              ticketsWithHits(game.second.picks, s, danB.length, hB[0], tuoB.length, hB[1]),
          );
        };
      },
      random(rng) {
        const picked: number[][] = [];
        for (const zone of zones) {
          // One 胆码 plus just enough 拖码 for a single 注.
          const numbers = sample(rng, range(zone.min, zone.max), zone.picks);
          if (zone.maxDan > 0) picked.push(numbers.slice(0, 1), numbers.slice(1));
          else picked.push(numbers);
        }
        return { rows: picked };
      },
    },
  };
}

/** 单式: typed tickets, the first zone then the second. */
export function twoZoneEntries(game: TwoZoneGame): Family {
  const { first, second } = game;
  const shape: TwoZoneShape = {
    first: { size: size(first), drawn: first.picks },
    second: { size: size(second), drawn: second.picks },
    patterns: game.patterns,
  };
  const entryRule = twoZoneEntry(
    { size: first.picks, min: first.min, max: first.max },
    { size: second.picks, min: second.min, max: second.max },
    `每注${first.name}${first.picks}个（${first.min}-${first.max}）加${second.name}${second.picks}个（${second.min}-${second.max}），如 ${range(1, first.picks)
      .map((n) => String(n).padStart(2, '0'))
      .join(' ')}+${range(1, second.picks)
      .map((n) => String(n).padStart(2, '0'))
      .join(' ')}`,
  );
  return {
    rows: [],
    entryRule,
    maxEntries: MAX_SEARCHED_TICKETS,
    levels: patternLevels(game),
    ticketSpace: ticketSpace(game),
    formula: '有效单式号码个数',
    kernel: {
      count: (sel) => sel.entries.length,
      covers(sel, budget) {
        const tickets = sel.entries.map((e) => [e.slice(0, first.picks).map((v) => v - first.min), e.slice(first.picks).map((v) => v - second.min)] as const);
        const key = `two-zone ${JSON.stringify(shape)}|${JSON.stringify(tickets)}`;
        return coversWithin(budget, key, (meter) => losingTwoZoneDraw(shape, tickets, meter) !== null);
      },
      compile(sel) {
        const entries = sel.entries;
        const index = new Map(game.patterns.map(([f, s], i) => [f * 10 + s, i]));
        return (view) => {
          const winners = new Array<number>(game.patterns.length).fill(0);
          for (const entry of entries) {
            const f = hitsIn(entry.slice(0, first.picks), view.drawn);
            const s = hitsIn(entry.slice(first.picks), view.drawnSecond);
            const i = index.get(f * 10 + s);
            if (i !== undefined) winners[i]! += 1;
          }
          return winners;
        };
      },
      random: (rng) => ({
        entries: [[...sample(rng, range(first.min, first.max), first.picks), ...sample(rng, range(second.min, second.max), second.picks)]],
      }),
    },
  };
}
