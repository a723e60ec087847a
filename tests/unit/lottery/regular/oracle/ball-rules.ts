// Single-ticket rules of the ball games (11选5, 赛车, 快乐8, 双色球, 大乐透) and of 快3, written from the
// domain reference §2.2, §2.4, §2.5, §2.8–2.10 without the engine's code.
import { cartesian, kSubsets, range, sameNumbers, sortedCopy } from './util.ts';
import { itemsOfRow, numbersOfRow, type Oracle, type OracleTable, type Ticket } from './types.ts';

const hitsOf = (numbers: readonly number[], drawn: readonly number[]): number => numbers.filter((n) => drawn.includes(n)).length;

// ---- pick k of a zone: 任选, 快乐8 ----

/** Tickets of a pick-k game: 复式 (row 0), 胆拖 (rows 0 and 1) or typed entries. */
function zoneTickets(selection: { rows?: readonly (readonly (number | string)[])[]; entries?: readonly (readonly number[])[] }, k: number, shape: 'multiple' | 'dantuo' | 'entries'): number[][] {
  if (shape === 'entries') return (selection.entries ?? []).map(sortedCopy);
  if (shape === 'multiple') return kSubsets(sortedCopy(numbersOfRow(selection, 0)), k);
  const dan = numbersOfRow(selection, 0);
  return kSubsets(sortedCopy(numbersOfRow(selection, 1)), k - dan.length).map((t) => sortedCopy([...dan, ...t]));
}

/** 11选5 任选k: k ≤ 5 wins when all k are among the 5 drawn; k > 5 when all 5 drawn are among the k. */
function anyOf11(k: number, shape: 'multiple' | 'dantuo' | 'entries'): Oracle {
  const oracle: Oracle = {
    expand: (sel) =>
      zoneTickets(sel, k, shape).map((t) => ({
        key: t.join(','),
        level: 'any',
        wins: (o: readonly number[]) => (k <= 5 ? t.every((n) => o.includes(n)) : o.every((n) => t.includes(n))),
      })),
  };
  if (shape === 'entries') oracle.entry = { valid: (e) => e.length === k && new Set(e).size === k && e.every((n) => n >= 1 && n <= 11), key: (e) => sortedCopy(e).join(',') };
  return oracle;
}

/** 前k直选: k different numbers in order equal the first k drawn. */
function frontDirect(k: number, max: number, entries = false, window = range(0, k - 1)): Oracle {
  const ticket = (t: readonly number[]): Ticket => ({ key: t.join(','), level: 'direct', wins: (o) => t.every((n, i) => o[window[i]!] === n) });
  if (entries) {
    return {
      entry: { valid: (e) => e.length === k && new Set(e).size === k && e.every((n) => n >= 1 && n <= max), key: (e) => e.join(',') },
      expand: (sel) => (sel.entries ?? []).map(ticket),
    };
  }
  return { expand: (sel) => cartesian(window.map((_, i) => numbersOfRow(sel, i))).filter((t) => new Set(t).size === t.length).map(ticket) };
}

/** 前k组选: the first k drawn are the ticket's k numbers in any order. */
function frontGroup(k: number, shape: 'multiple' | 'dantuo' | 'entries'): Oracle {
  const oracle: Oracle = {
    expand: (sel) => zoneTickets(sel, k, shape).map((t) => ({ key: t.join(','), level: 'group', wins: (o: readonly number[]) => sameNumbers(o.slice(0, k), t) })),
  };
  if (shape === 'entries') oracle.entry = { valid: (e) => e.length === k && new Set(e).size === k && e.every((n) => n >= 1 && n <= 11), key: (e) => sortedCopy(e).join(',') };
  return oracle;
}

function positional(rows: number, level: string): Oracle {
  return {
    expand: (sel) =>
      range(0, rows - 1).flatMap((p) => numbersOfRow(sel, p).map((n) => ({ key: `${p}:${n}`, level, wins: (o: readonly number[]) => o[p] === n }))),
  };
}

