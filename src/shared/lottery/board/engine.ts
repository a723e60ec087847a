// Resolves a draw type and its settings into one board (model, rules, odds, rebates, limits) and
// validates and settles bets against it. Category modules only describe rules; this file is the
// single place that turns a verdict into money.
import { findDrawType, type DrawTypeInfo } from '../../catalogue/draw-types.ts';
import { allPlayModes } from '../../catalogue/play-modes.ts';
import { formatYuan, multiplyMoney, type Money } from '../../money.ts';
import { LotteryError } from '../errors.ts';
import { isValidResult, resultFormatFor, type DrawResult } from '../result.ts';
import { combinations } from './combinatorics.ts';
import { zodiacYearOf } from './mark6-zodiac.ts';
import { payoutFor, rebateFor } from './odds.ts';
import { boardModelFor } from './registry.ts';
import { assertSafeReturns } from './safety.ts';
import {
  BOARD_RULE_KEYS,
  MAX_ODDS,
  MAX_REBATE,
  MIN_ODDS,
  RULE_DEFINITIONS,
  defaultRules,
  type BoardRules,
  type BoardSettings,
} from './settings.ts';
import type {
  BoardBetType,
  BoardEnv,
  BoardModel,
  Odds,
  OddsKey,
  OddsTable,
  Outcome,
  PickBetType,
  PickId,
  StakeLimits,
  Verdict,
} from './types.ts';

/** One board bet: an item id, or a list for multi-pick bet types; `stake` is per combination. */
export interface BoardBet {
  readonly betTypeId: string;
  readonly selection: string | readonly PickId[];
  readonly stake: Money;
}

export interface ValidatedBoardBet {
  readonly betTypeId: string;
  readonly betTypeName: string;
  /** The item id (item bets) or the normalised pick list (multi-pick bets). */
  readonly selection: string | readonly PickId[];
  /** What is settled separately: the item, or every combination of the picks. */
  readonly combinations: readonly (string | readonly PickId[])[];
  readonly stake: Money;
  readonly totalStake: Money;
}

export interface CombinationSettlement {
  readonly selection: string | readonly PickId[];
  readonly outcome: Outcome;
  /** Set on a win: the odds level paid and its odds. */
  readonly oddsKey?: OddsKey;
  readonly odds?: Odds;
  /** Returned to the player, stake included (a refund on PUSH, 0 on LOSE). */
  readonly payout: Money;
}

export interface BoardSettlement {
  readonly betTypeId: string;
  /** WIN if any combination wins; PUSH if every combination is refunded; else LOSE. */
  readonly outcome: Outcome;
  readonly totalStake: Money;
  readonly payout: Money;
  /** The part of `payout` that is stake given back on pushed combinations (和局退还本金), not a win. */
  readonly refund: Money;
  /** 退水 on the stake of combinations that were not refunded. */
  readonly rebate: Money;
  readonly combinations: readonly CombinationSettlement[];
}

/** A draw type's board with its settings applied. */
export interface Board {
  readonly drawType: DrawTypeInfo;
  readonly model: BoardModel<unknown>;
  readonly env: BoardEnv;
  readonly odds: OddsTable;
  readonly rebates: Readonly<Record<string, number>>;
  readonly limits: Readonly<Record<string, StakeLimits>>;
  betType(id: string): BoardBetType<unknown>;
  oddsOf(betTypeId: string, key: OddsKey): Odds;
}

function settingsError(message: string): LotteryError {
  return new LotteryError('INVALID_BOARD_SETTINGS', message);
}

function resolveRules(drawType: DrawTypeInfo, overrides: Partial<BoardRules> | undefined): BoardRules {
  const rules: Record<string, string> = { ...defaultRules(drawType) };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    const definition = (RULE_DEFINITIONS as Record<string, { values: Record<string, string> }>)[key];
    if (!definition || !BOARD_RULE_KEYS.includes(key as keyof BoardRules)) throw settingsError(`未知的盘口规则：${key}`);
    if (typeof value !== 'string' || !(value in definition.values)) throw settingsError(`盘口规则 ${key} 的取值无效：${String(value)}`);
    rules[key] = value;
  }
  return rules as unknown as BoardRules;
}

