// Digit-game families that read a window in any order: 组选 (patterns, 单式, 和值, 包胆, 3D 和值/胆拖),
// 特殊号, 不定位 and 趣味.
import { bitCount, choose, disjointPicks, maskOf } from '../combinatorics.ts';
import { GROUP2_SUM, GROUP3_SUM_DISTINCT, GROUP3_SUM_PAIR } from '../digit-tables.ts';
import {
  digitRow,
  itemRow,
  level,
  namedItems,
  numberRow,
  randomRows,
  range,
  sample,
  type Family,
  type NormalizedSelection,
} from '../method-spec.ts';
import { digitEntry } from '../tickets.ts';
import { DIGITS, entryKey, formOf3, powerOf10, scratch, sumOf } from './digit-shared.ts';
import { assertNoOverlap } from './number-families.ts';

/** One part of a 组选 pattern: `picks` different digits that each appear `multiplicity` times. */
export interface GroupPart {
  multiplicity: number;
  picks: number;
}
export interface GroupRowPattern {
  label: string;
  parts: readonly GroupPart[];
}

/** Ordered outcomes of one multiset of the pattern: k! / ∏ multiplicity!. */
function arrangements(patternRows: readonly GroupRowPattern[]): number {
  const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));
  let k = 0;
  let divisor = 1;
  for (const row of patternRows) {
    for (const part of row.parts) {
      k += part.multiplicity * part.picks;
      divisor *= factorial(part.multiplicity) ** part.picks;
    }
  }
  return factorial(k) / divisor;
}

/**
 * 组选 by pattern (组选120/60/30/20/10/5, 组选24/12/6/4, 组三, 组六, 二星组选): the window's digits,
 * in any order, must form the pattern with each repeated digit taken from its row.
 */
export function group(window: readonly number[], patternRows: readonly GroupRowPattern[], levelName: string, formula: string, levelId = 'group'): Family {
  const k = window.length;
  const rows = patternRows.map((p) => digitRow(p.label, { minPicks: p.parts.reduce((s, part) => s + part.picks, 0) }));
  const count = (sel: NormalizedSelection): number => {
    if (patternRows.length === 1) {
      let n = sel.rows[0]!.length;
      let ways = 1;
      for (const part of patternRows[0]!.parts) {
        ways *= choose(n, part.picks);
        n -= part.picks;
      }
      return ways;
    }
    const [first, second] = sel.rows as [number[], number[]];
    const overlap = first.filter((d) => second.includes(d)).length;
    return disjointPicks(first.length, second.length, overlap, patternRows[0]!.parts[0]!.picks, patternRows[1]!.parts[0]!.picks);
  };
  const fullSelection: NormalizedSelection = { rows: rows.map(() => DIGITS), entries: [], positions: [] };
  return {
    rows,
    levels: [level(levelId, levelName, arrangements(patternRows), powerOf10(k))],
    ticketSpace: count(fullSelection),
    formula,
    kernel: {
      count,
      // A result of another form (e.g. all digits equal) never wins a 组选 pattern.
      covers: () => false,
      compile(sel) {
        // For each multiplicity: the row mask it must come from and how many digits have it.
        const maskByMultiplicity = new Array<number>(6).fill(0);
        const picksByMultiplicity = new Array<number>(6).fill(0);
        patternRows.forEach((pattern, r) => {
          for (const part of pattern.parts) {
            maskByMultiplicity[part.multiplicity] = maskOf(sel.rows[r]!);
            picksByMultiplicity[part.multiplicity] = part.picks;
          }
        });
        return (view) => {
          const d = view.numbers;
          for (const p of window) scratch[d[p]!]! += 1;
          const found = new Array<number>(6).fill(0);
          let ok = true;
          for (const p of window) {
            const digit = d[p]!;
            const m = scratch[digit]!;
            if (m === 0) continue; // already visited
            scratch[digit] = 0;
            if (((maskByMultiplicity[m]! >> digit) & 1) === 0) ok = false;
            found[m]! += 1;
          }
          if (ok) for (let m = 1; m < 6; m++) if (found[m] !== picksByMultiplicity[m]) ok = false;
          return [ok ? 1 : 0];
        };
      },
      random(rng) {
        const picked: number[][] = [];
        const used = new Set<number>();
        for (const row of rows) {
          const chosen = sample(rng, DIGITS.filter((d) => !used.has(d)), row.minPicks);
          chosen.forEach((d) => used.add(d));
          picked.push(chosen);
        }
        return { rows: picked };
      },
    },
  };
}

export type EntryForm = 'pair' | 'distinct' | 'mixed';

