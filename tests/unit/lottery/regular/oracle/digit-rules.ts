// Single-ticket rules of the digit games (时时彩, 3D, 排列5), written from the domain reference §2.1
// and §2.3 without the engine's code: every selection is expanded into its single 注 by brute force
// (cartesian products, all multisets, all digit tuples) and each 注 is judged on its own.
import type { Selection } from '../../../../../src/shared/lottery/index.ts';
import { cartesian, countOf, kSubsets, range, sameNumbers, sortedCopy } from './util.ts';
import { itemsOfRow, numbersOfRow, type Oracle, type OracleTable, type Ticket } from './types.ts';

const DIGITS = range(0, 9);
const digitsAt = (outcome: readonly number[], window: readonly number[]): number[] => window.map((p) => outcome[p]!);
const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** All multisets of `size` digits, as sorted tuples. */
function multisets(size: number, from = 0): number[][] {
  if (size === 0) return [[]];
  return range(from, 9).flatMap((d) => multisets(size - 1, d).map((rest) => [d, ...rest]));
}
const MULTISETS = new Map<number, number[][]>();
const multisetsOf = (size: number): number[][] => {
  if (!MULTISETS.has(size)) MULTISETS.set(size, multisets(size));
  return MULTISETS.get(size)!;
};
const allTuples = (size: number): number[][] => cartesian(Array.from({ length: size }, () => DIGITS));

/** 组三: exactly two equal digits; 组六: all different; 豹子: all equal. */
const formName = (digits: readonly number[]): 'triple' | 'pair' | 'distinct' => {
  const distinct = new Set(digits).size;
  return distinct === 1 ? 'triple' : distinct === digits.length ? 'distinct' : 'pair';
};

// ---- direct (直选): the digits in order ----

function direct(window: readonly number[], rowOffset = 0): Oracle {
  return {
    expand: (sel) =>
      cartesian(window.map((_, i) => numbersOfRow(sel, rowOffset + i))).map((t) => ({
        key: t.join(''),
        level: 'direct',
        wins: (o) => t.every((d, i) => o[window[i]!] === d),
      })),
  };
}

function directEntries(window: readonly number[]): Oracle {
  return {
    entry: { valid: (e) => e.length === window.length && e.every((d) => d >= 0 && d <= 9), key: (e) => e.join('') },
    expand: (sel) =>
      (sel.entries ?? []).map((t) => ({ key: t.join(''), level: 'direct', wins: (o: readonly number[]) => t.every((d, i) => o[window[i]!] === d) })),
  };
}

/** 组合: each combination is k 注, the j-star 注 judged on the last j positions. */
function combination(window: readonly number[]): Oracle {
  const k = window.length;
  return {
    expand: (sel) =>
      cartesian(window.map((_, i) => numbersOfRow(sel, i))).flatMap((t) =>
        range(1, k).map((stars) => ({
          key: `${t.join('')}/${stars}`,
          level: `star${stars}`,
          wins: (o: readonly number[]) => range(k - stars, k - 1).every((i) => o[window[i]!] === t[i]),
        })),
      ),
  };
}

/** 直选和值 / 跨度 / 尾数: all ordered tuples whose value is chosen. */
function directByValue(window: readonly number[], value: (digits: number[]) => number): Oracle {
  return {
    expand: (sel) => {
      const chosen = new Set(numbersOfRow(sel, 0));
      return allTuples(window.length)
        .filter((t) => chosen.has(value(t)))
        .map((t) => ({ key: t.join(''), level: 'direct', wins: (o: readonly number[]) => t.every((d, i) => o[window[i]!] === d) }));
    },
  };
}
const span = (d: number[]): number => Math.max(...d) - Math.min(...d);

// ---- group (组选): the multiset of the window ----

/** A multiset rule: how many digits have each multiplicity and which row each must come from. */
type Shape = Record<number, { digits: number; row: number }>;

