// Default 11选5 board odds (decimal, stake included) and rebates. 总和 单/双 and 尾大/尾小 are not
// 50 : 50 (sums of five distinct balls), so each side has its own odds.
import { odds as o } from './odds.ts';
import type { BoardRules } from './settings.ts';
import { flatNumberedOdds, withStandardTerms } from './standard-defaults.ts';
import type { BoardDefaults, Odds } from './types.ts';

function rebateOf(betTypeId: string): number {
  return betTypeId.startsWith('NUMBER_') ? 30 : 50;
}

export function elevenFiveDefaults(rules: BoardRules): BoardDefaults {
  const table: Record<string, Record<string, Odds>> = {};
  // With 11 refunded each side wins 5/11; with 11 counted as 大 and 单 the sides are 6/11 against 5/11.
  const twoSides =
    rules.elevenBallEleven === 'PUSH'
      ? { BIG: o('1.94'), SMALL: o('1.94'), ODD: o('1.94'), EVEN: o('1.94') }
      : { BIG: o('1.78'), SMALL: o('2.14'), ODD: o('1.78'), EVEN: o('2.14') };
  for (let ball = 1; ball <= 5; ball++) {
    table[`TWO_SIDES_${ball}`] = twoSides;
    table[`NUMBER_${ball}`] = flatNumberedOdds(1, 11, o('10.7'));
  }
  const sumSize = rules.elevenSumThirty === 'PUSH' ? o('1.94') : o('2.08');
  table.SUM = {
    BIG: sumSize,
    SMALL: sumSize,
    ODD: o('1.9'),
    EVEN: o('1.98'),
    TAIL_BIG: o('1.93'),
    TAIL_SMALL: o('1.95'),
  };
  table.DRAGON_TIGER = { DRAGON: o('1.95'), TIGER: o('1.95') };
  return withStandardTerms(table, rebateOf);
}
