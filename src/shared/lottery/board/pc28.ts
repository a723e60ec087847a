// PC蛋蛋 / 加拿大28 board (reference §2.6): three digits derived from a 20-of-80 keno draw, result =
// their sum 0–27. The return to player is enumerated over the 1000 digit triples, each of weight 1:
// the product's published model (every derivation maps the draw to a digit triple).
import { itemBetType, memo, numberItems, ownOddsItems } from './builders.ts';
import { threeDigitForm } from './digit-forms.ts';
import { pc28Defaults } from './pc28-odds.ts';
import type { BoardRules } from './settings.ts';
import { PUSH, win, winIf, type BoardModel, type Verdict } from './types.ts';
import { pc28Digits } from './pc28-digits.ts';

export interface Pc28Ctx {
  readonly digits: readonly [number, number, number];
  readonly sum: number;
}

// The digits themselves live in pc28-digits.ts, which showing a result needs without this engine.
export { pc28Digits };

function ctxOf(digits: readonly [number, number, number]): Pc28Ctx {
  return { digits, sum: digits[0] + digits[1] + digits[2] };
}

const everyTriple = memo<Pc28Ctx>(() => {
  const out = [];
  for (let code = 0; code < 1000; code++) {
    out.push({ ctx: ctxOf([Math.floor(code / 100), Math.floor(code / 10) % 10, code % 10]), weight: 1n });
  }
  return out;
});
const space = () => everyTriple('');

const RED: ReadonlySet<number> = new Set([3, 6, 9, 12, 15, 18, 21, 24]);
const GREEN: ReadonlySet<number> = new Set([1, 4, 7, 10, 16, 19, 22, 25]);
const BLUE: ReadonlySet<number> = new Set([2, 5, 8, 11, 17, 20, 23, 26]);

/** Items read on 大小单双 whose settlement the 13/14 rule may change. */
const MIDDLE_SENSITIVE: ReadonlySet<string> = new Set(['BIG', 'SMALL', 'ODD', 'EVEN', 'BIG_ODD', 'BIG_EVEN', 'SMALL_ODD', 'SMALL_EVEN']);
const COMBOS: ReadonlySet<string> = new Set(['BIG_ODD', 'BIG_EVEN', 'SMALL_ODD', 'SMALL_EVEN']);

function mixedHit(item: string, sum: number): boolean {
  const big = sum >= 14;
  const odd = sum % 2 === 1;
  switch (item) {
    case 'BIG':
      return big;
    case 'SMALL':
      return !big;
    case 'ODD':
      return odd;
    case 'EVEN':
      return !odd;
    case 'BIG_ODD':
      return big && odd;
    case 'BIG_EVEN':
      return big && !odd;
    case 'SMALL_ODD':
      return !big && odd;
    case 'SMALL_EVEN':
      return !big && !odd;
    case 'EXTREME_BIG':
      return sum >= 22;
    case 'EXTREME_SMALL':
      return sum <= 5;
    default:
      return false;
  }
}

const MIXED_ITEMS = ownOddsItems([
  ['BIG', '大'],
  ['SMALL', '小'],
  ['ODD', '单'],
  ['EVEN', '双'],
  ['BIG_ODD', '大单'],
  ['BIG_EVEN', '大双'],
  ['SMALL_ODD', '小单'],
  ['SMALL_EVEN', '小双'],
  ['EXTREME_BIG', '极大'],
  ['EXTREME_SMALL', '极小'],
]);

const mixed = itemBetType<Pc28Ctx>({
  id: 'MIXED',
  name: '混合',
  group: '混合',
  items: MIXED_ITEMS,
  levels: (env) => [
    ...MIXED_ITEMS.map(({ id, name }) => ({ key: id, name })),
    ...(env.rules.pc28Middle === 'REDUCED'
      ? [
          { key: 'MIDDLE_TWO_SIDES', name: '开13/14时大小单双' },
          { key: 'MIDDLE_COMBO', name: '开13/14时组合' },
        ]
      : []),
  ],
  judge: (item, { sum }, env): Verdict => {
    const hit = mixedHit(item, sum);
    if ((sum === 13 || sum === 14) && MIDDLE_SENSITIVE.has(item)) {
      if (env.rules.pc28Middle === 'REFUND') return PUSH;
      if (env.rules.pc28Middle === 'REDUCED' && hit) return win(COMBOS.has(item) ? 'MIDDLE_COMBO' : 'MIDDLE_TWO_SIDES');
    }
    return winIf(hit, item);
  },
  space,
});

const special = itemBetType<Pc28Ctx>({
  id: 'SUM',
  name: '特码',
  group: '特码',
  items: numberItems(0, 27),
  judge: (item, { sum }) => winIf(sum === Number(item), item),
  space,
});

const colour = itemBetType<Pc28Ctx>({
  id: 'COLOR',
  name: '波色',
  group: '波色',
  items: ownOddsItems([
    ['RED', '红波'],
    ['GREEN', '绿波'],
    ['BLUE', '蓝波'],
  ]),
  // 0, 13, 14 and 27 have no colour: every colour bet loses.
  judge: (item, { sum }) => winIf(({ RED, GREEN, BLUE } as Record<string, ReadonlySet<number>>)[item]?.has(sum) ?? false, item),
  space,
});

const form = itemBetType<Pc28Ctx>({
  id: 'FORM',
  name: '豹子顺子对子',
  group: '特殊',
  items: ownOddsItems([
    ['LEOPARD', '豹子'],
    ['STRAIGHT', '顺子'],
    ['PAIR', '对子'],
  ]),
  judge: (item, { digits }) => winIf(threeDigitForm(...digits) === item, item),
  space,
});

export const pc28Board: BoardModel<Pc28Ctx> = {
  category: 'PC_EGG',
  betTypes: [mixed, special, colour, form],
  derive: (result, env) => ctxOf(pc28Digits(result, env.rules.pc28Derivation)),
  defaults: (env) => pc28Defaults(env.rules),
};