/** 组选单式 (组三单式, 组六单式, 混合组选, 二星组选单式): typed tickets judged in any order. */
export function groupEntries(window: readonly number[], form: EntryForm): Family {
  const k = window.length;
  const accept = (sorted: readonly number[]): boolean => {
    const distinct = new Set(sorted).size;
    if (form === 'distinct') return distinct === k;
    if (form === 'pair') return distinct === 2;
    return distinct > 1;
  };
  const hint =
    form === 'pair'
      ? '每注3个数字，其中恰有2个相同，如 588'
      : form === 'distinct'
        ? `每注${k}个互不相同的数字，如 ${'258'.slice(0, k)}`
        : '每注3个数字，不含豹子号，如 001、123';
  const levels =
    k === 2
      ? [level('group', '二星组选', 2, 100)]
      : form === 'pair'
        ? [level('pair', '组三', 3, 1000)]
        : form === 'distinct'
          ? [level('distinct', '组六', 6, 1000)]
          : [level('pair', '组三', 3, 1000), level('distinct', '组六', 6, 1000)];
  const sortedKey = (digits: number[]): number => entryKey(digits.sort((a, b) => a - b));
  return {
    rows: [],
    entryRule: digitEntry(k, false, hint, accept),
    levels,
    ticketSpace: k === 2 ? 45 : form === 'pair' ? 90 : form === 'distinct' ? 120 : 210,
    formula: '有效单式号码个数（按号码组合去重）',
    kernel: {
      count: (sel) => sel.entries.length,
      // 豹子 (and 对子 for 二星) never wins a 组选 ticket.
      covers: () => false,
      compile(sel) {
        const keys = new Set(sel.entries.map((e) => entryKey(e)));
        return (view) => {
          const digits = window.map((p) => view.numbers[p]!);
          const key = sortedKey(digits);
          const winners = new Array<number>(levels.length).fill(0);
          if (!keys.has(key)) return winners;
          winners[form === 'mixed' && new Set(digits).size === 3 ? 1 : 0] = 1;
          return winners;
        };
      },
      random(rng) {
        for (;;) {
          const digits = Array.from({ length: k }, () => Math.floor(rng() * 10));
          if (accept(digits.slice().sort((a, b) => a - b))) return { entries: [digits] };
        }
      },
    },
  };
}

