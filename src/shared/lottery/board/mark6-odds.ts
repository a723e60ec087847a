// Default 六合彩 board odds (decimal, stake included) and rebates. Levels keyed 本命/其他 and 0尾/其他
// exist because the 本命肖 owns five numbers (01, 13, 25, 37, 49) and 0尾 only four.
import { odds as o } from './odds.ts';
import type { BoardRules } from './settings.ts';
import { withStandardTerms } from './standard-defaults.ts';
import type { BoardDefaults, Odds } from './types.ts';

type Levels = Record<string, Odds>;
const pairs = (entries: Record<string, string>): Levels =>
  Object.fromEntries(Object.entries(entries).map(([key, text]) => [key, o(text)]));

/** Per link size 2…5: [中, 不中] odds for [with the distinguished value, without]. */
const ZODIAC_LINK = {
  2: { hit: ['3.95', '4.7'], miss: ['4.45', '3.7'] },
  3: { hit: ['10', '12'], miss: ['9.9', '8.05'] },
  4: { hit: ['29', '35'], miss: ['24.5', '19.3'] },
  5: { hit: ['101', '123'], miss: ['69.5', '52.8'] },
} as const;
const TAIL_LINK = {
  2: { hit: ['3.95', '3.35'], miss: ['4.45', '5.4'] },
  3: { hit: ['8.4', '7.05'], miss: ['12.3', '15.4'] },
  4: { hit: ['20', '16.7'], miss: ['40.5', '52.8'] },
  5: { hit: ['56.5', '46.5'], miss: ['171', '238'] },
} as const;
/** 五不中 … 十二不中. */
const NOT_IN = { 5: '2.15', 6: '2.56', 7: '3.06', 8: '3.67', 9: '4.42', 10: '5.36', 11: '6.53', 12: '8' } as const;
/** 合肖 by the number of zodiacs chosen (2…11): about 97 % of the fair 12/k. */
const ZODIAC_SET = { 2: '5.8', 3: '3.88', 4: '2.9', 5: '2.33', 6: '1.94', 7: '1.66', 8: '1.45', 9: '1.29', 10: '1.16', 11: '1.06' } as const;

const TWO_SIDE_KEYS = ['BIG', 'SMALL', 'ODD', 'EVEN', 'SUM_BIG', 'SUM_SMALL', 'SUM_ODD', 'SUM_EVEN', 'TAIL_BIG', 'TAIL_SMALL'];
const COLOURS = pairs({ RED: '2.8', BLUE: '2.97', GREEN: '2.97' });

/** 0.5 % on two-sided bets, 1 % on single numbers (特码, 正特), 0.3 % elsewhere. */
function rebateOf(betTypeId: string): number {
  if (betTypeId === 'SPECIAL' || betTypeId.startsWith('MAIN_SPECIFIC_')) return 100;
  if (/^(SPECIAL_TWO_SIDES|MAIN_TWO_SIDES_|COLOR|HALF_COLOR|TOTAL|ZODIAC_SET)/.test(betTypeId)) return 50;
  return 30;
}

