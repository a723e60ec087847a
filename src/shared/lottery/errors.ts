// The one error type the lottery engine throws for invalid input: its message is Chinese and fit to
// show the player as is; `code` lets callers branch without parsing text.

export type LotteryErrorCode =
  | 'UNKNOWN_DRAW_TYPE'
  | 'UNKNOWN_METHOD'
  | 'INVALID_SELECTION'
  | 'INVALID_TICKET'
  | 'TOO_MANY_BETS'
  /** The selection would win on every possible result. */
  | 'COVERS_ALL_OUTCOMES'
  | 'INVALID_MULTIPLIER'
  | 'INVALID_PRIZE_GROUP'
  | 'INVALID_RESULT'
  | 'INVALID_STAKE'
  // Board (信用) mode.
  | 'BOARD_NOT_AVAILABLE'
  | 'UNKNOWN_BET_TYPE'
  | 'INVALID_BOARD_SETTINGS'
  | 'INVALID_DRAW_DATE';

export class LotteryError extends Error {
  override name = 'LotteryError';
  constructor(
    readonly code: LotteryErrorCode,
    message: string,
  ) {
    super(message);
  }
}