const ODD_EVEN: Record<string, number> = { '5单0双': 5, '4单1双': 4, '3单2双': 3, '2单3双': 2, '1单4双': 1, '0单5双': 0 };

export function elevenFiveOracles(): OracleTable {
  const table: OracleTable = {
    LTQ3ZX3: frontDirect(3, 11),
    LTQ3ZX3_S: frontDirect(3, 11, true),
    LTQ3ZU3: frontGroup(3, 'multiple'),
    LTQ3ZU3_S: frontGroup(3, 'entries'),
    LTQ3ZU3DT: frontGroup(3, 'dantuo'),
    LTQ2ZX2: frontDirect(2, 11),
    LTQ2ZX2_S: frontDirect(2, 11, true),
    LTQ2ZU2: frontGroup(2, 'multiple'),
    LTQ2ZU2_S: frontGroup(2, 'entries'),
    LTQ2ZU2DT: frontGroup(2, 'dantuo'),
    LTQ1ZX1: frontDirect(1, 11),
    LTBDW: { expand: (sel) => numbersOfRow(sel, 0).map((n) => ({ key: String(n), level: 'any', wins: (o) => o.slice(0, 3).includes(n) })) },
    LTDWD: positional(3, 'position'),
    LTDDS: {
      expand: (sel) =>
        itemsOfRow(sel, 0).map((item) => ({
          key: item,
          level: `odd${ODD_EVEN[item]}`,
          wins: (o) => o.filter((n) => n % 2 === 1).length === ODD_EVEN[item],
        })),
    },
    LTCZW: {
      expand: (sel) =>
        numbersOfRow(sel, 0).map((m) => ({
          key: String(m),
          level: `median${Math.min(m, 12 - m)}`,
          wins: (o) => sortedCopy(o)[2] === m,
        })),
    },
  };
  for (let k = 1; k <= 8; k++) {
    table[`LTRX${k}`] = anyOf11(k, 'multiple');
    table[`LTRX${k}_S`] = anyOf11(k, 'entries');
    if (k >= 2) table[`LTRXDT${k}`] = anyOf11(k, 'dantuo');
  }
  return table;
}

export function pk10Oracles(): OracleTable {
  const table: OracleTable = { PKDWD: positional(10, 'position') };
  for (let k = 1; k <= 5; k++) {
    table[`PKQZX${k}`] = frontDirect(k, 10);
    table[`PKQZX${k}_S`] = frontDirect(k, 10, true);
  }
  for (let n = 2; n <= 5; n++) table[`PKQD${n}`] = frontDirect(1, 10, false, [n - 1]);
  return table;
}

// ---- 快乐8: a k-number ticket wins by its hits among the 20 drawn ----

/** The hit counts that pay in the 快乐8 tables (reference §3.5, both versions). */
export const KENO_PAYING_HITS: Record<number, number[]> = {
  1: [1], 2: [2], 3: [3, 2], 4: [4, 3, 2], 5: [5, 4, 3], 6: [6, 5, 4, 3],
  7: [7, 6, 5, 4, 0], 8: [8, 7, 6, 5, 4, 0], 9: [9, 8, 7, 6, 5, 4, 0], 10: [10, 9, 8, 7, 6, 5, 0],
};

/** One ticket per paying hit count, so that "the level this 注 wins" is found by the matching one. */
function kenoTickets(numbers: number[], k: number): Ticket[] {
  return KENO_PAYING_HITS[k]!.map((h) => ({ key: `${numbers.join(',')}#${h}`, level: `${k}中${h}`, wins: (o: readonly number[]) => hitsOf(numbers, o) === h }));
}

function keno(k: number, shape: 'multiple' | 'dantuo' | 'entries'): Oracle {
  const oracle: Oracle = { expand: (sel) => zoneTickets(sel, k, shape).flatMap((t) => kenoTickets(t, k)) };
  if (shape === 'entries') oracle.entry = { valid: (e) => e.length === k && new Set(e).size === k && e.every((n) => n >= 1 && n <= 80), key: (e) => sortedCopy(e).join(',') };
  return oracle;
}

