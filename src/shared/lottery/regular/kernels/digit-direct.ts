// Digit-game families that read positions in order: 直选 (复式, 单式, 和值, 跨度), 组合, 和值尾数,
// 定位胆, 大小单双, 龙虎 and the 任选 wrappers.
import { bitCount, choose, elementarySymmetric, maskOf } from '../combinatorics.ts';
import { DIRECT_SPAN, DIRECT_SUM } from '../digit-tables.ts';
import {
  digitRow,
  itemRow,
  level,
  namedItems,
  numberRow,
  positionChoice,
  randomRows,
  range,
  sample,
  type Evaluator,
  type Family,
  type NormalizedSelection,
  type RowSpec,
} from '../method-spec.ts';
import { losingAssignmentExists } from '../coverage.ts';
import { digitEntry } from '../tickets.ts';
import { DIGITS, entryKey, powerOf10, product, shortLabel, sizes, spanOf, STAR_NAMES, sumOf, windowKey } from './digit-shared.ts';

/** 直选复式: one digit per position, in order. */
export function direct(window: readonly number[], labels: readonly string[]): Family {
  const k = window.length;
  const rows = labels.map((label) => digitRow(label));
  return {
    rows,
    levels: [level('direct', `${STAR_NAMES[k]}直选`, 1, powerOf10(k))],
    ticketSpace: powerOf10(k),
    formula: labels.map((l) => `n${shortLabel(l)}`).join('·'),
    kernel: {
      count: (sel) => product(sizes(sel)),
      // Each position is drawn independently: every result wins only when every row holds all digits.
      covers: (sel) => sel.rows.every((r) => r.length === 10),
      compile(sel) {
        const masks = sel.rows.map(maskOf);
        return (view) => {
          const d = view.numbers;
          for (let i = 0; i < k; i++) if (((masks[i]! >> d[window[i]!]!) & 1) === 0) return [0];
          return [1];
        };
      },
      random: (rng) => ({ rows: randomRows(rng, rows) }),
    },
  };
}

/** 直选单式: typed tickets of k digits, in order. */
export function directEntries(window: readonly number[], labels: readonly string[]): Family {
  const k = window.length;
  const entryRule = digitEntry(k, true, `每注${k}个数字（0-9），如 ${'13579'.slice(0, k)}`);
  return {
    rows: [],
    entryRule,
    levels: [level('direct', `${STAR_NAMES[k]}直选`, 1, powerOf10(k))],
    ticketSpace: powerOf10(k),
    formula: '有效单式号码个数',
    notes: [`依次对应${labels.join('、')}`],
    kernel: {
      count: (sel) => sel.entries.length,
      // Entries are distinct tickets: only all 10^k of them cover every result.
      covers: (sel) => sel.entries.length === powerOf10(k),
      compile(sel) {
        const keys = new Set(sel.entries.map(entryKey));
        return (view) => [keys.has(windowKey(view.numbers, window)) ? 1 : 0];
      },
      random: (rng) => ({ entries: [Array.from({ length: k }, () => Math.floor(rng() * 10))] }),
    },
  };
}

/** 组合: every combination of one digit per position is k 注 (k星 … 一星), each judged on its tail. */
export function combination(window: readonly number[], labels: readonly string[]): Family {
  const k = window.length;
  const rows = labels.map((label) => digitRow(label));
  const levels = range(1, k)
    .reverse()
    .map((stars) => level(`star${stars}`, STAR_NAMES[stars]!, 1, powerOf10(stars)));
  return {
    rows,
    levels,
    ticketSpace: powerOf10(k) * k,
    formula: `${labels.map((l) => `n${shortLabel(l)}`).join('·')}×${k}`,
    kernel: {
      count: (sel) => product(sizes(sel)) * k,
      // The 一星 注 wins whenever the last digit is picked, and nothing wins when it is not.
      covers: (sel) => sel.rows[k - 1]!.length === 10,
      compile(sel) {
        const masks = sel.rows.map(maskOf);
        const rowSizes = sizes(sel);
        return (view) => {
          const d = view.numbers;
          const winners = new Array<number>(k).fill(0);
          // Walk from the last position: the tail of length t matches while every digit is picked.
          let prefixProduct = product(rowSizes);
          for (let t = 1; t <= k; t++) {
            const position = k - t;
            if (((masks[position]! >> d[window[position]!]!) & 1) === 0) break;
            prefixProduct /= rowSizes[position]!;
            winners[k - t] = prefixProduct;
          }
          return winners;
        };
      },
      random: (rng) => ({ rows: randomRows(rng, rows) }),
    },
  };
}

