// The one error type of the draws module for bad input (a malformed date, 期号, seed or schedule):
// its message is Chinese and fit to show as is (verification page, back office, terminal).

export type DrawInputErrorCode =
  | 'NOT_PERIODIC'
  | 'UNKNOWN_DRAW_TYPE'
  | 'INVALID_DATE'
  | 'INVALID_TIME'
  | 'INVALID_SCHEDULE'
  | 'INVALID_HEX'
  | 'INVALID_SEED'
  | 'INVALID_INPUT';

export class DrawInputError extends Error {
  override name = 'DrawInputError';
  constructor(
    readonly code: DrawInputErrorCode,
    message: string,
  ) {
    super(message);
  }
}
