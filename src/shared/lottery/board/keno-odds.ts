// Default 快乐8 board odds (decimal, stake included) and rebates.
import { odds as o } from './odds.ts';
import type { BoardRules } from './settings.ts';
import { withStandardTerms } from './standard-defaults.ts';
import type { BoardDefaults } from './types.ts';

function rebateOf(betTypeId: string): number {
  return betTypeId === 'SUM' ? 50 : 30;
}

export function kenoDefaults(rules: BoardRules): BoardDefaults {
  // 大/小 each win 49.78 %; a refunded 810 adds 0.44 % back, so the price is a notch lower.
  const size = rules.kenoSum810 === 'PUSH' ? o('1.94') : o('1.95');
  return withStandardTerms(
    {
      SUM: {
        BIG: size,
        SMALL: size,
        ODD: o('1.95'),
        EVEN: o('1.95'),
        SUM_810: o('218'),
        BIG_ODD: o('3.88'),
        BIG_EVEN: o('3.9'),
        SMALL_ODD: o('3.88'),
        SMALL_EVEN: o('3.9'),
      },
      UP_DOWN: { UP: o('2.44'), MIDDLE: o('4.75'), DOWN: o('2.44') },
      ODD_EVEN: { ODD: o('2.44'), TIE: o('4.75'), EVEN: o('2.44') },
      FIVE_ELEMENTS: { METAL: o('9.4'), WOOD: o('4.8'), WATER: o('2.5'), FIRE: o('4.75'), EARTH: o('9.2') },
    },
    rebateOf,
  );
}