function fitsShape(multiset: readonly number[], shape: Shape, rows: Set<number>[]): boolean {
  const counts = countOf(multiset);
  const byMultiplicity = new Map<number, number[]>();
  for (const [digit, times] of counts) byMultiplicity.set(times, [...(byMultiplicity.get(times) ?? []), digit]);
  for (const [times, digits] of byMultiplicity) {
    const need = shape[times];
    if (!need || need.digits !== digits.length || !digits.every((d) => rows[need.row]!.has(d))) return false;
  }
  return Object.entries(shape).every(([times, need]) => (byMultiplicity.get(Number(times)) ?? []).length === need.digits);
}

function groupTicket(window: readonly number[], multiset: number[], level: string): Ticket {
  return { key: multiset.join(''), level, wins: (o) => sameNumbers(digitsAt(o, window), multiset) };
}

function group(window: readonly number[], shape: Shape, level: string): Oracle {
  return {
    expand: (sel) => {
      const rows = (sel.rows ?? []).map((_, i) => new Set(numbersOfRow(sel, i)));
      return multisetsOf(window.length)
        .filter((m) => fitsShape(m, shape, rows))
        .map((m) => groupTicket(window, m, level));
    },
  };
}

const PAIR_SHAPE: Shape = { 2: { digits: 1, row: 0 }, 1: { digits: 1, row: 0 } };
const DISTINCT3: Shape = { 1: { digits: 3, row: 0 } };
const DISTINCT2: Shape = { 1: { digits: 2, row: 0 } };

/** 组选单式 / 混合组选: typed tickets judged as multisets; `forms` lists the accepted forms. */
function groupEntries(window: readonly number[], forms: readonly ('pair' | 'distinct')[]): Oracle {
  const levelOf = (e: readonly number[]): string => (window.length === 2 ? 'group' : formName(e));
  return {
    entry: {
      valid: (e) => e.length === window.length && e.every((d) => d >= 0 && d <= 9) && (forms as string[]).includes(formName(e)),
      key: (e) => sortedCopy(e).join(''),
    },
    expand: (sel) => (sel.entries ?? []).map((e) => groupTicket(window, sortedCopy(e), levelOf(e))),
  };
}

/** 组选和值: all 组三/组六 multisets (never 豹子) with a chosen sum. */
function groupSum(window: readonly number[]): Oracle {
  return {
    expand: (sel) => {
      const chosen = new Set(numbersOfRow(sel, 0));
      return multisetsOf(window.length)
        .filter((m) => formName(m) !== 'triple' && (window.length === 3 || formName(m) === 'distinct') && chosen.has(sum(m)))
        .map((m) => groupTicket(window, m, window.length === 2 ? 'group' : formName(m)));
    },
  };
}

/** 组选包胆: all 组三/组六 multisets (二星: pairs of different digits) containing the chosen digit. */
function groupContaining(window: readonly number[]): Oracle {
  return {
    expand: (sel) => {
      const digit = numbersOfRow(sel, 0)[0]!;
      return multisetsOf(window.length)
        .filter((m) => formName(m) !== 'triple' && (window.length === 3 || formName(m) === 'distinct') && m.includes(digit))
        .map((m) => groupTicket(window, m, window.length === 2 ? 'group' : formName(m)));
    },
  };
}

/** 3D 组三/组六和值: the multisets of one form with a chosen sum. */
function formSum(window: readonly number[], form: 'pair' | 'distinct'): Oracle {
  return {
    expand: (sel) => {
      const chosen = new Set(numbersOfRow(sel, 0));
      return multisetsOf(3)
        .filter((m) => formName(m) === form && chosen.has(sum(m)))
        .map((m) => groupTicket(window, m, form));
    },
  };
}

/** 3D 组三/组六胆拖: multisets of the form holding every 胆码, the other digits from the 拖码. */
function formDantuo(window: readonly number[], form: 'pair' | 'distinct'): Oracle {
  return {
    expand: (sel) => {
      const dan = numbersOfRow(sel, 0);
      const tuo = new Set(numbersOfRow(sel, 1));
      return multisetsOf(3)
        .filter((m) => formName(m) === form && dan.every((d) => m.includes(d)) && m.every((d) => dan.includes(d) || tuo.has(d)))
        .map((m) => groupTicket(window, m, form));
    },
  };
}

