// The stake of board bets for an autobet, kept apart from units.ts so that the regular autobet screen
// does not load the board engine.
import type { BoardBetInput } from '../api/orders.ts';
import { boardEngine } from '../lottery/board/index.ts';
import type { Money } from '../money.ts';

/** The stake of board bets at their base stake, as the board of the draw date prices them. */
export function boardOrderStake(drawType: string, bets: readonly BoardBetInput[], drawDate: string): Money {
  const board = boardEngine(drawType, undefined, drawDate);
  return bets.reduce(
    (total, bet) =>
      total +
      board.validate({
        betTypeId: bet.betTypeId,
        selection: bet.selection as never,
        stake: bet.stake,
      }).totalStake,
    0,
  );
}