/** A one-row family whose winning value is a function of the window (和值, 跨度, 尾数). */
function valueFamily(
  row: RowSpec,
  valueOf: (view: { numbers: readonly number[] }) => number,
  betsPerValue: readonly number[] | null,
  levelSpec: { id: string; name: string; count: number; total: number },
  formula: string,
): Family {
  const bets = (values: readonly number[]): number => (betsPerValue ? values.reduce((s, v) => s + betsPerValue[v]!, 0) : values.length);
  return {
    rows: [row],
    levels: [level(levelSpec.id, levelSpec.name, levelSpec.count, levelSpec.total)],
    ticketSpace: bets(row.options.map((o) => o.value as number)),
    formula,
    kernel: {
      count: (sel) => bets(sel.rows[0]!),
      // Every value of the row (sum, span, tail) occurs on some result.
      covers: (sel) => sel.rows[0]!.length === row.options.length,
      compile(sel) {
        const chosen = new Uint8Array(64);
        for (const v of sel.rows[0]!) chosen[v] = 1;
        return (view) => [chosen[valueOf(view)]!];
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** 直选和值: every ordered tuple whose digits add up to a chosen sum. */
export function directSum(window: readonly number[]): Family {
  const k = window.length as 2 | 3;
  const table = DIRECT_SUM[k];
  return valueFamily(
    numberRow('和值', 0, 9 * k),
    (view) => sumOf(view, window),
    table,
    { id: 'direct', name: `${STAR_NAMES[k]}直选`, count: 1, total: powerOf10(k) },
    `Σ ZX${k}[s]（s 为所选和值，ZX${k} = [${table.join(',')}]）`,
  );
}

/** 直选跨度: every ordered tuple whose largest minus smallest digit is a chosen span. */
export function directSpan(window: readonly number[]): Family {
  const k = window.length as 2 | 3;
  const table = DIRECT_SPAN[k];
  return valueFamily(
    digitRow('跨度'),
    (view) => spanOf(view, window),
    table,
    { id: 'direct', name: `${STAR_NAMES[k]}直选`, count: 1, total: powerOf10(k) },
    `Σ SPAN${k}[k]（SPAN${k} = [${table.join(',')}]）`,
  );
}

/** 和值尾数: the last digit of the window's sum. */
export function sumTail(window: readonly number[]): Family {
  return valueFamily(digitRow('和值尾数'), (view) => sumOf(view, window) % 10, null, { id: 'tail', name: '和值尾数', count: 1, total: 10 }, 'n');
}

/**
 * 定位胆: each picked number is one 注 on its own position. `distinctNumbers`: the draw never repeats
 * a number (11选5, 赛车), so positions are not independent for the coverage rule.
 */
export function positional(window: readonly number[], rows: RowSpec[], total: number, distinctNumbers = false): Family {
  const unpicked = (sel: NormalizedSelection): number[][] =>
    rows.map((row, i) => row.options.map((o) => o.value as number).filter((v) => !sel.rows[i]!.includes(v)));
  return {
    rows,
    notes: ['至少在一个位置上选择1个号码'],
    levels: [level('position', '定位胆', 1, total)],
    ticketSpace: rows.reduce((s, r) => s + r.options.length, 0),
    formula: 'Σ n_i（各位置所选号码个数之和）',
    kernel: {
      count: (sel) => sel.rows.reduce((s, r) => s + r.length, 0),
      // Independent digits: a result loses when every position shows an unpicked digit, so only a full
      // row covers. Without repeats the unpicked numbers must also be different (a matching).
      covers: (sel) => (distinctNumbers ? !losingAssignmentExists(unpicked(sel)) : unpicked(sel).some((u) => u.length === 0)),
      compile(sel) {
        const chosen = sel.rows.map((values) => {
          const flags = new Uint8Array(total + 1);
          for (const v of values) flags[v] = 1;
          return flags;
        });
        return (view) => {
          let winners = 0;
          for (let i = 0; i < window.length; i++) winners += chosen[i]![view.numbers[window[i]!]!]!;
          return [winners];
        };
      },
      random(rng) {
        const position = Math.floor(rng() * rows.length);
        return { rows: rows.map((row, i) => (i === position ? sample(rng, row.options, 1).map((o) => o.value) : [])) };
      },
    },
  };
}

export function digitPositional(window: readonly number[], labels: readonly string[]): Family {
  return positional(
    window,
    labels.map((label) => digitRow(label, { minPicks: 0 })),
    10,
  );
}

const DXDS_ITEMS = ['大', '小', '单', '双'] as const;

/** 大小单双: per position one attribute (大 5-9, 小 0-4, 单 odd, 双 even); every combination is one 注. */
export function bigSmallOddEven(window: readonly number[], labels: readonly string[]): Family {
  const k = window.length;
  const rows = labels.map((label) => itemRow(label, namedItems(DXDS_ITEMS)));
  // Attribute mask per digit: bit 0 大, bit 1 小, bit 2 单, bit 3 双.
  const attributes = DIGITS.map((d) => (d >= 5 ? 1 : 2) | (d % 2 === 1 ? 4 : 8));
  return {
    rows,
    levels: [level('dxds', `${STAR_NAMES[k]}大小单双`, 5 ** k, powerOf10(k))],
    ticketSpace: 4 ** k,
    formula: labels.map((l) => `n${shortLabel(l)}`).join('·'),
    kernel: {
      count: (sel) => product(sizes(sel)),
      // Covers when, in every row, each digit has at least one picked attribute (大+小 or 单+双 …).
      covers: (sel) => sel.rows.every((r) => DIGITS.every((d) => (maskOf(r) & attributes[d]!) !== 0)),
      compile(sel) {
        const masks = sel.rows.map(maskOf);
        return (view) => {
          let winners = 1;
          for (let i = 0; i < k; i++) winners *= bitCount(masks[i]! & attributes[view.numbers[window[i]!]!]!);
          return [winners];
        };
      },
      random: (rng) => ({ rows: randomRows(rng, rows) }),
    },
  };
}

const DRAGON_TIGER_ITEMS = ['龙', '虎', '和'] as const;

/** 龙虎: compare two positions — 龙 when the first is larger, 虎 when smaller, 和 when equal. */
export function dragonTiger(first: number, second: number, label: string): Family {
  const row = itemRow(label, namedItems(DRAGON_TIGER_ITEMS));
  return {
    rows: [row],
    levels: [level('dragon', '龙', 45, 100), level('tiger', '虎', 45, 100), level('tie', '和', 10, 100)],
    ticketSpace: 3,
    formula: 'n（所选龙/虎/和个数）',
    kernel: {
      count: (sel) => sel.rows[0]!.length,
      covers: (sel) => sel.rows[0]!.length === DRAGON_TIGER_ITEMS.length,
      compile(sel) {
        const chosen = maskOf(sel.rows[0]!);
        return (view) => {
          const a = view.numbers[first]!;
          const b = view.numbers[second]!;
          const item = a > b ? 0 : a < b ? 1 : 2;
          const winners = [0, 0, 0];
          if (((chosen >> item) & 1) === 1) winners[item] = 1;
          return winners;
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** 任选直选复式: digits on any positions; every k positions with a digit each form 注. */
export function optionalDirect(k: number, labels: readonly string[]): Family {
  const rows = labels.map((label) => digitRow(label, { minPicks: 0 }));
  return {
    rows,
    notes: [`至少在${k}个位置上各选1个号码`],
    levels: [level('direct', `${STAR_NAMES[k]}直选`, 1, powerOf10(k))],
    ticketSpace: choose(labels.length, k) * powerOf10(k),
    formula: `e${k}(n_i)：任意${k}个位置所选号码个数乘积之和`,
    kernel: {
      count: (sel) => elementarySymmetric(sizes(sel), k),
      // A result may miss every row that lacks a digit; the full rows always hit. Covers when at
      // least k rows are full.
      covers: (sel) => sel.rows.filter((r) => r.length === 10).length >= k,
      compile(sel) {
        const masks = sel.rows.map(maskOf);
        return (view) => {
          let hits = 0;
          for (let i = 0; i < masks.length; i++) hits += (masks[i]! >> view.numbers[i]!) & 1;
          return [choose(hits, k)];
        };
      },
      random(rng) {
        const positions = new Set(sample(rng, range(0, labels.length - 1), k));
        return { rows: rows.map((row, i) => (positions.has(i) ? sample(rng, row.options, 1).map((o) => o.value) : [])) };
      },
    },
  };
}

/**
 * Whether p independent digits can be drawn so that no k of them (in order) win the inner method,
 * whose evaluator reads a window of k digits. Depth-first over the digits, checking each window as
 * soon as its last digit is set; each window's verdict is computed once (10^k windows at most).
 */
function losingDigitsExist(p: number, k: number, evaluate: Evaluator): boolean {
  const verdict = new Int8Array(powerOf10(k)); // 0 unknown, 1 wins, 2 loses
  const tuple = new Array<number>(k).fill(0);
  const view = { numbers: tuple, drawn: new Uint8Array(0), drawnSecond: new Uint8Array(0), mask: 0 };
  const wins = (digits: readonly number[], members: readonly number[]): boolean => {
    let key = 0;
    for (let i = 0; i < k; i++) key = key * 10 + (tuple[i] = digits[members[i]!]!);
    if (verdict[key] === 0) verdict[key] = evaluate(view).some((w) => w > 0) ? 1 : 2;
    return verdict[key] === 1;
  };
  // Windows (sorted position indices) grouped by their last index.
  const endingAt: number[][][] = Array.from({ length: p }, () => []);
  const walk = (start: number, current: number[]): void => {
    if (current.length === k) {
      endingAt[current[k - 1]!]!.push(current.slice());
      return;
    }
    for (let i = start; i < p; i++) walk(i + 1, [...current, i]);
  };
  walk(0, []);
  const digits = new Array<number>(p).fill(0);
  const assign = (index: number): boolean => {
    if (index === p) return true;
    for (let d = 0; d < 10; d++) {
      digits[index] = d;
      if (endingAt[index]!.every((members) => !wins(digits, members)) && assign(index + 1)) return true;
    }
    return false;
  };
  return assign(0);
}

/**
 * 任选 with position checkboxes: the inner method (built for a window of k positions) is played on
 * every k of the ticked positions, so 注数 = C(p, k) × inner 注数.
 */
export function optionalPositions(k: number, labels: readonly string[], inner: (window: readonly number[]) => Family): Family {
  const base = inner(range(0, k - 1));
  const windowsOf = (positions: readonly number[]): number[][] => {
    const result: number[][] = [];
    const walk = (start: number, current: number[]): void => {
      if (current.length === k) {
        result.push(current.slice());
        return;
      }
      for (let i = start; i < positions.length; i++) walk(i + 1, [...current, positions[i]!]);
    };
    walk(0, []);
    return result;
  };
  const positionsChoice = positionChoice(labels, k);
  const family: Family = {
    rows: base.rows,
    positions: positionsChoice,
    notes: [`至少勾选${k}个位置，每${k}个位置组成一组`, ...(base.notes ?? [])],
    levels: base.levels,
    ticketSpace: choose(labels.length, k) * base.ticketSpace,
    formula: `C(p,${k})×(${base.formula})，p 为勾选位置数`,
    kernel: {
      count: (sel) => choose(sel.positions.length, k) * base.kernel.count(sel),
      covers: (sel) => !losingDigitsExist(sel.positions.length, k, base.kernel.compile(sel)),
      compile(sel) {
        const evaluators: Evaluator[] = windowsOf(sel.positions).map((w) => inner(w).kernel.compile(sel));
        return (view) => {
          const total = new Array<number>(base.levels.length).fill(0);
          for (const evaluate of evaluators) {
            const winners = evaluate(view);
            for (let i = 0; i < winners.length; i++) total[i]! += winners[i]!;
          }
          return total;
        };
      },
      random: (rng) => ({ ...base.kernel.random(rng), positions: positionsChoice.defaultPositions.slice() }),
    },
  };
  if (base.kernel.check) family.kernel.check = base.kernel.check;
  if (base.entryRule) family.entryRule = base.entryRule;
  return family;
}