// ---- other digit rules ----

function sumTail(window: readonly number[]): Oracle {
  return {
    expand: (sel) =>
      numbersOfRow(sel, 0).map((tail) => ({ key: String(tail), level: 'tail', wins: (o: readonly number[]) => sum(digitsAt(o, window)) % 10 === tail })),
  };
}

/** 特殊号: 豹子 all equal; 顺子 three consecutive digits in any order, 9 next to 0; 对子 exactly two equal. */
function special(window: readonly number[]): Oracle {
  const isStraight = (d: number[]): boolean => {
    if (new Set(d).size !== 3) return false;
    return DIGITS.some((start) => [start, (start + 1) % 10, (start + 2) % 10].every((x) => d.includes(x)));
  };
  const rule: Record<string, [string, (d: number[]) => boolean]> = {
    豹子: ['triple', (d) => formName(d) === 'triple'],
    顺子: ['straight', isStraight],
    对子: ['pair', (d) => formName(d) === 'pair'],
  };
  return {
    expand: (sel) =>
      itemsOfRow(sel, 0).map((item) => {
        const [level, test] = rule[item]!;
        return { key: item, level, wins: (o: readonly number[]) => test(digitsAt(o, window)) };
      }),
  };
}

/** 不定位 k码: every k chosen digits win when all of them appear anywhere in the window. */
function unpositioned(window: readonly number[], k: number): Oracle {
  return {
    expand: (sel) =>
      kSubsets(numbersOfRow(sel, 0), k).map((set) => ({
        key: set.join(','),
        level: 'any',
        wins: (o: readonly number[]) => set.every((d) => digitsAt(o, window).includes(d)),
      })),
  };
}

/** 一帆风顺 … 四季发财: the digit appears at least `times` times among the five. */
function repeated(times: number): Oracle {
  return {
    expand: (sel) =>
      numbersOfRow(sel, 0).map((d) => ({ key: String(d), level: 'repeat', wins: (o: readonly number[]) => o.filter((x) => x === d).length >= times })),
  };
}

function positional(window: readonly number[]): Oracle {
  return {
    expand: (sel) =>
      window.flatMap((position, row) =>
        numbersOfRow(sel, row).map((d) => ({ key: `${position}:${d}`, level: 'position', wins: (o: readonly number[]) => o[position] === d })),
      ),
  };
}

const ATTRIBUTE: Record<string, (d: number) => boolean> = { 大: (d) => d >= 5, 小: (d) => d <= 4, 单: (d) => d % 2 === 1, 双: (d) => d % 2 === 0 };

function bigSmall(window: readonly number[]): Oracle {
  return {
    expand: (sel) =>
      cartesian(window.map((_, i) => itemsOfRow(sel, i))).map((attrs) => ({
        key: attrs.join(''),
        level: 'dxds',
        wins: (o: readonly number[]) => attrs.every((a, i) => ATTRIBUTE[a]!(o[window[i]!]!)),
      })),
  };
}

function dragonTiger(a: number, b: number): Oracle {
  const rule: Record<string, [string, (x: number, y: number) => boolean]> = {
    龙: ['dragon', (x, y) => x > y],
    虎: ['tiger', (x, y) => x < y],
    和: ['tie', (x, y) => x === y],
  };
  return {
    expand: (sel) =>
      itemsOfRow(sel, 0).map((item) => {
        const [level, test] = rule[item]!;
        return { key: item, level, wins: (o: readonly number[]) => test(o[a]!, o[b]!) };
      }),
  };
}

// ---- 任选: the inner rule on every k of the ticked positions (or of the rows that have picks) ----

function optionalRows(k: number): Oracle {
  return {
    expand: (sel) =>
      kSubsets(range(0, 4), k).flatMap((positions) =>
        cartesian(positions.map((p) => numbersOfRow(sel, p))).map((digits) => ({
          key: `${positions.join('')}:${digits.join('')}`,
          level: 'direct',
          wins: (o: readonly number[]) => positions.every((p, i) => o[p] === digits[i]),
        })),
      ),
  };
}

