// Default 骰宝 odds (decimal, stake included) per paytable. Casino paytables quote "N to 1"; the board
// shows decimal odds including the stake, so every value is N + 1 (reference §5 tables A and B).
import { odds as o } from './odds.ts';
import type { BoardRules } from './settings.ts';
import { numberedOdds, withStandardTerms } from './standard-defaults.ts';
import type { BoardDefaults, Odds } from './types.ts';

interface Paytable {
  /** 点数 4…17 (and 3, 18 at the 围骰 price). */
  sums: readonly Odds[];
  triple: Odds;
  anyTriple: Odds;
  double: Odds;
  combination: Odds;
}

const PAYTABLES: Readonly<Record<BoardRules['dicePaytable'], Paytable>> = {
  A: {
    sums: ['51', '19', '15', '13', '9', '7', '7', '7', '7', '9', '13', '15', '19', '51'].map(o),
    triple: o('151'),
    anyTriple: o('25'),
    double: o('9'),
    combination: o('6'),
  },
  B: {
    sums: ['61', '31', '18', '13', '9', '7', '7', '7', '7', '9', '13', '18', '31', '61'].map(o),
    triple: o('181'),
    anyTriple: o('31'),
    double: o('11'),
    combination: o('6'),
  },
};

function rebateOf(betTypeId: string): number {
  return betTypeId === 'TWO_SIDES' ? 50 : 30;
}

export function diceDefaults(rules: BoardRules): BoardDefaults {
  const table = PAYTABLES[rules.dicePaytable];
  // Even money is only below 100 % because a triple loses; without that, 大小单双 are priced lower.
  const bigSmall = rules.diceTripleBigSmall === 'LOSE' ? o('2') : o('1.96');
  const oddEven = rules.diceTripleOddEven === 'LOSE' ? o('2') : o('1.96');
  const sums = numberedOdds(4, table.sums);
  const single: Record<string, Odds> =
    rules.diceSingleNumber === 'ONCE' ? { ONCE: o('2.25') } : { ONE: o('2'), TWO: o('3'), THREE: o('4') };
  return withStandardTerms(
    {
      TWO_SIDES: { BIG: bigSmall, SMALL: bigSmall, ODD: oddEven, EVEN: oddEven },
      SUM: rules.diceSumThreeEighteen === 'OFFERED' ? { '3': table.triple, ...sums, '18': table.triple } : sums,
      SINGLE: single,
      TRIPLE: { TRIPLE: table.triple },
      ANY_TRIPLE: { ANY: table.anyTriple },
      DOUBLE: { DOUBLE: table.double },
      COMBINATION: { COMBINATION: table.combination },
      STRAIGHT: { ANY: o('8.6') },
      PAIR_ANY: { PAIR_ANY: o('13.6') },
      THREE_DISTINCT: { HIT: o('34') },
      PAIR_SINGLE: { HIT: o('68') },
    },
    rebateOf,
  );
}