export function kenoOracles(): OracleTable {
  const table: OracleTable = {};
  for (let k = 1; k <= 10; k++) {
    table[`RX${k}`] = keno(k, 'multiple');
    table[`RX${k}_S`] = keno(k, 'entries');
    if (k >= 2) table[`RXDT${k}`] = keno(k, 'dantuo');
  }
  return table;
}

// ---- 双色球 / 大乐透: a ticket wins by (first-zone hits, second-zone hits) ----

interface TwoZone {
  firstPicks: number;
  secondPicks: number;
  firstMax: number;
  secondMax: number;
  /** Paying patterns (reference §3.1 / §3.2: identical in every rule version). */
  patterns: [number, number][];
}

export const SSQ_ZONES: TwoZone = {
  firstPicks: 6, secondPicks: 1, firstMax: 33, secondMax: 16,
  patterns: [[6, 1], [6, 0], [5, 1], [5, 0], [4, 1], [4, 0], [3, 1], [3, 0], [2, 1], [1, 1], [0, 1]],
};
export const DLT_ZONES: TwoZone = {
  firstPicks: 5, secondPicks: 2, firstMax: 35, secondMax: 12,
  patterns: [[5, 2], [5, 1], [5, 0], [4, 2], [4, 1], [3, 2], [4, 0], [3, 1], [2, 2], [3, 0], [2, 1], [1, 2], [0, 2]],
};

function twoZoneTickets(zones: TwoZone, first: number[], second: number[]): Ticket[] {
  return zones.patterns.map(([a, b]) => ({
    key: `${first.join(',')}+${second.join(',')}#${a}+${b}`,
    level: `${a}+${b}`,
    wins: (o: readonly number[]) => hitsOf(first, o.slice(0, zones.firstPicks)) === a && hitsOf(second, o.slice(zones.firstPicks)) === b,
  }));
}

/** Rows: 复式 [first, second]; 胆拖 per zone [dan, tuo] or [all] (双色球 blue, 大乐透 each zone has both). */
function twoZone(zones: TwoZone, shape: 'multiple' | 'dantuo' | 'entries', danZones: [boolean, boolean]): Oracle {
  const zoneCombos = (dan: number[], tuo: number[], k: number): number[][] => kSubsets(sortedCopy(tuo), k - dan.length).map((t) => sortedCopy([...dan, ...t]));
  const oracle: Oracle = {
    expand: (sel) => {
      if (shape === 'entries') {
        return (sel.entries ?? []).flatMap((e) => twoZoneTickets(zones, sortedCopy(e.slice(0, zones.firstPicks)), sortedCopy(e.slice(zones.firstPicks))));
      }
      let firstCombos: number[][];
      let secondCombos: number[][];
      if (shape === 'multiple') {
        firstCombos = kSubsets(sortedCopy(numbersOfRow(sel, 0)), zones.firstPicks);
        secondCombos = kSubsets(sortedCopy(numbersOfRow(sel, 1)), zones.secondPicks);
      } else {
        let row = 0;
        const zone = (hasDan: boolean, k: number): number[][] => {
          if (!hasDan) return kSubsets(sortedCopy(numbersOfRow(sel, row++)), k);
          const dan = numbersOfRow(sel, row++);
          return zoneCombos(dan, numbersOfRow(sel, row++), k);
        };
        firstCombos = zone(danZones[0], zones.firstPicks);
        secondCombos = zone(danZones[1], zones.secondPicks);
      }
      return firstCombos.flatMap((f) => secondCombos.flatMap((s) => twoZoneTickets(zones, f, s)));
    },
  };
  if (shape === 'entries') {
    oracle.entry = {
      valid: (e) => {
        const a = e.slice(0, zones.firstPicks);
        const b = e.slice(zones.firstPicks);
        return (
          a.length === zones.firstPicks && b.length === zones.secondPicks && new Set(a).size === a.length && new Set(b).size === b.length &&
          a.every((n) => n >= 1 && n <= zones.firstMax) && b.every((n) => n >= 1 && n <= zones.secondMax)
        );
      },
      key: (e) => `${sortedCopy(e.slice(0, zones.firstPicks)).join(',')}+${sortedCopy(e.slice(zones.firstPicks)).join(',')}`,
    };
  }
  return oracle;
}

