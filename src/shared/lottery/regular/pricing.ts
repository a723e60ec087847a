// Prices: prize per level (prize group or fixed official table), stake, payout and rebate, all in
// integer 0.0001 元 with computed amounts floored (decisions §3).
import { BET_MODES, BET_UNIT_PRICE, regularStake, scaleMoney, type BetMode, type Money } from '../../money.ts';
import { LotteryError } from '../errors.ts';
import { officialReferenceAmount, versionFor } from './fixed-prizes.ts';
import { FIXED_PRIZE_CATEGORIES, floatingPrize, methodLimits, prizeVersionsOf } from './limits.ts';
import { methodSetOf, methodSpec, resolveDrawType } from './registry.ts';
import type { LevelPrize, Payout, PrizeContext, PrizeLevel } from './types.ts';

/** The classic amount of the prize-group model: G = 2000 returns 100 % (reference §0.2). */
export const CLASSIC_PRIZE_GROUP = 2000;

export function assertPrizeGroup(prizeGroup: unknown): number {
  if (typeof prizeGroup !== 'number' || !Number.isInteger(prizeGroup) || prizeGroup <= 0 || prizeGroup > CLASSIC_PRIZE_GROUP) {
    throw new LotteryError('INVALID_PRIZE_GROUP', `奖金组无效：${String(prizeGroup)}`);
  }
  return prizeGroup;
}

/** 2 × total / count × G / 2000 元 for one 2-元 注, floored to 0.0001 元. */
export function prizeAtGroup(level: PrizeLevel, prizeGroup: number): Money {
  return scaleMoney(BET_UNIT_PRICE, level.total * prizeGroup, level.count * CLASSIC_PRIZE_GROUP);
}

export function isFixedPrize(code: string): boolean {
  return FIXED_PRIZE_CATEGORIES.has(resolveDrawType(code).category);
}

/**
 * Prize per level of one 2-元 注 in 元 mode. Prize-group categories price every level from G; the
 * fixed-prize categories (快乐8, 双色球, 大乐透) ignore G and read the official table in force for
 * `context.issue`, with floating levels at the operator's configured amount.
 */
export function prizeTable(code: string, methodId: string, prizeGroup?: number, context: PrizeContext = {}): LevelPrize[] {
  const spec = methodSpec(code, methodId);
  if (!isFixedPrize(code)) {
    const g = assertPrizeGroup(prizeGroup);
    return spec.levels.map((l) => ({ level: l.id, name: l.name, prize: prizeAtGroup(l, g), floating: false }));
  }
  const version = versionFor(prizeVersionsOf(code), context.issue);
  return spec.levels.map((l) => {
    const entry = version.table[l.id];
    if (!entry || (entry.specialProvisionsOnly && !context.specialProvisions)) return { level: l.id, name: l.name, prize: 0, floating: false };
    if (entry.floating) return { level: l.id, name: entry.name, prize: floatingPrize(code, entry.name), floating: true };
    const prize = context.highPool && entry.highPoolAmount !== undefined ? entry.highPoolAmount : (entry.amount ?? 0);
    return { level: l.id, name: entry.name, prize, floating: false };
  });
}

function assertMode(mode: unknown): BetMode {
  if (typeof mode !== 'string' || !Object.hasOwn(BET_MODES, mode)) throw new LotteryError('INVALID_STAKE', `投注模式无效：${String(mode)}`);
  return mode as BetMode;
}

function assertMultiplier(multiplier: unknown, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof multiplier !== 'number' || !Number.isInteger(multiplier) || multiplier < 1 || multiplier > max) {
    throw new LotteryError('INVALID_MULTIPLIER', max === Number.MAX_SAFE_INTEGER ? '倍数必须为正整数' : `倍数必须为1至${max}的整数`);
  }
  return multiplier;
}

