// The engine's operations on selections and results, shared by the PWA and the server.
import { resultFormatFor, type DrawResult } from '../result.ts';
import type { BetMode, Money } from '../../money.ts';
import { LotteryError } from '../errors.ts';
import { chargeEntries, TOO_MANY_TICKETS_MESSAGE, type CoverageBudget } from './coverage-budget.ts';
import { methodLimits } from './limits.ts';
import type { Evaluator, MethodSpec, NormalizedSelection, Rng } from './method-spec.ts';
import { assertMultiplier, assertPrizeGroup, isFixedPrize, rebate, stake } from './pricing.ts';
import { methodSpec, methodsOf, resolveDrawType } from './registry.ts';
import { createResultView, type ResultView } from './result-view.ts';
import { normalizeSelection } from './selection.ts';
import { parseEntries } from './tickets.ts';
import type { MethodDefinition, MethodTreeGroup, ParsedTickets, Selection } from './types.ts';

function countNormalized(spec: MethodSpec, selection: NormalizedSelection): number {
  const bets = spec.kernel.count(selection);
  if (bets < 1) throw new LotteryError('INVALID_SELECTION', '所选号码不足以组成一注');
  return bets;
}

export const COVERS_ALL_MESSAGE = '所选号码已覆盖全部开奖结果，请减少选号';

export interface CountOptions {
  /** The order's share of coverage work, when the line is one of an order's (coverage-budget.ts). */
  coverageBudget?: CoverageBudget;
}

/** 注数 of a selection, by formula; refuses a selection that would win on every result (coverage rule); throws LotteryError (Chinese message) when invalid or over the limit. */
export function count(code: string, methodId: string, selection: Selection, options: CountOptions = {}): number {
  const spec = methodSpec(code, methodId);
  // Lists whose coverage is searched are capped, and charged to the order, before they are read.
  if (spec.maxEntries !== undefined && Array.isArray(selection?.entries)) {
    if (selection.entries.length > spec.maxEntries) throw new LotteryError('TOO_MANY_BETS', TOO_MANY_TICKETS_MESSAGE);
    chargeEntries(options.coverageBudget, selection.entries.length);
  }
  const normalized = normalizeSelection(spec, selection);
  const bets = countNormalized(spec, normalized);
  if (spec.kernel.covers(normalized, options.coverageBudget)) throw new LotteryError('COVERS_ALL_OUTCOMES', COVERS_ALL_MESSAGE);
  const { maxBets } = methodLimits(code, methodId);
  if (bets > maxBets) throw new LotteryError('TOO_MANY_BETS', `注数超过上限：本玩法每单最多${maxBets}注`);
  return bets;
}

/** Splits 单式 text into valid, invalid and duplicate tickets. */
export function parseTickets(code: string, methodId: string, text: string): ParsedTickets {
  const spec = methodSpec(code, methodId);
  if (!spec.entryRule) throw new LotteryError('INVALID_SELECTION', '该玩法不支持单式输入');
  return parseEntries(typeof text === 'string' ? text : '', spec.entryRule);
}

/** A draw result checked and prepared once for settling many bets of one draw type. */
export interface PreparedResult {
  drawType: string;
  view: ResultView;
}

export function prepareResult(code: string, result: DrawResult): PreparedResult {
  const info = resolveDrawType(code);
  return { drawType: code, view: createResultView(result, resultFormatFor(info.category, code)) };
}

/** A selection validated and compiled once; `evaluate` settles it against prepared results. */
export interface CompiledBet {
  drawType: string;
  methodId: string;
  bets: number;
  evaluate(result: PreparedResult): number[];
}

export function compileBet(code: string, methodId: string, selection: Selection): CompiledBet {
  const spec = methodSpec(code, methodId);
  const normalized = normalizeSelection(spec, selection);
  const bets = countNormalized(spec, normalized);
  const evaluator: Evaluator = spec.kernel.compile(normalized);
  return {
    drawType: code,
    methodId,
    bets,
    evaluate(result) {
      if (result.drawType !== code) throw new LotteryError('INVALID_RESULT', '开奖号码与彩种不符');
      return evaluator(result.view);
    },
  };
}

