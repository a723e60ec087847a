// The internal shape of a method: its public definition plus the kernel that validates, counts and
// settles selections, and (for 单式) the rule that checks one typed ticket.
import type { CoverageBudget } from './coverage-budget.ts';
import type { ResultView } from './result-view.ts';
import type {
  EntryFormat,
  MethodDefinition,
  PickValue,
  PositionChoice,
  PrizeLevel,
  QuickPick,
  RowOption,
  Selection,
  SelectionLayout,
  SelectionRow,
} from './types.ts';

/** A uniform random number in [0, 1). */
export type Rng = () => number;

/**
 * A validated selection: each row's picks as sorted distinct numbers (the number itself for number
 * rows, the option index for item rows such as 大/小/单/双), canonical 单式 entries, sorted positions.
 */
export interface NormalizedSelection {
  rows: number[][];
  entries: number[][];
  positions: number[];
}

/** Winning 注 per prize level (aligned with the method's levels) for one draw result. */
export type Evaluator = (view: ResultView) => number[];

export interface MethodKernel {
  /** Rules across rows (e.g. 胆码 and 拖码 must differ); throws LotteryError. */
  check?(selection: NormalizedSelection): void;
  /** 注数 by formula. */
  count(selection: NormalizedSelection): number;
  /**
   * Whether the selection wins at least one 注 on every possible result (such an order is refused):
   * decided by formula from the selection, never by settling it against every result. Searches of
   * typed lists spend their work from `budget` when one is given (an order's lines share it).
   */
  covers(selection: NormalizedSelection, budget?: CoverageBudget): boolean;
  /** Prepares a selection once for settling against many results. */
  compile(selection: NormalizedSelection): Evaluator;
  /** A small valid selection (机选), usually one 注. */
  random(rng: Rng): Selection;
}

/** Validates and canonicalises one 单式 ticket; null when it is not a valid ticket. */
export interface EntryRule {
  format: EntryFormat;
  canonical(numbers: readonly number[]): number[] | null;
}

/** A row as the engine sees it: numbers are kept as numbers, items map to their option index. */
export interface RowSpec extends SelectionRow {
  /** For number rows: the contiguous value range; null for item rows. */
  range: { min: number; max: number } | null;
}

/** What a method family contributes to a method: layout, levels, kernel and ticket space. */
export interface Family {
  rows: RowSpec[];
  entryRule?: EntryRule;
  /** Most typed tickets one line may hold, for lists whose coverage is searched (coverage-budget.ts). */
  maxEntries?: number;
  positions?: PositionChoice;
  notes?: string[];
  levels: PrizeLevel[];
  kernel: MethodKernel;
  ticketSpace: number;
  formula: string;
}

export interface MethodSpec extends MethodDefinition {
  layout: Omit<SelectionLayout, 'rows'> & { rows: readonly RowSpec[] };
  kernel: MethodKernel;
  entryRule?: EntryRule;
  maxEntries?: number;
}

const ALL_QUICK_PICKS: readonly QuickPick[] = ['全', '大', '小', '奇', '偶', '清'];

export interface RowOptions {
  minPicks?: number;
  maxPicks?: number;
  /** Labels as two digits (01 … 11). */
  twoDigit?: boolean;
  /** Override the label of each value. */
  labelOf?: (value: number) => string;
}

/** A row of consecutive numbers min…max. Quick picks are offered when the whole row may be picked. */
export function numberRow(label: string, min: number, max: number, options: RowOptions = {}): RowSpec {
  const size = max - min + 1;
  const minPicks = options.minPicks ?? 1;
  const maxPicks = options.maxPicks ?? size;
  const labelOf = options.labelOf ?? ((v: number) => (options.twoDigit ? String(v).padStart(2, '0') : String(v)));
  const opts: RowOption[] = [];
  for (let v = min; v <= max; v++) opts.push({ value: v, label: labelOf(v) });
  return {
    label,
    options: opts,
    minPicks,
    maxPicks,
    quickPicks: maxPicks >= size && size >= 4 ? ALL_QUICK_PICKS : [],
    range: { min, max },
  };
}

export const digitRow = (label: string, options: RowOptions = {}): RowSpec => numberRow(label, 0, 9, options);

/** 全包 and 清 alone, for item rows whose whole row is a bet players make (快3 三同号单选 111 … 666). */
export const WHOLE_ROW_PICKS: readonly QuickPick[] = ['全', '清'];

/**
 * A row of named items (大/小/单/双, 龙/虎/和, 111 … 666); picks are normalised to the item's index.
 * No quick picks unless given: on most item rows (大小单双, 龙虎和) the whole row wins on every draw.
 */
export function itemRow(
  label: string,
  items: readonly RowOption[],
  options: { minPicks?: number; maxPicks?: number; quickPicks?: readonly QuickPick[] } = {},
): RowSpec {
  return {
    label,
    options: items,
    minPicks: options.minPicks ?? 1,
    maxPicks: options.maxPicks ?? items.length,
    quickPicks: options.quickPicks ?? [],
    range: null,
  };
}

export const namedItems = (names: readonly string[]): RowOption[] => names.map((name) => ({ value: name, label: name }));

/** The values a quick-pick button selects in a row (大 = upper half, 小 = lower half, 奇/偶 by value). */
export function quickPickValues(row: SelectionRow, button: QuickPick): PickValue[] {
  const values = row.options.map((o) => o.value);
  const half = Math.floor(values.length / 2);
  switch (button) {
    case '全':
      return values;
    case '大':
      return values.slice(half);
    case '小':
      return values.slice(0, half);
    case '奇':
      return values.filter((v) => typeof v === 'number' && v % 2 === 1);
    case '偶':
      return values.filter((v) => typeof v === 'number' && v % 2 === 0);
    case '清':
      return [];
  }
}

export function level(id: string, name: string, count: number, total: number): PrizeLevel {
  return { id, name, count, total };
}

export function positionChoice(labels: readonly string[], k: number): PositionChoice {
  return { labels, minPositions: k, defaultPositions: labels.map((_, i) => i).slice(labels.length - k) };
}

/** Picks `k` distinct values from `values` uniformly. */
export function sample<T>(rng: Rng, values: readonly T[], k: number): T[] {
  const pool = values.slice();
  const picked: T[] = [];
  for (let i = 0; i < k && pool.length > 0; i++) {
    const index = Math.floor(rng() * pool.length);
    picked.push(pool.splice(index, 1)[0]!);
  }
  return picked;
}

export const range = (min: number, max: number): number[] => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** Random picks for each row: `counts[i]` distinct options of row i, as the values a player sends. */
export function randomRows(rng: Rng, rows: readonly RowSpec[], counts: readonly number[] = rows.map((r) => r.minPicks)): (number | string)[][] {
  return rows.map((row, i) => sample(rng, row.options, counts[i]!).map((o) => o.value));
}