function optionalPositions(k: number, inner: (window: number[]) => Oracle): Oracle {
  return {
    entry: inner(range(0, k - 1)).entry,
    expand: (sel) =>
      kSubsets(sortedCopy([...(sel.positions ?? [])]), k).flatMap((window) =>
        inner(window)
          .expand(sel)
          .map((t) => ({ ...t, key: `${window.join('')}:${t.key}` })),
      ),
  };
}

// ---- the tables ----

function threeStar(prefix: string, window: number[]): OracleTable {
  return {
    [`${prefix}ZX3`]: direct(window),
    [`${prefix}ZX3_S`]: directEntries(window),
    [`${prefix}ZXHZ`]: directByValue(window, sum),
    [`${prefix}ZXKD`]: directByValue(window, span),
    [`${prefix}ZH3`]: combination(window),
    [`${prefix}ZU3`]: group(window, PAIR_SHAPE, 'pair'),
    [`${prefix}ZU3_S`]: groupEntries(window, ['pair']),
    [`${prefix}ZU6`]: group(window, DISTINCT3, 'distinct'),
    [`${prefix}ZU6_S`]: groupEntries(window, ['distinct']),
    [`${prefix}HHZX`]: groupEntries(window, ['pair', 'distinct']),
    [`${prefix}ZUHZ`]: groupSum(window),
    [`${prefix}ZU3BD`]: groupContaining(window),
    [`${prefix}HZWS`]: sumTail(window),
    [`${prefix}TS3`]: special(window),
    [`${prefix}BDW31`]: unpositioned(window, 1),
    [`${prefix}BDW32`]: unpositioned(window, 2),
  };
}

function twoStar(prefix: string, window: number[], withSums: boolean): OracleTable {
  const table: OracleTable = {
    [`${prefix}ZX2`]: direct(window),
    [`${prefix}ZX2_S`]: directEntries(window),
    [`${prefix}ZU2`]: group(window, DISTINCT2, 'group'),
    [`${prefix}ZU2_S`]: groupEntries(window, ['distinct']),
  };
  if (withSums) {
    table[`${prefix}ZX2HZ`] = directByValue(window, sum);
    table[`${prefix}ZX2KD`] = directByValue(window, span);
    table[`${prefix}ZU2HZ`] = groupSum(window);
    table[`${prefix}ZU2BD`] = groupContaining(window);
  }
  return table;
}

const W5 = [0, 1, 2, 3, 4];
const W4 = [1, 2, 3, 4];

