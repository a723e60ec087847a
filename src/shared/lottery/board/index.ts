// Board (信用/盘口) mode: odds betting on 时时彩, 11选5, PK10, PC蛋蛋, 六合彩 and 快乐8 draws, and the dice
// products (骰宝). Every export is prefixed `board` so it never clashes with the regular engine.
import type { Money } from '../../money.ts';
import type { DrawResult } from '../result.ts';
import { catalogueOf, type BoardCatalogue } from './catalogue.ts';
import {
  evaluateOn,
  openBoard,
  promisedRebateOn,
  validateOn,
  type Board,
  type BoardBet,
  type BoardSettlement,
  type ValidatedBoardBet,
} from './engine.ts';
import { rtpReportOf, type BoardRtpReport } from './rtp.ts';
import type { BoardSettings } from './settings.ts';

export type { Board, BoardBet, BoardSettlement, CombinationSettlement, ValidatedBoardBet } from './engine.ts';
export type {
  BoardBetTypeView,
  BoardCatalogue,
  BoardGroupView,
  BoardItemView,
  BoardOddsLevelView,
  BoardPickView,
  BoardRuleView,
} from './catalogue.ts';
export type { BoardBetTypeRtp, BoardLevelProbability, BoardRtpEntry, BoardRtpReport } from './rtp.ts';
export type { BoardRuleKey, BoardRules, BoardSettings, RuleDefinition as BoardRuleDefinition } from './settings.ts';
export type {
  BoardCategory,
  Odds as BoardOdds,
  OddsKey as BoardOddsKey,
  Outcome as BoardOutcome,
  PickId as BoardPickId,
  StakeLimits as BoardStakeLimits,
} from './types.ts';
export type { ZodiacId as Mark6ZodiacId, ZodiacYear as Mark6ZodiacYear } from './mark6-zodiac.ts';
export type { Rational as BoardRational } from './rational.ts';
export { BOARD_RULE_KEYS, RULE_DEFINITIONS as BOARD_RULE_DEFINITIONS, defaultRules as defaultBoardRules } from './settings.ts';
export { ODDS_SCALE as BOARD_ODDS_SCALE, formatOdds as formatBoardOdds, odds as parseBoardOdds } from './odds.ts';
export { compareRational as compareBoardRational, formatPercent as formatBoardPercent } from './rational.ts';
export { ZODIACS as MARK6_ZODIACS, zodiacYearOf as mark6ZodiacYearOf } from './mark6-zodiac.ts';
export { pc28Digits as derivePc28Digits } from './pc28.ts';
export { boardCategoryOf } from './registry.ts';

/** A draw type's board with settings applied, for settling many bets without re-resolving it. */
export interface BoardEngine {
  readonly board: Board;
  catalogue(): BoardCatalogue;
  validate(bet: BoardBet): ValidatedBoardBet;
  /** The rebate of a validated bet that loses every combination (no push). */
  promisedRebate(bet: ValidatedBoardBet): Money;
  evaluate(bet: BoardBet, result: DrawResult): BoardSettlement;
  rtp(): BoardRtpReport;
}

/** Opens a draw type's board; `drawDate` (YYYY-MM-DD, Beijing time) is required for 六合彩 (生肖). */
export function boardEngine(drawType: string, settings?: BoardSettings, drawDate?: string): BoardEngine {
  const board = openBoard(drawType, settings, drawDate);
  return {
    board,
    catalogue: () => catalogueOf(board),
    validate: (bet) => validateOn(board, bet),
    promisedRebate: (bet) => promisedRebateOn(board, bet),
    evaluate: (bet, result) => evaluateOn(board, bet, result),
    rtp: () => rtpReportOf(board),
  };
}

/** The board of a draw type for the board UI: tabs, bet types, items, current odds, limits, rules. */
export function boardCatalogue(drawType: string, settings?: BoardSettings, drawDate?: string): BoardCatalogue {
  return boardEngine(drawType, settings, drawDate).catalogue();
}

/** Checks a bet (bet type, selection, stake per combination within limits); throws LotteryError. */
export function validateBoardBet(drawType: string, bet: BoardBet, settings?: BoardSettings, drawDate?: string): ValidatedBoardBet {
  return boardEngine(drawType, settings, drawDate).validate(bet);
}

/** Settles a bet against a draw result: WIN / LOSE / PUSH and the amount returned, in 0.0001 元. */
export function evaluateBoardBet(
  drawType: string,
  bet: BoardBet,
  result: DrawResult,
  settings?: BoardSettings,
  drawDate?: string,
): BoardSettlement {
  return boardEngine(drawType, settings, drawDate).evaluate(bet, result);
}

/**
 * Checks operator settings before they are stored or used: known rules, bet types and odds levels,
 * valid values, and every bet type whose odds or 退水 were changed keeps its RTP (rebate included)
 * below 100 % by exact enumeration. Throws LotteryError INVALID_BOARD_SETTINGS with a Chinese message.
 * `boardEngine` (and every function here) applies the same check whenever settings are passed.
 */
export function validateBoardSettings(drawType: string, settings: BoardSettings, drawDate?: string): void {
  openBoard(drawType, settings, drawDate);
}

/** Exact return to player of every bet type under the current odds, for the back office. */
export function boardRtp(drawType: string, settings?: BoardSettings, drawDate?: string): BoardRtpReport {
  return boardEngine(drawType, settings, drawDate).rtp();
}
