// Default PK10 board odds (decimal, stake included) and rebates.
import { odds as o } from './odds.ts';
import type { BoardRules } from './settings.ts';
import { flatNumberedOdds, numberedOdds, withStandardTerms } from './standard-defaults.ts';
import type { BoardDefaults, Odds } from './types.ts';

/** 冠亚和 3–19: 2, 2, 4, 4, 6, 6, 8, 8, 10, 8, 8, 6, 6, 4, 4, 2, 2 of the 90 ordered pairs. */
const TOP2_SUM_ODDS = ['43', '43', '21.5', '21.5', '14.3', '14.3', '10.8', '10.8', '8.6', '10.8', '10.8', '14.3', '14.3', '21.5', '21.5', '43', '43'].map(o);

function rebateOf(betTypeId: string): number {
  return betTypeId === 'TOP2_SUM' ? 30 : 50;
}

export function pk10Defaults(rules: BoardRules): BoardDefaults {
  const table: Record<string, Record<string, Odds>> = {};
  // 11 counted as 小/单 makes 小 and 单 50/90 against 40/90; refunded, each side wins 40/90.
  const topTwoSides =
    rules.pk10SumEleven === 'SMALL_ODD'
      ? { BIG: o('2.19'), SMALL: o('1.75'), ODD: o('1.75'), EVEN: o('2.19') }
      : { BIG: o('1.94'), SMALL: o('1.94'), ODD: o('1.94'), EVEN: o('1.94') };
  table.TOP2_SUM = { ...numberedOdds(3, TOP2_SUM_ODDS), ...topTwoSides };
  for (let rank = 1; rank <= 10; rank++) {
    table[`RANK_${rank}`] = { ...flatNumberedOdds(1, 10, o('9.7')), BIG: o('1.96'), SMALL: o('1.96'), ODD: o('1.96'), EVEN: o('1.96') };
  }
  for (let rank = 1; rank <= 5; rank++) table[`DRAGON_TIGER_${rank}`] = { DRAGON: o('1.96'), TIGER: o('1.96') };
  return withStandardTerms(table, rebateOf);
}
