// The stake of board bets for an autobet, and how far a plan may multiply it, kept apart from units.ts
// so that the regular autobet screen does not load the board engine.
import type { BoardBetInput } from '../api/orders.ts';
import { boardEngine, type BoardEngine } from '../lottery/board/index.ts';
import type { Money } from '../money.ts';
import { boardMaxMultiplier } from './units.ts';

export interface BoardAutobetStake {
  /** The order's stake at the bets' base stakes. */
  stake: Money;
  /** The largest multiplier that keeps every bet's stake within its bet type's maximum. */
  maxMultiplier: number;
}

/** Board bets at their base stake, as the given board (of the first issue's draw date) prices them. */
export function boardAutobetStakeOn(board: BoardEngine, bets: readonly BoardBetInput[]): BoardAutobetStake {
  const stake = bets.reduce(
    (total, bet) => total + board.validate({ betTypeId: bet.betTypeId, selection: bet.selection as never, stake: bet.stake }).totalStake,
    0,
  );
  return { stake, maxMultiplier: boardMaxMultiplier(board.board.limits, bets) };
}

/** The same, opening the board of the draw date. */
export function boardAutobetStake(drawType: string, bets: readonly BoardBetInput[], drawDate: string): BoardAutobetStake {
  return boardAutobetStakeOn(boardEngine(drawType, undefined, drawDate), bets);
}