/**
 * Winning 注 per prize level (aligned with the method's `levels`) for a draw result given as the
 * numbers drawn in order. Limits are not applied: an accepted order is always settled.
 */
export function evaluate(code: string, methodId: string, selection: Selection, result: DrawResult): number[] {
  return compileBet(code, methodId, selection).evaluate(prepareResult(code, result));
}

/** Settles many bets of one draw type against one result, preparing the result once. */
export function evaluateMany(code: string, bets: readonly { methodId: string; selection: Selection }[], result: DrawResult): number[][] {
  const prepared = prepareResult(code, result);
  return bets.map((bet) => compileBet(code, bet.methodId, bet.selection).evaluate(prepared));
}

const definitions = new WeakMap<MethodSpec, MethodDefinition>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** One method's definition as plain, frozen data (layout, levels, help, formula, result it reads). */
export function getMethod(code: string, methodId: string): MethodDefinition {
  const spec = methodSpec(code, methodId);
  let definition = definitions.get(spec);
  if (!definition) {
    const { kernel: _kernel, entryRule: _entryRule, layout, ...data } = spec;
    // A private copy: the definition is plain data and shares nothing with the kernels or result.ts.
    const copy = JSON.parse(JSON.stringify({ ...data, layout: { ...layout, rows: layout.rows.map(({ range: _range, ...row }) => row) } }));
    definition = deepFreeze(copy as MethodDefinition);
    definitions.set(spec, definition);
  }
  return definition;
}

/** The method tree of a draw type: groups → sub-groups → methods, in display order ([] when no regular mode). */
export function methodTree(code: string): MethodTreeGroup[] {
  const groups: { name: string; subGroups: { name: string; methods: { id: string; name: string }[] }[] }[] = [];
  for (const spec of methodsOf(code)) {
    let group = groups.find((g) => g.name === spec.group);
    if (!group) groups.push((group = { name: spec.group, subGroups: [] }));
    let sub = group.subGroups.find((s) => s.name === spec.subGroup);
    if (!sub) group.subGroups.push((sub = { name: spec.subGroup, methods: [] }));
    sub.methods.push({ id: spec.id, name: spec.name });
  }
  return groups;
}

/** Every method id of a draw type, in tree order. */
export function methodIds(code: string): string[] {
  return methodsOf(code).map((m) => m.id);
}

/** 机选: a random valid selection (usually a single 注). `rng` returns numbers in [0, 1). */
export function randomSelection(code: string, methodId: string, rng: Rng = Math.random): Selection {
  const spec = methodSpec(code, methodId);
  const selection = spec.kernel.random(rng);
  countNormalized(spec, normalizeSelection(spec, selection));
  return selection;
}

export interface OrderLine {
  selection: Selection;
  mode: BetMode;
  multiplier: number;
  /** Prize group of the order; required for prize-group categories, ignored by fixed-prize ones. */
  prizeGroup?: number;
  /** The player's own prize group; the difference to `prizeGroup` is paid as rebate. */
  userPrizeGroup?: number;
  /** The order's share of coverage work, shared by all its lines (coverage-budget.ts). */
  coverageBudget?: CoverageBudget;
}

export interface OrderQuote {
  bets: number;
  stake: Money;
  rebate: Money;
}

/** Checks one order line against every limit of its method and prices it. */
export function quoteOrder(code: string, methodId: string, line: OrderLine): OrderQuote {
  const bets = count(code, methodId, line.selection, line.coverageBudget ? { coverageBudget: line.coverageBudget } : {});
  const limits = methodLimits(code, methodId);
  assertMultiplier(line.multiplier, limits.maxMultiplier);
  const amount = stake(bets, line.mode, line.multiplier);
  if (isFixedPrize(code) || !limits.prizeGroup) return { bets, stake: amount, rebate: 0 };
  const group = assertPrizeGroup(line.prizeGroup);
  if (group < limits.prizeGroup.min || group > limits.prizeGroup.max) {
    throw new LotteryError('INVALID_PRIZE_GROUP', `奖金组必须在${limits.prizeGroup.min}至${limits.prizeGroup.max}之间`);
  }
  const userGroup = line.userPrizeGroup ?? group;
  return { bets, stake: amount, rebate: rebate(amount, userGroup, group) };
}
