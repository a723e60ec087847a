// What one issue of an autobet costs and pays at multiplier 1, from the engine: the same computation
// for the preview on the player's screen and for the server that stores the plan (server/autobet/units.ts
// validates the bets first, then calls these).
import { getMethod, methodLimits, payout, quoteOrder, type Selection } from '../lottery/index.ts';
import type { BetMode, Money } from '../money.ts';
import type { AutobetPlan, PlanUnits } from './plan.ts';

/**
 * Board bets scale by their stake, and each bet type caps the stake of one bet: the plan's multiplier
 * may go as far as the strictest bet allows, floor(max stake / stake).
 */
export function boardMaxMultiplier(
  limits: Readonly<Record<string, { readonly max: Money }>>,
  bets: readonly { readonly betTypeId: string; readonly stake: Money }[],
): number {
  let max = Number.POSITIVE_INFINITY;
  for (const bet of bets) {
    const limit = limits[bet.betTypeId];
    if (!limit) throw new Error(`board limits missing: ${bet.betTypeId}`);
    max = Math.min(max, Math.floor(limit.max / bet.stake));
  }
  return max;
}

/** Board odds pay per combination, not one top prize: only plans that need no prize unit apply. */
export function planKindsFor(playMode: 'REGULAR' | 'BOARD'): readonly AutobetPlan['kind'][] {
  return playMode === 'BOARD' ? ['SAME', 'DOUBLE'] : ['SAME', 'DOUBLE', 'PROFIT'];
}

/** A regular bet at multiplier 1, with the prize group it is placed at (none for fixed-prize categories). */
export interface RegularUnitLine {
  methodId: string;
  selection: unknown;
  mode: BetMode;
  prizeGroup?: number | undefined;
}

/**
 * stakeUnit: the order's stake at multiplier 1; prizeUnit: what a win pays at multiplier 1, the larger of
 * the lines' top prize levels for one 注; maxMultiplier: the strictest of the lines' methods.
 * Throws LotteryError (Chinese message) for a bet the engine refuses.
 */
export function regularPlanUnits(drawType: string, lines: readonly RegularUnitLine[]): PlanUnits {
  let stakeUnit: Money = 0;
  let prizeUnit: Money = 0;
  let maxMultiplier = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    const quote = quoteOrder(drawType, line.methodId, {
      selection: line.selection as Selection,
      mode: line.mode,
      multiplier: 1,
      prizeGroup: line.prizeGroup,
    });
    stakeUnit += quote.stake;
    const levels = getMethod(drawType, line.methodId).levels.length;
    const topLevelOnly = Array.from({ length: levels }, (_, i) => (i === 0 ? 1 : 0));
    const top = payout(drawType, line.methodId, topLevelOnly, { prizeGroup: line.prizeGroup, mode: line.mode, multiplier: 1 }).amount;
    prizeUnit = Math.max(prizeUnit, top);
    maxMultiplier = Math.min(maxMultiplier, methodLimits(drawType, line.methodId).maxMultiplier);
  }
  return { stakeUnit, prizeUnit, maxMultiplier };
}

/**
 * Board orders: the stake of the bets as given, the multiplier their stake caps allow
 * (boardMaxMultiplier); no prize unit (odds differ per combination).
 */
export function boardPlanUnits(stakeUnit: Money, maxMultiplier: number): PlanUnits {
  return { stakeUnit, prizeUnit: 0, maxMultiplier };
}