/** 三星组选和值: every 组三/组六 combination (no 豹子) with a chosen sum; two prize levels. */
export function groupSum3(window: readonly number[]): Family {
  const row = numberRow('和值', 1, 26);
  const bets = (values: readonly number[]): number => values.reduce((s, v) => s + GROUP3_SUM_PAIR[v]! + GROUP3_SUM_DISTINCT[v]!, 0);
  return {
    rows: [row],
    levels: [level('pair', '组三', 3, 1000), level('distinct', '组六', 6, 1000)],
    ticketSpace: bets(range(1, 26)),
    formula: `Σ G3[s]（G3 = [${range(1, 26).map((s) => GROUP3_SUM_PAIR[s]! + GROUP3_SUM_DISTINCT[s]!).join(',')}]，s = 1…26）`,
    kernel: {
      count: (sel) => bets(sel.rows[0]!),
      // 豹子 (对子 for 二星, the other form for 组三/组六和值) never wins.
      covers: () => false,
      compile(sel) {
        const chosen = new Uint8Array(28);
        for (const v of sel.rows[0]!) chosen[v] = 1;
        return (view) => {
          const d = view.numbers;
          const form = formOf3(d[window[0]!]!, d[window[1]!]!, d[window[2]!]!);
          if (form === 3 || chosen[sumOf(view, window)] === 0) return [0, 0];
          return form === 2 ? [1, 0] : [0, 1];
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** 二星组选和值: every pair of different digits with a chosen sum. */
export function groupSum2(window: readonly number[]): Family {
  const row = numberRow('和值', 1, 17);
  const bets = (values: readonly number[]): number => values.reduce((s, v) => s + GROUP2_SUM[v]!, 0);
  return {
    rows: [row],
    levels: [level('group', '二星组选', 2, 100)],
    ticketSpace: bets(range(1, 17)),
    formula: `Σ G2[s]（G2 = [${range(1, 17).map((s) => GROUP2_SUM[s]).join(',')}]，s = 1…17）`,
    kernel: {
      count: (sel) => bets(sel.rows[0]!),
      // 豹子 (对子 for 二星, the other form for 组三/组六和值) never wins.
      covers: () => false,
      compile(sel) {
        const chosen = new Uint8Array(19);
        for (const v of sel.rows[0]!) chosen[v] = 1;
        return (view) => {
          const a = view.numbers[window[0]!]!;
          const b = view.numbers[window[1]!]!;
          return [a !== b && chosen[a + b] === 1 ? 1 : 0];
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** 组选包胆: every 组选 combination (no 豹子 / 对子) that contains the chosen digit. */
export function groupContaining(window: readonly number[]): Family {
  const k = window.length;
  const row = digitRow('包胆', { maxPicks: 1 });
  const perDigit = k === 3 ? 54 : 9;
  return {
    rows: [row],
    levels: k === 3 ? [level('pair', '组三', 3, 1000), level('distinct', '组六', 6, 1000)] : [level('group', '二星组选', 2, 100)],
    ticketSpace: k === 3 ? 210 : 45,
    formula: k === 3 ? '54（每个包胆号码含组三18注、组六36注）' : '9（每个包胆号码9注）',
    kernel: {
      count: (sel) => sel.rows[0]!.length * perDigit,
      covers: () => false,
      compile(sel) {
        const digit = sel.rows[0]![0]!;
        return (view) => {
          const d = view.numbers;
          if (k === 2) {
            const a = d[window[0]!]!;
            const b = d[window[1]!]!;
            return [a !== b && (a === digit || b === digit) ? 1 : 0];
          }
          const a = d[window[0]!]!;
          const b = d[window[1]!]!;
          const c = d[window[2]!]!;
          const form = formOf3(a, b, c);
          if (form === 3 || (a !== digit && b !== digit && c !== digit)) return [0, 0];
          return form === 2 ? [1, 0] : [0, 1];
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

const SPECIAL_ITEMS = ['豹子', '顺子', '对子'] as const;

/** 特殊号: 豹子 (all equal), 顺子 (three consecutive digits in any order, 890 and 901 included), 对子. */
export function specialForm(window: readonly number[]): Family {
  const row = itemRow('特殊号', namedItems(SPECIAL_ITEMS));
  const isStraight = (a: number, b: number, c: number): boolean => {
    const set = maskOf([a, b, c]);
    for (let start = 0; start < 10; start++) {
      if (set === maskOf([start, (start + 1) % 10, (start + 2) % 10])) return true;
    }
    return false;
  };
  return {
    rows: [row],
    levels: [level('triple', '豹子', 10, 1000), level('straight', '顺子', 60, 1000), level('pair', '对子', 270, 1000)],
    ticketSpace: 3,
    formula: 'n（所选形态个数）',
    kernel: {
      count: (sel) => sel.rows[0]!.length,
      // 杂六 (e.g. 025) is none of 豹子/顺子/对子.
      covers: () => false,
      compile(sel) {
        const chosen = maskOf(sel.rows[0]!);
        return (view) => {
          const d = view.numbers;
          const a = d[window[0]!]!;
          const b = d[window[1]!]!;
          const c = d[window[2]!]!;
          const form = formOf3(a, b, c);
          const item = form === 3 ? 0 : form === 2 ? 2 : isStraight(a, b, c) ? 1 : -1;
          const winners = [0, 0, 0];
          if (item >= 0 && ((chosen >> item) & 1) === 1) winners[item] = 1;
          return winners;
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** Outcomes of an L-digit window containing k given different digits, by inclusion–exclusion. */
function containsAll(length: number, k: number): number {
  let total = 0;
  for (let j = 0; j <= k; j++) total += (j % 2 === 0 ? 1 : -1) * choose(k, j) * (10 - j) ** length;
  return total;
}

/** 不定位 k码: each k digits are one 注 that wins when all of them appear anywhere in the window. */
export function unpositioned(window: readonly number[], k: number, levelName: string): Family {
  const row = digitRow(k === 1 ? '不定位' : `${['', '一', '二', '三'][k]}码`, { minPicks: k });
  return {
    rows: [row],
    levels: [level('any', levelName, containsAll(window.length, k), powerOf10(window.length))],
    ticketSpace: choose(10, k),
    formula: k === 1 ? 'n' : `C(n,${k})`,
    kernel: {
      count: (sel) => choose(sel.rows[0]!.length, k),
      // A digit outside the picks repeated over the window loses; with all ten picked, k ≥ 2 still
      // loses on a window of one repeated digit.
      covers: (sel) => k === 1 && sel.rows[0]!.length === 10,
      compile(sel) {
        const chosen = maskOf(sel.rows[0]!);
        return (view) => {
          let present = 0;
          for (const p of window) present |= 1 << view.numbers[p]!;
          return [choose(bitCount(present & chosen), k)];
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** 趣味 (一帆风顺 …): each digit is one 注 that wins when it appears at least `times` times. */
export function repeatedDigit(window: readonly number[], times: number, levelName: string): Family {
  const row = digitRow(levelName);
  const n = window.length;
  let winning = 0;
  for (let j = times; j <= n; j++) winning += choose(n, j) * 9 ** (n - j);
  return {
    rows: [row],
    levels: [level('repeat', levelName, winning, powerOf10(n))],
    ticketSpace: 10,
    formula: 'n',
    kernel: {
      count: (sel) => sel.rows[0]!.length,
      // An unpicked digit repeated over the window loses; with all ten picked, the window avoids any
      // digit appearing \`times\` times unless it is longer than 10·(times − 1) (pigeonhole).
      covers: (sel) => sel.rows[0]!.length === 10 && n > 10 * (times - 1),
      compile(sel) {
        const chosen = sel.rows[0]!;
        return (view) => {
          for (const p of window) scratch[view.numbers[p]!]! += 1;
          let winners = 0;
          for (const digit of chosen) if (scratch[digit]! >= times) winners++;
          scratch.fill(0);
          return [winners];
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** 3D 组三和值 / 组六和值: the combinations of one form with a chosen sum. */
export function formSum(window: readonly number[], form: 'pair' | 'distinct'): Family {
  const table = form === 'pair' ? GROUP3_SUM_PAIR : GROUP3_SUM_DISTINCT;
  const row = form === 'pair' ? numberRow('和值', 1, 26) : numberRow('和值', 3, 24);
  const bets = (values: readonly number[]): number => values.reduce((s, v) => s + table[v]!, 0);
  const [id, name, count] = form === 'pair' ? ['pair', '组三', 3] : ['distinct', '组六', 6];
  return {
    rows: [row],
    levels: [level(id, name, count, 1000)],
    ticketSpace: bets(row.options.map((o) => o.value as number)),
    formula: `Σ ${form === 'pair' ? 'Z3' : 'Z6'}[s]（${form === 'pair' ? 'Z3' : 'Z6'} = [${table.slice(0, form === 'pair' ? 27 : 25).join(',')}]）`,
    kernel: {
      count: (sel) => bets(sel.rows[0]!),
      // 豹子 (对子 for 二星, the other form for 组三/组六和值) never wins.
      covers: () => false,
      compile(sel) {
        const chosen = new Uint8Array(28);
        for (const v of sel.rows[0]!) chosen[v] = 1;
        const wanted = form === 'pair' ? 2 : 1;
        return (view) => {
          const d = view.numbers;
          const f = formOf3(d[window[0]!]!, d[window[1]!]!, d[window[2]!]!);
          return [f === wanted && chosen[sumOf(view, window)] === 1 ? 1 : 0];
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** 3D 组三胆拖 / 组六胆拖: every combination of the form that contains all 胆码, the rest from 拖码. */
export function formDantuo(window: readonly number[], form: 'pair' | 'distinct'): Family {
  const maxDan = form === 'pair' ? 1 : 2;
  const rows = [digitRow('胆码', { minPicks: 1, maxPicks: maxDan }), digitRow('拖码', { minPicks: 1 })];
  const [id, name, levelCount] = form === 'pair' ? ['pair', '组三', 3] : ['distinct', '组六', 6];
  return {
    rows,
    notes: [form === 'pair' ? '胆码选1个，拖码至少1个，胆码与拖码不能相同' : '胆码选1-2个，胆码与拖码个数之和至少3个，胆码与拖码不能相同'],
    levels: [level(id, name, levelCount, 1000)],
    ticketSpace: form === 'pair' ? 90 : 120,
    formula: form === 'pair' ? '2·t（t 为拖码个数）' : 'C(t,3−d)（d 胆码个数，t 拖码个数）',
    kernel: {
      check: (sel) => assertNoOverlap(sel.rows[0]!, sel.rows[1]!, false),
      count: (sel) => (form === 'pair' ? 2 * sel.rows[1]!.length : choose(sel.rows[1]!.length, 3 - sel.rows[0]!.length)),
      covers: () => false,
      compile(sel) {
        const danMask = maskOf(sel.rows[0]!);
        const tuoMask = maskOf(sel.rows[1]!);
        const danCount = sel.rows[0]!.length;
        return (view) => {
          const d = view.numbers;
          const a = d[window[0]!]!;
          const b = d[window[1]!]!;
          const c = d[window[2]!]!;
          if (formOf3(a, b, c) !== (form === 'pair' ? 2 : 1)) return [0];
          const present = maskOf([a, b, c]);
          if ((present & danMask) !== danMask) return [0];
          const rest = present & ~danMask;
          // 组三: the two different digits are the 胆码 and one 拖码; 组六: the rest are all 拖码.
          const needed = form === 'pair' ? 2 - danCount : 3 - danCount;
          return [(rest & tuoMask) === rest && bitCount(rest) === needed ? 1 : 0];
        };
      },
      random(rng) {
        const danCount = 1;
        const dan = sample(rng, DIGITS, danCount);
        const tuo = sample(rng, DIGITS.filter((d) => !dan.includes(d)), form === 'pair' ? 1 : 3 - danCount);
        return { rows: [dan, tuo] };
      },
    },
  };
}
