// The preview of an autobet: every issue's multiplier, stake and cumulative cost, computed by the
// shared planner with the same units the server computes (shared/autobet/units.ts). Regular bets
// without a prize group are previewed at the group the server would place them at: the player's own,
// capped at the method's range. Board bets are priced by the board engine, which the screen loads
// only for a board autobet (use-board-stake.ts) and hands in as `boardStake`.
import { AutobetPlanError, planAutobet, type AutobetPlan, type PlannedIssue, type PlanUnits } from '../../../shared/autobet/plan.ts';
import { boardPlanUnits, regularPlanUnits } from '../../../shared/autobet/units.ts';
import { LotteryError, methodLimits } from '../../../shared/lottery/index.ts';
import type { BoardAutobetStake } from '../../../shared/autobet/board-stake.ts';
import type { BetMode } from '../../../shared/money.ts';
import type { AutobetRequest } from './autobet-request.ts';

export type AutobetPreview = { ok: true; units: PlanUnits; planned: PlannedIssue[] } | { ok: false; message: string };

export interface PreviewContext {
  playerPrizeGroup: number;
  /** A board autobet's stake at its base stakes and its multiplier cap (required for board requests). */
  boardStake?: BoardAutobetStake | undefined;
}

function resolvedPrizeGroup(drawType: string, methodId: string, chosen: number | undefined, playerPrizeGroup: number): number | undefined {
  if (chosen !== undefined) return chosen;
  const range = methodLimits(drawType, methodId).prizeGroup;
  return range ? Math.min(playerPrizeGroup, range.max) : undefined;
}

export function autobetUnits(request: AutobetRequest, context: PreviewContext): PlanUnits {
  if (request.playMode === 'BOARD') {
    if (context.boardStake === undefined) throw new Error('board autobet previewed without its stake');
    return boardPlanUnits(context.boardStake.stake, context.boardStake.maxMultiplier);
  }
  return regularPlanUnits(
    request.drawType,
    request.bets.map((bet) => ({
      methodId: bet.methodId,
      selection: bet.selection,
      mode: bet.mode as BetMode,
      prizeGroup: resolvedPrizeGroup(request.drawType, bet.methodId, bet.prizeGroup, context.playerPrizeGroup),
    })),
  );
}

export function previewAutobet(request: AutobetRequest, plan: AutobetPlan, context: PreviewContext): AutobetPreview {
  try {
    const units = autobetUnits(request, context);
    return { ok: true, units, planned: planAutobet(plan, units) };
  } catch (error) {
    if (error instanceof AutobetPlanError || error instanceof LotteryError) return { ok: false, message: error.message };
    throw error;
  }
}
