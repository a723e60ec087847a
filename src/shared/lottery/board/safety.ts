// Operator settings may raise odds and 退水, but never so far that a bet returns 100 % or more: every
// bet type whose odds or rebate an operator changed is checked by the exact RTP enumeration of
// rtp.ts (rebate included). The defaults need no check here: a test enumerates every rule combination.
import { LotteryError } from '../errors.ts';
import type { Board } from './engine.ts';
import { compareRational, formatPercent, rational } from './rational.ts';
import { betTypeRtp } from './rtp.ts';

/** Verdicts already computed, by board and bet type settings (the enumeration is not free). */
const verdicts = new Map<string, string | null>();
const ONE = rational(1n);

function problemOf(board: Board, betTypeId: string): string | null {
  const key = JSON.stringify([
    board.drawType.code,
    board.env.rules,
    board.env.zodiac?.lunarYear ?? null,
    betTypeId,
    board.odds[betTypeId] ?? {},
    board.rebates[betTypeId] ?? 0,
  ]);
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const report = betTypeRtp(board, board.betType(betTypeId));
  const problem =
    compareRational(report.highest, ONE) < 0
      ? null
      : `${report.name}的赔率与退水使返奖率达到${formatPercent(report.highest)}（含退水），必须低于100%`;
  if (verdicts.size > 2048) verdicts.clear();
  verdicts.set(key, problem);
  return problem;
}

/** Throws INVALID_BOARD_SETTINGS when one of the bet types returns 100 % or more, rebate included. */
export function assertSafeReturns(board: Board, betTypeIds: Iterable<string>): void {
  for (const id of new Set(betTypeIds)) {
    const problem = problemOf(board, id);
    if (problem) throw new LotteryError('INVALID_BOARD_SETTINGS', problem);
  }
}
