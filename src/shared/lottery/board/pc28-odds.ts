// Default PC蛋蛋 board odds (decimal, stake included) and rebates. 大单/小双 (231 in 1000) and
// 大双/小单 (269) differ, so they are priced apart.
import { odds as o } from './odds.ts';
import type { BoardRules } from './settings.ts';
import { THREE_DIGIT_SUM_ODDS, numberedOdds, withStandardTerms } from './standard-defaults.ts';
import type { BoardDefaults } from './types.ts';

function rebateOf(betTypeId: string): number {
  return betTypeId === 'MIXED' ? 50 : 30;
}

export function pc28Defaults(rules: BoardRules): BoardDefaults {
  // A refund on 13/14 also returns the stakes that would have lost there, so those prices are lower.
  const refund = rules.pc28Middle === 'REFUND';
  const twoSides = o(refund ? '1.94' : '1.96');
  const mixed: Record<string, number> = {
    BIG: twoSides,
    SMALL: twoSides,
    ODD: twoSides,
    EVEN: twoSides,
    BIG_ODD: o(refund ? '3.55' : '4.2'),
    BIG_EVEN: o(refund ? '4.2' : '3.6'),
    SMALL_ODD: o(refund ? '4.2' : '3.6'),
    SMALL_EVEN: o(refund ? '3.55' : '4.2'),
    EXTREME_BIG: o('17'),
    EXTREME_SMALL: o('17'),
  };
  if (rules.pc28Middle === 'REDUCED') {
    mixed.MIDDLE_TWO_SIDES = o('1.6');
    mixed.MIDDLE_COMBO = o('2.5');
  }
  return withStandardTerms(
    {
      MIXED: mixed,
      SUM: numberedOdds(0, THREE_DIGIT_SUM_ODDS),
      COLOR: { RED: o('2.9'), GREEN: o('3.75'), BLUE: o('3.75') },
      FORM: { LEOPARD: o('96'), STRAIGHT: o('16'), PAIR: o('3.6') },
    },
    rebateOf,
  );
}
