// Default 时时彩 board odds (decimal, stake included) and rebates. Return to player of every entry is
// in docs/lottery/board-odds.md (generated) and must stay below 100 % (tests).
import { odds as o } from './odds.ts';
import type { BoardRules } from './settings.ts';
import { SSC_POSITION_PAIRS, SSC_SEGMENTS } from './ssc-layout.ts';
import { THREE_DIGIT_SUM_ODDS, flatNumberedOdds, numberedOdds, withStandardTerms } from './standard-defaults.ts';
import type { BoardDefaults, Odds } from './types.ts';

const TWO_SIDES = { BIG: o('1.96'), SMALL: o('1.96'), ODD: o('1.96'), EVEN: o('1.96') };
const PRIME_COMPOSITE = { PRIME: o('1.96'), COMPOSITE: o('1.96') };
/** 三位跨度 0–9 (counts 10, 54, 96, 126, 144, 150, 144, 126, 96, 54 per 1000). */
const SPAN3_ODDS = ['96', '17.7', '10', '7.6', '6.65', '6.4', '6.65', '7.6', '10', '17.7'].map(o);

/** 0.5 % on two-sided bets, 0.3 % elsewhere. */
function rebateOf(betTypeId: string): number {
  return /^(BALL_|SUM$|DRAGON_TIGER_|TWO_DIGIT_SUM_)/.test(betTypeId) ? 50 : 30;
}

export function sscDefaults(rules: BoardRules): BoardDefaults {
  const table: Record<string, Record<string, Odds>> = {};
  for (let ball = 1; ball <= 5; ball++) {
    table[`BALL_${ball}`] = { ...flatNumberedOdds(0, 9, o('9.7')), ...TWO_SIDES, ...PRIME_COMPOSITE };
  }
  table.SUM = { ...TWO_SIDES };
  // A refunded tie leaves less margin on 龙/虎 than a losing one.
  const dragonTiger = rules.sscDragonTigerTie === 'PUSH' ? o('1.94') : o('2.16');
  for (const [first, second] of SSC_POSITION_PAIRS) {
    table[`DRAGON_TIGER_${first + 1}_${second + 1}`] = { DRAGON: dragonTiger, TIGER: dragonTiger, TIE: o('9.5') };
    table[`TWO_DIGIT_POSITION_${first + 1}_${second + 1}`] = { HIT: o('97') };
    table[`TWO_DIGIT_SUM_${first + 1}_${second + 1}`] = { ...TWO_SIDES, ...PRIME_COMPOSITE };
  }
  for (const { key } of SSC_SEGMENTS) {
    table[`FORM_${key}`] = {
      LEOPARD: o('95'),
      STRAIGHT: o('16'),
      PAIR: o('3.6'),
      HALF_STRAIGHT: o('2.7'),
      MIXED: o('3.25'),
    };
    table[`ONE_DIGIT_${key}`] = flatNumberedOdds(0, 9, o('3.6'));
    table[`TWO_DIGIT_COMBO_${key}`] = { PAIR: o('34.5'), DISTINCT: o('18') };
    table[`THREE_DIGIT_POSITION_${key}`] = { HIT: o('950') };
    table[`THREE_DIGIT_COMBO_${key}`] = { LEOPARD: o('950'), GROUP3: o('320'), GROUP6: o('160') };
    table[`SUM_${key}`] = numberedOdds(0, THREE_DIGIT_SUM_ODDS);
    table[`SPAN_${key}`] = numberedOdds(0, SPAN3_ODDS);
  }
  table.ONE_DIGIT_ALL = flatNumberedOdds(0, 9, o('2.38'));
  table.FORM_FIVE = {
    FIVE_OF_A_KIND: o('9500'),
    FOUR_OF_A_KIND: o('215'),
    FULL_HOUSE: o('108'),
    STRAIGHT: o('80'),
    THREE_OF_A_KIND: o('13.5'),
    TWO_PAIRS: o('9'),
    ONE_PAIR: o('1.93'),
    HIGH_CARD: o('3.35'),
  };
  return withStandardTerms(table, rebateOf);
}