function isSafePositive(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Opens the board of a draw type. `drawDate` (YYYY-MM-DD) is required for 六合彩 (生肖 table). */
export function openBoard(drawTypeCode: string, settings?: BoardSettings, drawDate?: string): Board {
  const drawType = findDrawType(drawTypeCode);
  if (!drawType) throw new LotteryError('UNKNOWN_DRAW_TYPE', `未知的彩种：${drawTypeCode}`);
  if (!allPlayModes(drawType).includes('BOARD')) {
    throw new LotteryError('BOARD_NOT_AVAILABLE', `${drawType.name}不提供信用玩法`);
  }
  const model = boardModelFor(drawType);
  let zodiac;
  if (model.category === 'MARK6') {
    if (drawDate === undefined) throw new LotteryError('INVALID_DRAW_DATE', '六合彩需提供开奖日期以确定生肖');
    zodiac = zodiacYearOf(drawDate);
  }
  const env: BoardEnv = { drawType, rules: resolveRules(drawType, settings?.rules), zodiac };
  const defaults = model.defaults(env);
  const byId = new Map(model.betTypes.map((betType) => [betType.id, betType]));
  const knownBetType = (id: string, what: string): BoardBetType<unknown> => {
    const betType = byId.get(id);
    if (!betType) throw settingsError(`${what}设置中的玩法不存在：${id}`);
    return betType;
  };

  const odds: Record<string, Record<string, Odds>> = {};
  for (const [id, levels] of Object.entries(defaults.odds)) odds[id] = { ...levels };
  for (const [id, overrides] of Object.entries(settings?.odds ?? {})) {
    const betType = knownBetType(id, '赔率');
    const keys = new Set(betType.levels(env).map((level) => level.key));
    for (const [key, value] of Object.entries(overrides)) {
      if (!keys.has(key)) throw settingsError(`${betType.name}没有赔率项：${key}`);
      if (!Number.isSafeInteger(value) || value < MIN_ODDS || value > MAX_ODDS) {
        throw settingsError(`${betType.name}的赔率无效：${String(value)}（应为不低于1的万分之一整数）`);
      }
      (odds[id] ??= {})[key] = value;
    }
  }

  const rebates: Record<string, number> = { ...defaults.rebates };
  for (const [id, value] of Object.entries(settings?.rebates ?? {})) {
    const betType = knownBetType(id, '退水');
    if (!Number.isSafeInteger(value) || value < 0 || value > MAX_REBATE) {
      throw settingsError(`${betType.name}的退水无效：${String(value)}（0～${MAX_REBATE / 100}%）`);
    }
    rebates[id] = value;
  }

  const limits: Record<string, StakeLimits> = { ...defaults.limits };
  for (const [id, value] of Object.entries(settings?.limits ?? {})) {
    const betType = knownBetType(id, '限额');
    const base = limits[id];
    const merged = { min: value.min ?? base?.min, max: value.max ?? base?.max };
    if (!isSafePositive(merged.min) || !isSafePositive(merged.max) || merged.min > merged.max) {
      throw settingsError(`${betType.name}的限额无效`);
    }
    limits[id] = { min: merged.min, max: merged.max };
  }

  const board: Board = {
    drawType,
    model: model as BoardModel<unknown>,
    env,
    odds,
    rebates,
    limits,
    betType(id) {
      const betType = byId.get(id);
      if (!betType) throw new LotteryError('UNKNOWN_BET_TYPE', `未知的玩法：${id}`);
      return betType as BoardBetType<unknown>;
    },
    oddsOf(betTypeId, key) {
      const value = odds[betTypeId]?.[key];
      if (value === undefined) throw new Error(`board odds missing: ${drawType.code} ${betTypeId} ${key}`);
      return value;
    },
  };
  // Overridden odds or rebates must keep every bet below 100 % RTP (rebate included).
  assertSafeReturns(board, [...Object.keys(settings?.odds ?? {}), ...Object.keys(settings?.rebates ?? {})]);
  return board;
}

function selectionError(message: string): LotteryError {
  return new LotteryError('INVALID_SELECTION', message);
}

function picksText(betType: PickBetType<unknown>): string {
  const { min, max } = betType.picks;
  return min === max ? `${min}个` : `${min}～${max}个`;
}

/** Checks picks against the bet type and returns them in canonical order (unordered types sorted). */
function normalisePicks(board: Board, betType: PickBetType<unknown>, selection: unknown): PickId[] {
  if (!Array.isArray(selection)) throw selectionError(`${betType.name}需选择${picksText(betType)}号码`);
  const values = betType.values(board.env);
  const order = new Map(values.map((value, index) => [value.id, index]));
  for (const pick of selection as unknown[]) {
    if (!order.has(pick as PickId)) throw selectionError(`${betType.name}的选号无效：${String(pick)}`);
  }
  const picks = selection as PickId[];
  if (picks.length < betType.picks.min || picks.length > betType.picks.max) {
    throw selectionError(`${betType.name}需选择${picksText(betType)}号码，当前${picks.length}个`);
  }
  if (!betType.repeats && new Set(picks).size !== picks.length) throw selectionError(`${betType.name}的号码不能重复`);
  return betType.ordered ? [...picks] : [...picks].sort((a, b) => (order.get(a) as number) - (order.get(b) as number));
}

export function validateOn(board: Board, bet: BoardBet): ValidatedBoardBet {
  if (bet === null || typeof bet !== 'object' || typeof bet.betTypeId !== 'string') {
    throw new LotteryError('UNKNOWN_BET_TYPE', '注单缺少玩法');
  }
  const betType = board.betType(bet.betTypeId);
  let selection: string | PickId[];
  let combos: (string | readonly PickId[])[];
  if (betType.kind === 'ITEM') {
    const items = betType.items(board.env);
    if (typeof bet.selection !== 'string' || !items.some((item) => item.id === bet.selection)) {
      throw selectionError(`${betType.name}的投注项无效：${String(bet.selection)}`);
    }
    selection = bet.selection;
    combos = [selection];
  } else {
    selection = normalisePicks(board, betType, bet.selection);
    combos = betType.comboSize === undefined ? [selection] : combinations(selection, betType.comboSize);
  }

  const { stake } = bet;
  if (!isSafePositive(stake)) throw new LotteryError('INVALID_STAKE', '投注金额必须为正整数（单位为0.0001元）');
  const limits = board.limits[betType.id];
  if (!limits) throw new Error(`board limits missing: ${betType.id}`);
  if (stake < limits.min) throw new LotteryError('INVALID_STAKE', `${betType.name}单注金额不能低于${formatYuan(limits.min)}元`);
  if (stake > limits.max) throw new LotteryError('INVALID_STAKE', `${betType.name}单注金额不能高于${formatYuan(limits.max)}元`);

  return {
    betTypeId: betType.id,
    betTypeName: betType.name,
    selection,
    combinations: combos,
    stake,
    totalStake: multiplyMoney(stake, combos.length),
  };
}

/** The verdict of one item or combination of a bet type on a derived draw context. */
function judgeOn(board: Board, betType: BoardBetType<unknown>, selection: string | readonly PickId[], ctx: unknown): Verdict {
  return betType.kind === 'ITEM'
    ? betType.judge(selection as string, ctx, board.env)
    : betType.judge(selection as readonly PickId[], ctx, board.env);
}

export function deriveOn(board: Board, result: DrawResult): unknown {
  if (!Array.isArray(result) || !isValidResult(result, resultFormatFor(board.drawType.category, board.drawType.code))) {
    throw new LotteryError('INVALID_RESULT', `${board.drawType.name}的开奖号码格式不正确`);
  }
  return board.model.derive(result, board.env);
}

/**
 * The rebate a bet earns if none of its combinations pushes (what evaluateOn credits then): known at
 * placement, so that a board bet that only lost needs nothing written at settlement.
 */
export function promisedRebateOn(board: Board, checked: ValidatedBoardBet): Money {
  return multiplyMoney(rebateFor(checked.stake, board.rebates[checked.betTypeId] ?? 0), checked.combinations.length);
}

export function evaluateOn(board: Board, bet: BoardBet, result: DrawResult): BoardSettlement {
  const checked = validateOn(board, bet);
  const ctx = deriveOn(board, result);
  const betType = board.betType(checked.betTypeId);
  const rebateRate = board.rebates[betType.id] ?? 0;
  let payout = 0;
  let rebate = 0;
  let wins = 0;
  let pushes = 0;
  let refund = 0;
  const settled: CombinationSettlement[] = checked.combinations.map((selection) => {
    const verdict = judgeOn(board, betType, selection, ctx);
    if (verdict.outcome === 'PUSH') {
      pushes++;
      payout += checked.stake;
      refund += checked.stake;
      return { selection, outcome: 'PUSH', payout: checked.stake };
    }
    rebate += rebateFor(checked.stake, rebateRate);
    if (verdict.outcome !== 'WIN') return { selection, outcome: 'LOSE', payout: 0 };
    wins++;
    const odds = board.oddsOf(betType.id, verdict.oddsKey);
    const amount = payoutFor(checked.stake, odds);
    payout += amount;
    return { selection, outcome: 'WIN', oddsKey: verdict.oddsKey, odds, payout: amount };
  });
  const outcome: Outcome = wins > 0 ? 'WIN' : pushes === settled.length ? 'PUSH' : 'LOSE';
  return { betTypeId: betType.id, outcome, totalStake: checked.totalStake, payout, refund, rebate, combinations: settled };
}