export function mark6Defaults(rules: BoardRules): BoardDefaults {
  // A refunded 49 returns 1/49 of the stakes, so the two-sided prices are a notch lower then.
  const refunded = rules.mark6FortyNine === 'PUSH';
  const half = o(refunded ? '1.95' : '1.99');
  const quarter = o(refunded ? '3.9' : '3.98');
  const twoSides: Levels = Object.fromEntries(TWO_SIDE_KEYS.map((key) => [key, half]));
  const table: Record<string, Levels> = {
    SPECIAL: pairs({ NUMBER: '47.5' }),
    SPECIAL_TWO_SIDES: {
      ...twoSides,
      BIG_ODD: quarter,
      BIG_EVEN: quarter,
      SMALL_ODD: quarter,
      SMALL_EVEN: quarter,
      DOMESTIC: half,
      WILD: half,
    },
    MAIN_ANY: pairs({ NUMBER: '7.9' }),
    LINK_3_ALL: pairs({ HIT: '870' }),
    LINK_3_2: pairs({ HIT_2: '23', HIT_3: '125' }),
    LINK_2_ALL: pairs({ HIT: '74' }),
    LINK_2_SPECIAL: pairs({ HIT_2: '58', HIT_SPECIAL: '40' }),
    LINK_SPECIAL: pairs({ HIT: '185' }),
    LINK_4_ALL: pairs({ HIT: '13300' }),
    ZODIAC_SPECIAL: pairs({ BENMING: '9.5', OTHER: '11.9' }),
    ZODIAC_ANY: pairs({ BENMING: '1.75', OTHER: '2.05' }),
    ZODIAC_SET: Object.fromEntries(Object.entries(ZODIAC_SET).map(([k, text]) => [`K${k}`, o(text)])),
    TAIL_SPECIAL: pairs({ TAIL0: '11.9', OTHER: '9.5' }),
    TAIL_ANY: pairs({ TAIL0: '2.05', OTHER: '1.75' }),
    COLOR: COLOURS,
    // 半波 chances are 7, 8, 9 or 10 of 49 numbers: 红大 7, 红小 10, 红单 8, 红双 9, 红合单 9, 红合双 8, 蓝大 9,
    // 蓝小 7, 蓝单/双 8, 蓝合单/合双 8, 绿大 8, 绿小 7, 绿单 8, 绿双 7, 绿合单 7, 绿合双 8 (49 never wins).
    HALF_COLOR: (() => {
      const by = refunded ? { 7: '6.65', 8: '5.8', 9: '5.15', 10: '4.65' } : { 7: '6.8', 8: '5.95', 9: '5.3', 10: '4.75' };
      const counts: Record<string, 7 | 8 | 9 | 10> = {
        RED_BIG: 7, RED_SMALL: 10, RED_ODD: 8, RED_EVEN: 9,
        BLUE_BIG: 9, BLUE_SMALL: 7, BLUE_ODD: 8, BLUE_EVEN: 8,
        GREEN_BIG: 8, GREEN_SMALL: 7, GREEN_ODD: 8, GREEN_EVEN: 7,
        RED_SUM_ODD: 9, RED_SUM_EVEN: 8, BLUE_SUM_ODD: 8, BLUE_SUM_EVEN: 8, GREEN_SUM_ODD: 7, GREEN_SUM_EVEN: 8,
      };
      return Object.fromEntries(Object.entries(counts).map(([key, n]) => [key, o(by[n])]));
    })(),
    TOTAL: pairs({ BIG: '1.92', SMALL: '1.96', ODD: '1.94', EVEN: '1.94' }),
  };
  for (let position = 1; position <= 6; position++) {
    table[`MAIN_SPECIFIC_${position}`] = pairs({ NUMBER: '47.5' });
    table[`MAIN_TWO_SIDES_${position}`] = { ...twoSides, ...COLOURS };
  }
  for (const size of [2, 3, 4, 5] as const) {
    const zodiac = ZODIAC_LINK[size];
    const tail = TAIL_LINK[size];
    table[`ZODIAC_LINK_${size}`] = pairs({ BENMING: zodiac.hit[0], OTHER: zodiac.hit[1] });
    table[`ZODIAC_LINK_MISS_${size}`] = pairs({ BENMING: zodiac.miss[0], OTHER: zodiac.miss[1] });
    table[`TAIL_LINK_${size}`] = pairs({ WITH_ZERO: tail.hit[0], OTHER: tail.hit[1] });
    table[`TAIL_LINK_MISS_${size}`] = pairs({ WITH_ZERO: tail.miss[0], OTHER: tail.miss[1] });
  }
  for (const [size, text] of Object.entries(NOT_IN)) table[`NOT_IN_${size}`] = pairs({ HIT: text });
  return withStandardTerms(table, rebateOf);
}
