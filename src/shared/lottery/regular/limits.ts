// Limits and prize settings per draw type, as data with documented defaults; the operator overrides
// them per draw type (configureDrawType). Defaults: see docs/lottery/engine.md.
import type { LotteryCategory } from '../../enums.ts';
import { yuan, type Money } from '../../money.ts';
import { LotteryError } from '../errors.ts';
import { DEFAULT_FLOATING_PRIZES, DEFAULT_VERSIONS, type FixedPrizeVersion } from './fixed-prizes.ts';
import { methodSpec, resolveDrawType } from './registry.ts';
import type { MethodLimits } from './types.ts';

export interface MethodLimitOverrides {
  prizeGroup?: { min: number; max: number };
  maxMultiplier?: number;
  maxBets?: number;
}

export interface DrawTypeConfig {
  /** Prize-group range of every method of the draw type (methods may narrow it). */
  prizeGroup?: { min: number; max: number };
  maxMultiplier?: number;
  maxPayoutPerOrder?: Money;
  maxPayoutPerIssue?: Money;
  /** Per-method overrides, by method id. */
  methods?: Readonly<Record<string, MethodLimitOverrides>>;
  /** Fixed-prize categories: the versions of the official prize table, oldest first. */
  prizeVersions?: readonly FixedPrizeVersion[];
  /** Fixed-prize categories: amounts paid for floating levels, by level name (一等奖, 选十中10 …). */
  floatingPrizes?: Readonly<Record<string, Money>>;
}

/** Categories that pay fixed official tables instead of prize-group prices (spec §9: no slider). */
export const FIXED_PRIZE_CATEGORIES: ReadonlySet<LotteryCategory> = new Set(['KENO', 'SSQ', 'DLT']);

const DEFAULT_PRIZE_GROUP: Partial<Record<LotteryCategory, { min: number; max: number }>> = {
  SSC: { min: 1700, max: 1960 },
  TAKE_5_OF_11: { min: 1700, max: 1960 },
  PK10: { min: 1700, max: 1960 },
  QUICK_3: { min: 1700, max: 1960 },
  // Daily official digit draws run a lower top group (reference §8 #20).
  THREE_D: { min: 1700, max: 1800 },
};
export const DEFAULT_MAX_MULTIPLIER = 10_000;
/** A ceiling on 注 per line unless the operator sets the method's own (keeps amounts far inside 2^53). */
export const MAX_BETS_CEILING = 100_000;
const REGULAR_PAYOUT_CAP: Money = yuan(4_000_000);
const FIXED_PAYOUT_CAP: Money = yuan(10_000_000);

const configs = new Map<string, DrawTypeConfig>();

/** Replaces the operator settings of one draw type (validated against the catalogue). */
export function configureDrawType(code: string, config: DrawTypeConfig): void {
  resolveDrawType(code);
  configs.set(code, config);
}

/** Drops operator settings: of one draw type, or of all. */
export function resetDrawTypeConfig(code?: string): void {
  if (code === undefined) configs.clear();
  else configs.delete(code);
}

export function drawTypeConfig(code: string): DrawTypeConfig {
  return configs.get(code) ?? {};
}

export function methodLimits(code: string, methodId: string): MethodLimits {
  const info = resolveDrawType(code);
  methodSpec(code, methodId); // an unknown method throws here, as everywhere else
  const config = drawTypeConfig(code);
  const own = config.methods?.[methodId] ?? {};
  const fixedPrizes = FIXED_PRIZE_CATEGORIES.has(info.category);
  return {
    prizeGroup: fixedPrizes ? null : (own.prizeGroup ?? config.prizeGroup ?? DEFAULT_PRIZE_GROUP[info.category] ?? null),
    maxMultiplier: own.maxMultiplier ?? config.maxMultiplier ?? DEFAULT_MAX_MULTIPLIER,
    // No default below the ticket space: the coverage rule (coverage.ts) already refuses every order
    // that wins on every draw, and whole spaces that can lose (组选120 全包, 快3 二不同号 全包) are what
    // players buy. Only the operator's maximum and the ceiling bound the count.
    maxBets: own.maxBets ?? MAX_BETS_CEILING,
    maxPayoutPerOrder: config.maxPayoutPerOrder ?? (fixedPrizes ? FIXED_PAYOUT_CAP : REGULAR_PAYOUT_CAP),
    maxPayoutPerIssue: config.maxPayoutPerIssue ?? (fixedPrizes ? FIXED_PAYOUT_CAP : REGULAR_PAYOUT_CAP),
  };
}

export function prizeVersionsOf(code: string): readonly FixedPrizeVersion[] {
  const info = resolveDrawType(code);
  const configured = drawTypeConfig(code).prizeVersions;
  if (configured && configured.length > 0) return configured;
  const category = info.category as 'SSQ' | 'DLT' | 'KENO';
  const defaults = info.source === 'feed' ? DEFAULT_VERSIONS.official : DEFAULT_VERSIONS.platform;
  const versions = defaults[category];
  if (!versions) throw new LotteryError('UNKNOWN_METHOD', `${info.name}没有固定奖级表`);
  return versions;
}

export function floatingPrize(code: string, levelName: string): Money {
  return drawTypeConfig(code).floatingPrizes?.[levelName] ?? DEFAULT_FLOATING_PRIZES[levelName] ?? 0;
}
