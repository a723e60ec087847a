// Odds are decimal, include the stake, and are integers of 1/10000 so that a payout is exact:
// payout = floor(stake × odds / 10000) in 0.0001 元 (decisions §3: computed amounts are floored).
import { scaleMoney, type Money } from '../../money.ts';
import type { Odds } from './types.ts';

export const ODDS_SCALE = 10_000;

const DECIMAL_ODDS = /^(\d+)(?:\.(\d{1,4}))?$/;

/** Reads decimal odds written as text ("1.98") into Odds, exactly; the odds data files use it. */
export function odds(text: string): Odds {
  const match = DECIMAL_ODDS.exec(text);
  if (!match) throw new RangeError(`invalid odds ${text}`);
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * ODDS_SCALE + Number(fraction.padEnd(4, '0'));
}

/** "1.98", "9.8", "48": the odds as the board shows them (no trailing zeros). */
export function formatOdds(value: Odds): string {
  const whole = Math.floor(value / ODDS_SCALE);
  const fraction = String(value % ODDS_SCALE).padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** The amount returned for a winning stake, stake included, floored to 0.0001 元. */
export function payoutFor(stake: Money, value: Odds): Money {
  return scaleMoney(stake, value, ODDS_SCALE);
}

/** 退水: `rebate` is in 1/10000 of the stake. */
export function rebateFor(stake: Money, rebate: number): Money {
  return scaleMoney(stake, rebate, ODDS_SCALE);
}