export const ssqOracles = (): OracleTable => ({
  SSQFS: twoZone(SSQ_ZONES, 'multiple', [false, false]),
  SSQDS: twoZone(SSQ_ZONES, 'entries', [false, false]),
  SSQDT: twoZone(SSQ_ZONES, 'dantuo', [true, false]),
});

export const dltOracles = (): OracleTable => ({
  DLTFS: twoZone(DLT_ZONES, 'multiple', [false, false]),
  DLTDS: twoZone(DLT_ZONES, 'entries', [false, false]),
  DLTDT: twoZone(DLT_ZONES, 'dantuo', [true, true]),
});

// ---- 快3: three dice ----

const diceSum = (o: readonly number[]): number => o[0]! + o[1]! + o[2]!;
const faces = (o: readonly number[]): Set<number> => new Set(o);

export function quick3Oracles(): OracleTable {
  const attribute: Record<string, (s: number) => boolean> = { 大: (s) => s >= 11, 小: (s) => s <= 10, 单: (s) => s % 2 === 1, 双: (s) => s % 2 === 0 };
  const differentOf = (k: number, shape: 'multiple' | 'dantuo'): Oracle => ({
    expand: (sel) =>
      zoneTickets(sel, k, shape).map((t) => ({
        key: t.join(''),
        level: 'different',
        // 三不同号: the three dice are exactly these three faces; 二不同号: both faces show.
        wins: (o: readonly number[]) => (k === 3 ? faces(o).size === 3 && t.every((f) => o.includes(f)) : t.every((f) => o.includes(f))),
      })),
  });
  return {
    KSHZ: { expand: (sel) => numbersOfRow(sel, 0).map((s) => ({ key: String(s), level: `sum${Math.min(s, 21 - s)}`, wins: (o) => diceSum(o) === s })) },
    KSHZDXDS: { expand: (sel) => itemsOfRow(sel, 0).map((a) => ({ key: a, level: 'attribute', wins: (o) => attribute[a]!(diceSum(o)) })) },
    STHTX: { expand: () => [{ key: 'all-triples', level: 'item', wins: (o) => faces(o).size === 1 }] },
    STHDX: { expand: (sel) => numbersOfRow(sel, 0).map((v) => ({ key: String(v), level: 'triple', wins: (o) => o.every((d) => d * 111 === v) })) },
    ETHFX: {
      expand: (sel) =>
        numbersOfRow(sel, 0).map((v) => ({ key: String(v), level: 'pair', wins: (o) => o.filter((d) => d * 11 === v).length === 2 })),
    },
    ETHDX: {
      expand: (sel) =>
        cartesian([numbersOfRow(sel, 0).map((v) => v / 11), numbersOfRow(sel, 1)])
          .filter(([a, b]) => a !== b)
          .map(([a, b]) => ({ key: `${a}${a}${b}`, level: 'pair', wins: (o: readonly number[]) => sameNumbers(o, [a!, a!, b!]) })),
    },
    SBTH: differentOf(3, 'multiple'),
    SBTHDT: differentOf(3, 'dantuo'),
    EBTH: differentOf(2, 'multiple'),
    EBTHDT: differentOf(2, 'dantuo'),
    SLHTX: { expand: () => [{ key: 'all-straights', level: 'item', wins: (o) => [[1, 2, 3], [2, 3, 4], [3, 4, 5], [4, 5, 6]].some((s) => sameNumbers(o, s)) }] },
    DTYS: { expand: (sel) => numbersOfRow(sel, 0).map((f) => ({ key: String(f), level: 'face', wins: (o) => o.includes(f) })) },
  };
}

