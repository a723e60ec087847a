// The shapes every board (信用/盘口) category module fills in. A category module knows how to read a
// draw (derive), which bet types it offers, how each bet type settles (judge), and over which
// weighted outcome space its return to player is enumerated (space). Everything else — validation,
// payouts, rebates, catalogue, RTP — is generic and lives beside this file.
import type { DrawTypeInfo } from '../../catalogue/draw-types.ts';
import type { Money } from '../../money.ts';
import type { DrawResult } from '../result.ts';
import type { BoardRules } from './settings.ts';
import type { ZodiacYear } from './mark6-zodiac.ts';

/** The board-mode families: the lottery categories with a board, plus the dice product (骰宝). */
export type BoardCategory = 'SSC' | 'TAKE_5_OF_11' | 'PK10' | 'PC_EGG' | 'MARK6' | 'KENO' | 'DICE';

/** Decimal odds including the stake, as an integer of 1/10000 (1.98 → 19800). */
export type Odds = number;
/** Names one odds level of a bet type (an item id, or a level such as 中二 / 中三). */
export type OddsKey = string;
/** Odds per bet type id, per odds key. */
export type OddsTable = Readonly<Record<string, Readonly<Record<OddsKey, Odds>>>>;

/** One value of a multi-pick selection: a number (digit, ball, tail, die face) or an id (生肖). */
export type PickId = number | string;

export type Outcome = 'WIN' | 'LOSE' | 'PUSH';
export interface WinVerdict {
  readonly outcome: 'WIN';
  readonly oddsKey: OddsKey;
}
export interface NoWinVerdict {
  readonly outcome: 'LOSE' | 'PUSH';
}
/** How one bet (or one combination of a multi-pick bet) settles against one draw. */
export type Verdict = WinVerdict | NoWinVerdict;

export const LOSE: NoWinVerdict = Object.freeze({ outcome: 'LOSE' });
/** 和局: the stake is refunded. */
export const PUSH: NoWinVerdict = Object.freeze({ outcome: 'PUSH' });
const winVerdicts = new Map<OddsKey, WinVerdict>();
/** A win paid at the odds of `oddsKey`; verdicts are shared objects so that enumeration allocates nothing. */
export function win(oddsKey: OddsKey): WinVerdict {
  let verdict = winVerdicts.get(oddsKey);
  if (!verdict) {
    verdict = Object.freeze({ outcome: 'WIN', oddsKey });
    winVerdicts.set(oddsKey, verdict);
  }
  return verdict;
}
/** WIN at `oddsKey` when `condition`, else LOSE. */
export function winIf(condition: boolean, oddsKey: OddsKey): Verdict {
  return condition ? win(oddsKey) : LOSE;
}

/** What a category's rules, zodiac table and draw type are for one catalogue / settlement. */
export interface BoardEnv {
  readonly drawType: DrawTypeInfo;
  readonly rules: BoardRules;
  /** 六合彩 only: the zodiac year of the draw date. */
  readonly zodiac: ZodiacYear | undefined;
}

/** A draw context (or its representative) with its number of equally likely draws. */
export interface Weighted<Ctx> {
  readonly ctx: Ctx;
  readonly weight: bigint;
}
export type WeightedSpace<Ctx> = readonly Weighted<Ctx>[];

export interface OddsLevel {
  readonly key: OddsKey;
  readonly name: string;
}

export interface StakeLimits {
  readonly min: Money;
  readonly max: Money;
}

interface BetTypeBase {
  /** Unique within a draw type; stable API identifier. */
  readonly id: string;
  /** Chinese name shown on the board. */
  readonly name: string;
  /** Chinese tab name the bet type is shown under. */
  readonly group: string;
  /** The odds levels the odds table holds for this bet type. */
  levels(env: BoardEnv): readonly OddsLevel[];
}

export interface BoardItem {
  readonly id: string;
  readonly name: string;
  /** The odds level the board shows next to the item. */
  readonly oddsKey: OddsKey;
}

/** One click = one bet: the selection is an item id (大, 龙, 07, 鼠 …). */
export interface ItemBetType<Ctx> extends BetTypeBase {
  readonly kind: 'ITEM';
  items(env: BoardEnv): readonly BoardItem[];
  judge(itemId: string, ctx: Ctx, env: BoardEnv): Verdict;
  /** The outcome space the item's return to player is enumerated over. */
  space(itemId: string, env: BoardEnv): WeightedSpace<Ctx>;
}

export interface PickValue {
  readonly id: PickId;
  readonly name: string;
}

/** A representative combination for the RTP table: every combination of its class settles alike. */
export interface RtpCase {
  readonly label: string;
  readonly combo: readonly PickId[];
}

/** The selection is a list (连码, 合肖, 连肖, 连尾, 不中, 定位, 组合 …). */
export interface PickBetType<Ctx> extends BetTypeBase {
  readonly kind: 'PICK';
  values(env: BoardEnv): readonly PickValue[];
  readonly picks: { readonly min: number; readonly max: number };
  /** When set, the selection is expanded into every combination of this size, each a bet of the stake. */
  readonly comboSize: number | undefined;
  /** Order matters: the i-th pick means the i-th position or role (定位, 二同号单选). */
  readonly ordered: boolean;
  /** A value may be picked more than once (定位 11, 二字组合 11, 三字组合 112). */
  readonly repeats: boolean;
  judge(combo: readonly PickId[], ctx: Ctx, env: BoardEnv): Verdict;
  cases(env: BoardEnv): readonly RtpCase[];
  space(combo: readonly PickId[], env: BoardEnv): WeightedSpace<Ctx>;
}

export type BoardBetType<Ctx> = ItemBetType<Ctx> | PickBetType<Ctx>;

/** Default odds, rebates and limits of a category under given rules. */
export interface BoardDefaults {
  readonly odds: OddsTable;
  /** 退水 per bet type in 1/10000 of the stake (50 = 0.5 %). */
  readonly rebates: Readonly<Record<string, number>>;
  readonly limits: Readonly<Record<string, StakeLimits>>;
}

export interface BoardModel<Ctx> {
  readonly category: BoardCategory;
  readonly betTypes: readonly BoardBetType<Ctx>[];
  /** Reads a well-formed draw result (format already checked) into the context bets are judged on. */
  derive(result: DrawResult, env: BoardEnv): Ctx;
  defaults(env: BoardEnv): BoardDefaults;
}
