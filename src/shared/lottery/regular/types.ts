// Public data types of the regular-mode (官方玩法) engine: method definitions, selections and prizes.
import type { Money } from '../../money.ts';
import type { ResultFormat } from '../result.ts';

/** One pick in a row: a number (digit, ball, sum …) or a named item such as 大/小/单/双 or 龙/虎/和. */
export type PickValue = number | string;

/**
 * What a player selected for one order line.
 * - `rows`: picks per row of the method's layout, in layout order (复式, 和值, 胆拖 …).
 * - `entries`: explicit single tickets for 单式 methods, each an array of numbers.
 * - `positions`: ticked positions (0 = first position of the draw, e.g. 万位) for 任选 methods.
 */
export interface Selection {
  rows?: readonly (readonly PickValue[])[];
  entries?: readonly (readonly number[])[];
  positions?: readonly number[];
}

/** The quick-pick buttons above a row of numbers. */
export type QuickPick = '全' | '大' | '小' | '奇' | '偶' | '清';

export interface RowOption {
  value: PickValue;
  label: string;
}

export interface SelectionRow {
  /** Row label shown to the player: 万位, 二重号, 胆码, 和值 … */
  label: string;
  options: readonly RowOption[];
  minPicks: number;
  maxPicks: number;
  /** Quick-pick buttons offered for this row (empty when none apply). */
  quickPicks: readonly QuickPick[];
}

/** 单式 (text entry) format: how many numbers one ticket has and their ranges. */
export interface EntryFormat {
  /** Numbers per ticket. */
  length: number;
  /** Ranges per zone; two zones for 双色球/大乐透 (red/blue, front/back). */
  zones: readonly { size: number; min: number; max: number; distinct: boolean }[];
  /** Numbers are written as two digits (01–11) rather than single digits (0–9). */
  twoDigit: boolean;
  /** Whether the order of the numbers matters (直选) or not (组选, 任选): decides de-duplication. */
  ordered: boolean;
  /** Plain-language description of one valid ticket, shown under the text box. */
  hint: string;
}

/** Position checkboxes of SSC 任选 methods. */
export interface PositionChoice {
  labels: readonly string[];
  /** At least this many positions must be ticked (the k of 任k). */
  minPositions: number;
  defaultPositions: readonly number[];
}

export interface SelectionLayout {
  /** Rows of numbers or items to pick from; empty for pure 单式 methods. */
  rows: readonly SelectionRow[];
  /** Present when the method is played by 单式 text entry. */
  entry?: EntryFormat;
  positions?: PositionChoice;
  /** Layout rules beyond per-row limits, in Chinese, for the method's help panel. */
  notes: readonly string[];
}

/** One prize level: its probability for one 注 is count/total. */
export interface PrizeLevel {
  id: string;
  name: string;
  /** Winning outcomes per 注 (regular methods), out of `total`. 0 for fixed-prize patterns. */
  count: number;
  total: number;
}

export interface MethodHelp {
  /** 玩法说明 */
  rule: string;
  /** 示例 */
  example: string;
}

/** Which numbers of the draw result a method reads. */
export interface ResultReading {
  format: ResultFormat;
  /** Indices into the result that decide the bet (empty when the whole result is read). */
  positions: readonly number[];
  description: string;
}

export interface MethodDefinition {
  id: string;
  /** Name inside its sub-group, e.g. 复式. */
  name: string;
  /** Name on tickets and order lists, e.g. 五星直选复式. */
  fullName: string;
  group: string;
  subGroup: string;
  layout: SelectionLayout;
  levels: readonly PrizeLevel[];
  help: MethodHelp;
  /** 注数 formula in the notation of the domain reference. */
  betCountFormula: string;
  reads: ResultReading;
  /** Number of distinct single 注 the method offers (the whole ticket space). */
  ticketSpace: number;
}

export interface MethodTreeSubGroup {
  name: string;
  methods: readonly { id: string; name: string }[];
}
export interface MethodTreeGroup {
  name: string;
  subGroups: readonly MethodTreeSubGroup[];
}

/** Outcome of parsing 单式 text. */
export interface ParsedTickets {
  /** Valid, de-duplicated tickets in input order (unordered methods: numbers sorted). */
  entries: number[][];
  /** Pieces of text that are not a valid ticket, as typed. */
  invalid: string[];
  /** Valid tickets that repeat an earlier one, as typed. */
  duplicates: string[];
  /** One Chinese message per invalid piece, in the order of `invalid`: why it is not a valid ticket. */
  problems: { text: string; message: string }[];
}

/** Context that selects the fixed prize table of an official game (双色球, 大乐透, 快乐8). */
export interface PrizeContext {
  /** The draw's issue number; versions switch by issue (reference §3). Default: the newest version. */
  issue?: string;
  /** 双色球 2026 特别规定 in force for this issue (enables 福运奖). */
  specialProvisions?: boolean;
  /** 大乐透 2026: the prize pool was at least 8亿 before the draw (upgraded fixed prizes). */
  highPool?: boolean;
}

export interface LevelPrize {
  level: string;
  name: string;
  /** Prize of one 2-元 注 in 元 mode, in 0.0001 元 (floored). */
  prize: Money;
  /** A floating official prize, paid at the operator's configured fixed amount. */
  floating: boolean;
}

export interface MethodLimits {
  /** Allowed prize groups; null for the fixed-prize categories (快乐8, 双色球, 大乐透: no slider). */
  prizeGroup: { min: number; max: number } | null;
  maxMultiplier: number;
  maxBets: number;
  maxPayoutPerOrder: Money;
  maxPayoutPerIssue: Money;
}

export interface Payout {
  /** Before the per-order cap. */
  gross: Money;
  /** After the per-order cap. */
  amount: Money;
  capped: boolean;
}