export function sscOracles(): OracleTable {
  const dragonPairs: [string, number, number][] = [
    ['LHWQ', 0, 1], ['LHWB', 0, 2], ['LHWS', 0, 3], ['LHWG', 0, 4], ['LHQB', 1, 2],
    ['LHQS', 1, 3], ['LHQG', 1, 4], ['LHBS', 2, 3], ['LHBG', 2, 4], ['LHSG', 3, 4],
  ];
  return {
    ZX5: direct(W5),
    ZX5_S: directEntries(W5),
    ZH5: combination(W5),
    WXZU120: group(W5, { 1: { digits: 5, row: 0 } }, 'group'),
    WXZU60: group(W5, { 2: { digits: 1, row: 0 }, 1: { digits: 3, row: 1 } }, 'group'),
    WXZU30: group(W5, { 2: { digits: 2, row: 0 }, 1: { digits: 1, row: 1 } }, 'group'),
    WXZU20: group(W5, { 3: { digits: 1, row: 0 }, 1: { digits: 2, row: 1 } }, 'group'),
    WXZU10: group(W5, { 3: { digits: 1, row: 0 }, 2: { digits: 1, row: 1 } }, 'group'),
    WXZU5: group(W5, { 4: { digits: 1, row: 0 }, 1: { digits: 1, row: 1 } }, 'group'),
    BDW52: unpositioned(W5, 2),
    BDW53: unpositioned(W5, 3),
    ZX4: direct(W4),
    ZX4_S: directEntries(W4),
    ZH4: combination(W4),
    SXZU24: group(W4, { 1: { digits: 4, row: 0 } }, 'group'),
    SXZU12: group(W4, { 2: { digits: 1, row: 0 }, 1: { digits: 2, row: 1 } }, 'group'),
    SXZU6: group(W4, { 2: { digits: 2, row: 0 } }, 'group'),
    SXZU4: group(W4, { 3: { digits: 1, row: 0 }, 1: { digits: 1, row: 1 } }, 'group'),
    BDW41: unpositioned(W4, 1),
    BDW42: unpositioned(W4, 2),
    ...threeStar('Q', [0, 1, 2]),
    ...threeStar('Z', [1, 2, 3]),
    ...threeStar('H', [2, 3, 4]),
    ...twoStar('Q', [0, 1], true),
    ...twoStar('H', [3, 4], true),
    DWD: positional(W5),
    Q2DXDS: bigSmall([0, 1]),
    H2DXDS: bigSmall([3, 4]),
    Q3DXDS: bigSmall([0, 1, 2]),
    H3DXDS: bigSmall([2, 3, 4]),
    YFFS: repeated(1),
    HSCS: repeated(2),
    SXBX: repeated(3),
    SJFC: repeated(4),
    ...Object.fromEntries(dragonPairs.map(([id, a, b]) => [id, dragonTiger(a, b)])),
    RZX2: optionalRows(2),
    RZX2_S: optionalPositions(2, directEntries),
    RZXHZ2: optionalPositions(2, (w) => directByValue(w, sum)),
    RZU2: optionalPositions(2, (w) => group(w, DISTINCT2, 'group')),
    RZU2_S: optionalPositions(2, (w) => groupEntries(w, ['distinct'])),
    RZUHZ2: optionalPositions(2, groupSum),
    RZX3: optionalRows(3),
    RZX3_S: optionalPositions(3, directEntries),
    RZXHZ: optionalPositions(3, (w) => directByValue(w, sum)),
    RZUS: optionalPositions(3, (w) => group(w, PAIR_SHAPE, 'pair')),
    RZUS_S: optionalPositions(3, (w) => groupEntries(w, ['pair'])),
    RZUL: optionalPositions(3, (w) => group(w, DISTINCT3, 'distinct')),
    RZUL_S: optionalPositions(3, (w) => groupEntries(w, ['distinct'])),
    RHHZX: optionalPositions(3, (w) => groupEntries(w, ['pair', 'distinct'])),
    RZUHZ: optionalPositions(3, groupSum),
    RZX4: optionalRows(4),
    RZX4_S: optionalPositions(4, directEntries),
    RSXZU24: optionalPositions(4, (w) => group(w, { 1: { digits: 4, row: 0 } }, 'group')),
    RSXZU12: optionalPositions(4, (w) => group(w, { 2: { digits: 1, row: 0 }, 1: { digits: 2, row: 1 } }, 'group')),
    RSXZU6: optionalPositions(4, (w) => group(w, { 2: { digits: 2, row: 0 } }, 'group')),
    RSXZU4: optionalPositions(4, (w) => group(w, { 3: { digits: 1, row: 0 }, 1: { digits: 1, row: 1 } }, 'group')),
  };
}

function threeDCommon(three: number[], frontTwo: number[], backTwo: number[], all: number[]): OracleTable {
  return {
    ...threeStar('Q', three),
    QZU3HZ: formSum(three, 'pair'),
    QZU6HZ: formSum(three, 'distinct'),
    QZU3DT: formDantuo(three, 'pair'),
    QZU6DT: formDantuo(three, 'distinct'),
    ...twoStar('Q', frontTwo, false),
    ...twoStar('H', backTwo, false),
    DWD: positional(all),
    Q2DXDS: bigSmall(frontTwo),
    H2DXDS: bigSmall(backTwo),
  };
}

export const threeDigitOracles = (): OracleTable => threeDCommon([0, 1, 2], [0, 1], [1, 2], [0, 1, 2]);
export const fiveDigitOracles = (): OracleTable => ({
  ZX5: direct(W5),
  ZX5_S: directEntries(W5),
  ...threeDCommon([0, 1, 2], [0, 1], [3, 4], W5),
});

export type { Selection };
