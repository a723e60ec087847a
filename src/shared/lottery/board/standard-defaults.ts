// Default rebates and stake limits derived from the odds data, so that each category's odds file only
// lists odds and the rebate policy.
import { yuan } from '../../money.ts';
import { odds as o } from './odds.ts';
import type { BoardDefaults, Odds, OddsTable, StakeLimits } from './types.ts';

/** Maximum stake per bet by the bet type's highest odds: the larger the odds, the lower the cap. */
const STAKE_CAPS: readonly { below: Odds; max: number }[] = [
  { below: 30_000, max: 50_000 },
  { below: 120_000, max: 20_000 },
  { below: 1_000_000, max: 5_000 },
  { below: Number.POSITIVE_INFINITY, max: 1_000 },
];
const DEFAULT_MIN_STAKE = yuan(1);

function standardLimits(highestOdds: Odds): StakeLimits {
  const cap = STAKE_CAPS.find((c) => highestOdds < c.below) ?? STAKE_CAPS[STAKE_CAPS.length - 1];
  return { min: DEFAULT_MIN_STAKE, max: yuan(cap?.max ?? 1_000) };
}

/** Completes an odds table with a rebate per bet type (1/10000 of the stake) and standard limits. */
export function withStandardTerms(odds: OddsTable, rebateOf: (betTypeId: string) => number): BoardDefaults {
  const rebates: Record<string, number> = {};
  const limits: Record<string, StakeLimits> = {};
  for (const [betTypeId, levels] of Object.entries(odds)) {
    rebates[betTypeId] = rebateOf(betTypeId);
    limits[betTypeId] = standardLimits(Math.max(...Object.values(levels)));
  }
  return { odds, rebates, limits };
}

/** Odds for numbered items from a list (first item = `from`). */
export function numberedOdds(from: number, values: readonly Odds[]): Record<string, Odds> {
  return Object.fromEntries(values.map((value, i) => [String(from + i), value]));
}

/** The same odds for every numbered item from..to. */
export function flatNumberedOdds(from: number, to: number, value: Odds): Record<string, Odds> {
  const out: Record<string, Odds> = {};
  for (let n = from; n <= to; n++) out[String(n)] = value;
  return out;
}

/**
 * Odds for a sum of three uniform digits 0–27 (1, 3, 6 … 75 outcomes in 1000): shared by 时时彩 三位和数
 * and PC蛋蛋 特码, which read the same distribution.
 */
export const THREE_DIGIT_SUM_ODDS: readonly Odds[] = [
  '960', '320', '160', '96', '64', '45.7', '34.2', '26.6', '21.3', '17.4', '15.2', '13.9', '13.1', '12.8',
  '12.8', '13.1', '13.9', '15.2', '17.4', '21.3', '26.6', '34.2', '45.7', '64', '96', '160', '320', '960',
].map(o);
