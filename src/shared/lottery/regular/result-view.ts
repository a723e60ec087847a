// A draw result prepared once for settling many bets: validated, with membership flags per zone so
// that kernels test "was this number drawn" in constant time.
import { LotteryError } from '../errors.ts';
import { isValidResult, type DrawResult, type ResultFormat } from '../result.ts';

export interface ResultView {
  /** The numbers as drawn. */
  numbers: readonly number[];
  /** drawn[v] = 1 when v was drawn in the first zone (the whole result for one-zone games). */
  drawn: Uint8Array;
  /** The second zone's flags (双色球 blue, 大乐透 back); empty for one-zone games. */
  drawnSecond: Uint8Array;
  /** Bit mask of the first-zone numbers when they are all below 31 (digits, 11选5, PK10, dice). */
  mask: number;
}

export function createResultView(result: DrawResult, format: ResultFormat): ResultView {
  if (!Array.isArray(result) || !isValidResult(result, format)) {
    throw new LotteryError('INVALID_RESULT', '开奖号码格式不正确');
  }
  const firstZoneEnd = format.secondZone?.from ?? result.length;
  const drawn = new Uint8Array(format.max + 1);
  let mask = 0;
  for (let i = 0; i < firstZoneEnd; i++) {
    const value = result[i]!;
    drawn[value] = 1;
    if (value < 31) mask |= 1 << value;
  }
  const drawnSecond = new Uint8Array(format.secondZone ? format.secondZone.max + 1 : 0);
  for (let i = firstZoneEnd; i < result.length; i++) drawnSecond[result[i]!] = 1;
  return { numbers: result, drawn, drawnSecond, mask };
}
