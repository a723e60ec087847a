// What one issue of an autobet costs and pays at multiplier 1: the bets are validated and priced as an
// order would be (prize groups resolved against the player's), then the shared computation the
// player's preview uses gives the units (shared/autobet/units.ts).
import type { CreateAutobet } from '../../shared/api/autobet.ts';
import type { PlanUnits } from '../../shared/autobet/plan.ts';
import { boardMaxMultiplier, boardPlanUnits, planKindsFor, regularPlanUnits } from '../../shared/autobet/units.ts';
import type { DrawTypeInfo } from '../../shared/catalogue/draw-types.ts';
import { LotteryError } from '../../shared/lottery/index.ts';
import type { BetMode } from '../../shared/money.ts';
import { errors } from '../http/errors.ts';
import { boardFor, priceBoard, priceRegular } from '../orders/pricing.ts';

export function planUnits(info: DrawTypeInfo, body: CreateAutobet, userPrizeGroup: number, drawDate: string): PlanUnits {
  if (!planKindsFor(body.playMode).includes(body.plan.kind)) throw errors.validation('盘口玩法仅支持同倍或翻倍追号');
  if (body.playMode === 'BOARD') {
    const { totalStake } = priceBoard(info, body.bets, drawDate);
    return boardPlanUnits(totalStake, boardMaxMultiplier(boardFor(info.code, drawDate).board.limits, body.bets));
  }
  if (body.bets.some((b) => b.multiplier !== 1)) throw errors.validation('追号投注的基础倍数必须为 1');
  const priced = priceRegular(info, body.bets, userPrizeGroup);
  try {
    return regularPlanUnits(
      info.code,
      priced.bets.map((bet) => ({ methodId: bet.code, selection: bet.selection, mode: bet.mode as BetMode, prizeGroup: bet.prizeGroup ?? undefined })),
    );
  } catch (error) {
    if (error instanceof LotteryError) throw errors.validation(error.message);
    throw error;
  }
}