/** Stake: 注数 × 2 元 × mode × 倍数, exact in 0.0001 元. */
export function stake(bets: number, mode: BetMode, multiplier: number): Money {
  if (!Number.isSafeInteger(bets) || bets < 1) throw new LotteryError('INVALID_STAKE', `注数无效：${String(bets)}`);
  return regularStake(bets, assertMode(mode), assertMultiplier(multiplier));
}

export interface PayoutOptions {
  /** Prize group of the order (ignored by the fixed-prize categories). */
  prizeGroup?: number;
  mode: BetMode;
  multiplier: number;
  /** Fixed-prize categories: issue and pool state of the draw. */
  context?: PrizeContext;
}

/**
 * Payout of one order line: Σ winners per level × prize per level × 倍数 × mode, floored once to
 * 0.0001 元, then capped at the draw type's maximum payout per order — a bound for the line alone.
 * An order of several lines is capped again as a whole by the server's settlement (the sum of
 * capped lines can exceed the cap; capping the sum gives the same as capping the uncapped sum).
 */
export function payout(code: string, methodId: string, winners: readonly number[], options: PayoutOptions): Payout {
  const prizes = prizeTable(code, methodId, options.prizeGroup, options.context);
  if (!Array.isArray(winners) || winners.length !== prizes.length || !winners.every((w) => Number.isSafeInteger(w) && w >= 0)) {
    throw new LotteryError('INVALID_RESULT', '中奖注数格式不正确');
  }
  const mode = assertMode(options.mode);
  const multiplier = assertMultiplier(options.multiplier);
  let total = 0n;
  winners.forEach((w, i) => {
    total += BigInt(w) * BigInt(prizes[i]!.prize);
  });
  const exact = (total * BigInt(multiplier) * BigInt(BET_MODES[mode].perMille)) / 1000n;
  const gross = exact > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(exact);
  const cap = methodLimits(code, methodId).maxPayoutPerOrder;
  return { gross, amount: Math.min(gross, cap), capped: gross > cap };
}

/** 返点: a player betting below their own prize group earns (G_user − G_bet) / 2000 of the stake. */
export function rebate(stakeAmount: Money, userPrizeGroup: number, betPrizeGroup: number): Money {
  const user = assertPrizeGroup(userPrizeGroup);
  const bet = assertPrizeGroup(betPrizeGroup);
  if (bet > user) throw new LotteryError('INVALID_PRIZE_GROUP', '投注奖金组不能高于用户奖金组');
  if (!Number.isSafeInteger(stakeAmount) || stakeAmount < 0) throw new LotteryError('INVALID_STAKE', '投注金额无效');
  return scaleMoney(stakeAmount, user - bet, CLASSIC_PRIZE_GROUP);
}

export { assertMode, assertMultiplier };

/** The official prize-table version in force for an issue (fixed-prize categories), for the rules page. */
export function prizeVersion(code: string, issue?: string): { id: string; name: string; fromIssue?: string } {
  if (!isFixedPrize(code)) throw new LotteryError('UNKNOWN_METHOD', `${resolveDrawType(code).name}按奖金组计奖，没有固定奖级表`);
  const { id, name, fromIssue } = versionFor(prizeVersionsOf(code), issue);
  return fromIssue === undefined ? { id, name } : { id, name, fromIssue };
}

/**
 * The state lottery's fixed prize per level for methods that mirror an official play (福彩3D, 排列3/5,
 * 快3, 11选5), for the rules page; null when the method has no official counterpart. Levels without
 * an official prize show 0.
 */
export function officialPrizes(code: string, methodId: string): LevelPrize[] | null {
  const spec = methodSpec(code, methodId);
  const set = methodSetOf(resolveDrawType(code));
  if (!set) return null;
  const amounts = spec.levels.map((l) => officialReferenceAmount(set, methodId, l.id));
  if (amounts.every((a) => a === undefined)) return null;
  return spec.levels.map((l, i) => ({ level: l.id, name: l.name, prize: amounts[i] ?? 0, floating: false }));
}
