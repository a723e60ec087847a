// 六合彩 board (reference §2.7; gb-rcenter lhc.ftl): six 正码 in draw order, then the 特码, all distinct
// of 1–49. Outcome spaces are exact counts, not 49C7 enumeration: the 特码 alone (49 cases), one
// 正码 position (49), group counts for set bets (a bet that only asks how many drawn numbers fall in
// some groups — its picks, zodiacs or tails — is enumerated over those counts with hypergeometric
// weights), and subset-sum counts for 总和.
import { itemBetType, memo, numberValues, ownOddsItems, pickBetType, sharedOddsItems } from './builders.ts';
import { binomial, range, subsetSumCounts, subsetWithSum } from './combinatorics.ts';
import { mark6Defaults } from './mark6-odds.ts';
import { DOMESTIC_ZODIACS, ZODIACS, ZODIAC_IDS, type ZodiacId, type ZodiacYear } from './mark6-zodiac.ts';
import {
  LOSE,
  PUSH,
  win,
  winIf,
  type BoardBetType,
  type BoardEnv,
  type BoardModel,
  type OddsLevel,
  type PickId,
  type Verdict,
  type Weighted,
  type WeightedSpace,
} from './types.ts';

export interface Mark6Ctx {
  /** 正码1…6 in draw order. */
  readonly main: readonly number[];
  readonly special: number;
  /** drawn[n]: n is one of the seven numbers; inMain[n]: n is a 正码. */
  readonly drawn: readonly boolean[];
  readonly inMain: readonly boolean[];
  readonly sum: number;
}

export type Mark6Colour = 'RED' | 'BLUE' | 'GREEN';
const RED_NUMBERS = [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46];
const BLUE_NUMBERS = [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48];
/** 波色 of 1–49 (reference §2.7): 红 17, 蓝 16, 绿 16 numbers. */
function mark6Colour(n: number): Mark6Colour {
  if (RED_NUMBERS.includes(n)) return 'RED';
  if (BLUE_NUMBERS.includes(n)) return 'BLUE';
  return 'GREEN';
}
const COLOUR_NAMES: Readonly<Record<Mark6Colour, string>> = { RED: '红', BLUE: '蓝', GREEN: '绿' };

function ctxOf(main: readonly number[], special: number): Mark6Ctx {
  const drawn = new Array<boolean>(50).fill(false);
  const inMain = new Array<boolean>(50).fill(false);
  for (const n of main) drawn[n] = inMain[n] = true;
  drawn[special] = true;
  return { main, special, drawn, inMain, sum: main.reduce((a, b) => a + b, special) };
}

function zodiacsOf(env: BoardEnv): ZodiacYear {
  if (!env.zodiac) throw new Error('六合彩 board opened without a zodiac table');
  return env.zodiac;
}

const ALL_NUMBERS = range(1, 49);

/** The 特码 takes each value once; the 正码 are any fixed other numbers (not read). */
const specialSpace = memo<Mark6Ctx>(() =>
  ALL_NUMBERS.map((special) => ({ ctx: ctxOf(ALL_NUMBERS.filter((n) => n !== special).slice(0, 6), special), weight: 1n })),
);

/** 正码 `position` takes each value once. */
const mainPositionSpace = memo<Mark6Ctx>((key) => {
  const position = Number(key);
  return ALL_NUMBERS.map((n) => {
    const others = ALL_NUMBERS.filter((m) => m !== n);
    const main = others.slice(0, 5);
    main.splice(position, 0, n);
    return { ctx: ctxOf(main, others[5] as number), weight: 1n };
  });
});

/** Every split of the six 正码 counts over `pools` (count i at most pools[i].length). */
function countVectors(pools: readonly (readonly number[])[], total: number): number[][] {
  const out: number[][] = [];
  const current: number[] = [];
  const walk = (index: number, left: number): void => {
    if (index === pools.length) {
      if (left === 0) out.push(current.slice());
      return;
    }
    for (let c = 0; c <= Math.min(left, (pools[index] as readonly number[]).length); c++) {
      current.push(c);
      walk(index + 1, left - c);
      current.pop();
    }
  };
  walk(0, total);
  return out;
}

/**
 * Representative draws for a bet that only reads how many of the seven numbers (and whether the 特码)
 * fall in each of the disjoint `groups`: one draw per (group of the 特码, 正码 count per group),
 * weighted by the number of draws it stands for.
 */
const groupSpace = memo<Mark6Ctx>((key) => {
  const groups = key.split('|').map((g) => g.split(',').map(Number));
  const used = new Set(groups.flat());
  const pools = [...groups, ALL_NUMBERS.filter((n) => !used.has(n))];
  const out: Weighted<Mark6Ctx>[] = [];
  pools.forEach((group, specialGroup) => {
    if (group.length === 0) return;
    const special = group[group.length - 1] as number;
    const remaining = pools.map((pool, i) => (i === specialGroup ? pool.slice(0, -1) : pool));
    for (const counts of countVectors(remaining, 6)) {
      const main = counts.flatMap((c, i) => (remaining[i] as number[]).slice(0, c));
      const weight = counts.reduce((w, c, i) => w * binomial((remaining[i] as number[]).length, c), BigInt(group.length));
      out.push({ ctx: ctxOf(main, special), weight });
    }
  });
  return out;
});
const spaceOfGroups = (groups: readonly (readonly number[])[]): WeightedSpace<Mark6Ctx> =>
  groupSpace(groups.map((g) => [...g].sort((a, b) => a - b).join(',')).join('|'));

/** One representative draw per total 28…322, weighted by the number of 7-subsets with that total. */
const totalSpace = memo<Mark6Ctx>(() => {
  const counts = subsetSumCounts(49, 7)[7] as bigint[];
  const out: Weighted<Mark6Ctx>[] = [];
  counts.forEach((weight, sum) => {
    const numbers = weight > 0n ? subsetWithSum(49, 7, sum) : undefined;
    if (numbers) out.push({ ctx: ctxOf(numbers.slice(0, 6), numbers[6] as number), weight });
  });
  return out;
});

const fortyNine = (env: BoardEnv): Verdict => (env.rules.mark6FortyNine === 'PUSH' ? PUSH : LOSE);
const digitSum = (n: number): number => Math.floor(n / 10) + (n % 10);

/** 两面 of a number other than 49: 大 25–48, 合 = digit sum (合大 ≥ 7), 尾大 5–9, 家禽/野兽 by zodiac. */
function twoSidesHit(item: string, n: number, env: BoardEnv): boolean {
  const big = n >= 25;
  const odd = n % 2 === 1;
  switch (item) {
    case 'BIG':
      return big;
    case 'SMALL':
      return !big;
    case 'ODD':
      return odd;
    case 'EVEN':
      return !odd;
    case 'SUM_BIG':
      return digitSum(n) >= 7;
    case 'SUM_SMALL':
      return digitSum(n) <= 6;
    case 'SUM_ODD':
      return digitSum(n) % 2 === 1;
    case 'SUM_EVEN':
      return digitSum(n) % 2 === 0;
    case 'TAIL_BIG':
      return n % 10 >= 5;
    case 'TAIL_SMALL':
      return n % 10 <= 4;
    case 'BIG_ODD':
      return big && odd;
    case 'BIG_EVEN':
      return big && !odd;
    case 'SMALL_ODD':
      return !big && odd;
    case 'SMALL_EVEN':
      return !big && !odd;
    case 'DOMESTIC':
      return DOMESTIC_ZODIACS.has(zodiacsOf(env).zodiacOf[n] as ZodiacId);
    case 'WILD':
      return !DOMESTIC_ZODIACS.has(zodiacsOf(env).zodiacOf[n] as ZodiacId);
    default:
      return false;
  }
}

const NUMBER_ITEMS = sharedOddsItems(
  ALL_NUMBERS.map((n) => [String(n), String(n).padStart(2, '0')] as const),
  'NUMBER',
);
const NUMBER_LEVEL: readonly OddsLevel[] = [{ key: 'NUMBER', name: '号码' }];

const special = itemBetType<Mark6Ctx>({
  id: 'SPECIAL',
  name: '特码',
  group: '特码',
  items: NUMBER_ITEMS,
  levels: () => NUMBER_LEVEL,
  judge: (item, ctx) => winIf(ctx.special === Number(item), 'NUMBER'),
  space: () => specialSpace(''),
});

const specialTwoSides = itemBetType<Mark6Ctx>({
  id: 'SPECIAL_TWO_SIDES',
  name: '特码两面',
  group: '特码',
  items: ownOddsItems([
    ['BIG', '特大'],
    ['SMALL', '特小'],
    ['ODD', '特单'],
    ['EVEN', '特双'],
    ['SUM_BIG', '特合大'],
    ['SUM_SMALL', '特合小'],
    ['SUM_ODD', '特合单'],
    ['SUM_EVEN', '特合双'],
    ['TAIL_BIG', '特尾大'],
    ['TAIL_SMALL', '特尾小'],
    ['BIG_ODD', '特大单'],
    ['BIG_EVEN', '特大双'],
    ['SMALL_ODD', '特小单'],
    ['SMALL_EVEN', '特小双'],
    ['DOMESTIC', '家禽'],
    ['WILD', '野兽'],
  ]),
  judge: (item, ctx, env) => (ctx.special === 49 ? fortyNine(env) : winIf(twoSidesHit(item, ctx.special, env), item)),
  space: () => specialSpace(''),
});

const mainAny = itemBetType<Mark6Ctx>({
  id: 'MAIN_ANY',
  name: '正码',
  group: '正码',
  items: NUMBER_ITEMS,
  levels: () => NUMBER_LEVEL,
  judge: (item, ctx) => winIf(ctx.inMain[Number(item)] === true, 'NUMBER'),
  space: (item) => spaceOfGroups([[Number(item)]]),
});

const MAIN_NAMES = ['一', '二', '三', '四', '五', '六'] as const;

const mainSpecific: BoardBetType<Mark6Ctx>[] = MAIN_NAMES.map((name, position) =>
  itemBetType<Mark6Ctx>({
    id: `MAIN_SPECIFIC_${position + 1}`,
    name: `正${name}特`,
    group: '正特',
    items: NUMBER_ITEMS,
    levels: () => NUMBER_LEVEL,
    judge: (item, ctx) => winIf(ctx.main[position] === Number(item), 'NUMBER'),
    space: () => mainPositionSpace(String(position)),
  }),
);

const COLOUR_ITEMS = ownOddsItems([
  ['RED', '红波'],
  ['BLUE', '蓝波'],
  ['GREEN', '绿波'],
]);

const mainTwoSides: BoardBetType<Mark6Ctx>[] = MAIN_NAMES.map((name, position) =>
  itemBetType<Mark6Ctx>({
    id: `MAIN_TWO_SIDES_${position + 1}`,
    name: `正码${name}`,
    group: '正码1-6',
    items: [
      ...ownOddsItems([
        ['BIG', '大'],
        ['SMALL', '小'],
        ['ODD', '单'],
        ['EVEN', '双'],
        ['SUM_BIG', '合大'],
        ['SUM_SMALL', '合小'],
        ['SUM_ODD', '合单'],
        ['SUM_EVEN', '合双'],
        ['TAIL_BIG', '尾大'],
        ['TAIL_SMALL', '尾小'],
      ]),
      ...COLOUR_ITEMS,
    ],
    judge: (item, ctx, env) => {
      const n = ctx.main[position] as number;
      // 色波 has no tie: 49 is green.
      if (item === 'RED' || item === 'BLUE' || item === 'GREEN') return winIf(mark6Colour(n) === item, item);
      return n === 49 ? fortyNine(env) : winIf(twoSidesHit(item, n, env), item);
    },
    space: () => mainPositionSpace(String(position)),
  }),
);

const BALL_VALUES = numberValues(1, 49, true);
const MAX_LINKED_PICKS = 10;
const countInMain = (combo: readonly PickId[], ctx: Mark6Ctx): number =>
  combo.reduce<number>((n, pick) => n + (ctx.inMain[pick as number] ? 1 : 0), 0);
const numbersSpace = (combo: readonly PickId[]) => spaceOfGroups(combo.map((n) => [n as number]));

interface LinkedSpec {
  id: string;
  name: string;
  size: number;
  levels: readonly OddsLevel[];
  judge: (combo: readonly PickId[], ctx: Mark6Ctx) => Verdict;
}
const HIT: readonly OddsLevel[] = [{ key: 'HIT', name: '中奖' }];
const LINKED: readonly LinkedSpec[] = [
  { id: 'LINK_3_ALL', name: '三全中', size: 3, levels: HIT, judge: (c, ctx) => winIf(countInMain(c, ctx) === 3, 'HIT') },
  {
    id: 'LINK_3_2',
    name: '三中二',
    size: 3,
    levels: [
      { key: 'HIT_2', name: '中二' },
      { key: 'HIT_3', name: '中三' },
    ],
    judge: (c, ctx) => {
      const hits = countInMain(c, ctx);
      return hits === 3 ? win('HIT_3') : hits === 2 ? win('HIT_2') : LOSE;
    },
  },
  { id: 'LINK_2_ALL', name: '二全中', size: 2, levels: HIT, judge: (c, ctx) => winIf(countInMain(c, ctx) === 2, 'HIT') },
  {
    id: 'LINK_2_SPECIAL',
    name: '二中特',
    size: 2,
    levels: [
      { key: 'HIT_2', name: '中二' },
      { key: 'HIT_SPECIAL', name: '中特' },
    ],
    judge: (c, ctx) => {
      const hits = countInMain(c, ctx);
      if (hits === 2) return win('HIT_2');
      return winIf(hits === 1 && c.includes(ctx.special), 'HIT_SPECIAL');
    },
  },
  {
    id: 'LINK_SPECIAL',
    name: '特串',
    size: 2,
    levels: HIT,
    judge: (c, ctx) => winIf(countInMain(c, ctx) === 1 && c.includes(ctx.special), 'HIT'),
  },
  { id: 'LINK_4_ALL', name: '四全中', size: 4, levels: HIT, judge: (c, ctx) => winIf(countInMain(c, ctx) === 4, 'HIT') },
];

const linked: BoardBetType<Mark6Ctx>[] = LINKED.map((spec) =>
  pickBetType<Mark6Ctx>({
    id: spec.id,
    name: spec.name,
    group: '连码',
    values: BALL_VALUES,
    picks: { min: spec.size, max: MAX_LINKED_PICKS },
    comboSize: spec.size,
    levels: spec.levels,
    judge: (combo, ctx) => spec.judge(combo, ctx),
    cases: [{ label: `任意${spec.size}个号码一组`, combo: range(1, spec.size) }],
    space: numbersSpace,
  }),
);

const ZODIAC_VALUES = ZODIACS.map(({ id, name }) => ({ id, name }));
const BENMING_LEVELS: readonly OddsLevel[] = [
  { key: 'BENMING', name: '本命肖' },
  { key: 'OTHER', name: '其他生肖' },
];
const benmingKey = (zodiac: PickId, env: BoardEnv): string => (zodiac === zodiacsOf(env).benming ? 'BENMING' : 'OTHER');
const zodiacItems = (env: BoardEnv) => ZODIACS.map(({ id, name }) => ({ id, name, oddsKey: benmingKey(id, env) }));
const zodiacNumbers = (zodiac: PickId, env: BoardEnv): readonly number[] => zodiacsOf(env).numbersOf[zodiac as ZodiacId];
const zodiacDrawn = (zodiac: PickId, ctx: Mark6Ctx, env: BoardEnv): boolean =>
  zodiacNumbers(zodiac, env).some((n) => ctx.drawn[n]);

const zodiacSpecial = itemBetType<Mark6Ctx>({
  id: 'ZODIAC_SPECIAL',
  name: '特肖',
  group: '生肖',
  items: zodiacItems,
  levels: () => BENMING_LEVELS,
  judge: (item, ctx, env) => winIf(zodiacsOf(env).zodiacOf[ctx.special] === item, benmingKey(item, env)),
  space: () => specialSpace(''),
});

const zodiacAny = itemBetType<Mark6Ctx>({
  id: 'ZODIAC_ANY',
  name: '一肖',
  group: '生肖',
  items: zodiacItems,
  levels: () => BENMING_LEVELS,
  // Any of the seven numbers; pays once; 49 counts like any number.
  judge: (item, ctx, env) => winIf(zodiacDrawn(item, ctx, env), benmingKey(item, env)),
  space: (item, env) => spaceOfGroups([zodiacNumbers(item, env)]),
});

const COUNT_NAMES = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一'] as const;
const zodiacSet = pickBetType<Mark6Ctx>({
  id: 'ZODIAC_SET',
  name: '合肖',
  group: '生肖',
  values: ZODIAC_VALUES,
  picks: { min: 2, max: 11 },
  levels: range(2, 11).map((k) => ({ key: `K${k}`, name: `${COUNT_NAMES[k]}肖` })),
  judge: (combo, ctx, env) =>
    ctx.special === 49 ? fortyNine(env) : winIf(combo.includes(zodiacsOf(env).zodiacOf[ctx.special] as ZodiacId), `K${combo.length}`),
  cases: range(2, 11).map((k) => ({ label: `${COUNT_NAMES[k]}肖`, combo: ZODIAC_IDS.slice(0, k) })),
  space: () => specialSpace(''),
});

/** Cases with and without a distinguished value (本命肖, 0尾) for link bets of `size`. */
function withAndWithout(size: number, special: PickId, others: readonly PickId[], withLabel: string, withoutLabel: string) {
  return [
    { label: withLabel, combo: [special, ...others.slice(0, size - 1)] },
    { label: withoutLabel, combo: others.slice(0, size) },
  ];
}

const LINK_SIZES = [2, 3, 4, 5] as const;
const MAX_LINK_PICKS = 8;

function zodiacLink(size: number, miss: boolean): BoardBetType<Mark6Ctx> {
  return pickBetType<Mark6Ctx>({
    id: `ZODIAC_LINK${miss ? '_MISS' : ''}_${size}`,
    name: `${COUNT_NAMES[size]}连肖${miss ? '不中' : ''}`,
    group: '连肖',
    values: ZODIAC_VALUES,
    picks: { min: size, max: MAX_LINK_PICKS },
    comboSize: size,
    levels: [
      { key: 'BENMING', name: '含本命肖' },
      { key: 'OTHER', name: '不含本命肖' },
    ],
    judge: (combo, ctx, env) => {
      const key = combo.includes(zodiacsOf(env).benming) ? 'BENMING' : 'OTHER';
      return winIf(miss ? combo.every((z) => !zodiacDrawn(z, ctx, env)) : combo.every((z) => zodiacDrawn(z, ctx, env)), key);
    },
    cases: (env) => {
      const benming = zodiacsOf(env).benming;
      return withAndWithout(size, benming, ZODIAC_IDS.filter((z) => z !== benming), '含本命肖', '不含本命肖');
    },
    space: (combo, env) => spaceOfGroups(combo.map((z) => zodiacNumbers(z, env))),
  });
}

const TAIL_ITEMS = range(0, 9).map((t) => ({ id: String(t), name: `${t}尾`, oddsKey: t === 0 ? 'TAIL0' : 'OTHER' }));
const TAIL_LEVELS: readonly OddsLevel[] = [
  { key: 'TAIL0', name: '0尾' },
  { key: 'OTHER', name: '1–9尾' },
];
const tailNumbers = (tail: number): number[] => ALL_NUMBERS.filter((n) => n % 10 === tail);
const tailDrawn = (tail: number, ctx: Mark6Ctx): boolean => tailNumbers(tail).some((n) => ctx.drawn[n]);

const tailSpecial = itemBetType<Mark6Ctx>({
  id: 'TAIL_SPECIAL',
  name: '特码尾数',
  group: '尾数',
  items: TAIL_ITEMS,
  levels: () => TAIL_LEVELS,
  judge: (item, ctx) => winIf(ctx.special % 10 === Number(item), item === '0' ? 'TAIL0' : 'OTHER'),
  space: () => specialSpace(''),
});

const tailAny = itemBetType<Mark6Ctx>({
  id: 'TAIL_ANY',
  name: '正特尾数',
  group: '尾数',
  items: TAIL_ITEMS,
  levels: () => TAIL_LEVELS,
  // Any of the seven numbers; pays once.
  judge: (item, ctx) => winIf(tailDrawn(Number(item), ctx), item === '0' ? 'TAIL0' : 'OTHER'),
  space: (item) => spaceOfGroups([tailNumbers(Number(item))]),
});

const TAIL_VALUES = range(0, 9).map((t) => ({ id: t, name: `${t}尾` }));
function tailLink(size: number, miss: boolean): BoardBetType<Mark6Ctx> {
  return pickBetType<Mark6Ctx>({
    id: `TAIL_LINK${miss ? '_MISS' : ''}_${size}`,
    name: `${COUNT_NAMES[size]}连尾${miss ? '不中' : ''}`,
    group: '连尾',
    values: TAIL_VALUES,
    picks: { min: size, max: MAX_LINK_PICKS },
    comboSize: size,
    levels: [
      { key: 'WITH_ZERO', name: '含0尾' },
      { key: 'OTHER', name: '不含0尾' },
    ],
    judge: (combo, ctx) => {
      const key = combo.includes(0) ? 'WITH_ZERO' : 'OTHER';
      return winIf(miss ? combo.every((t) => !tailDrawn(t as number, ctx)) : combo.every((t) => tailDrawn(t as number, ctx)), key);
    },
    cases: withAndWithout(size, 0, range(1, 9), '含0尾', '不含0尾'),
    space: (combo) => spaceOfGroups(combo.map((t) => tailNumbers(t as number))),
  });
}

const colour = itemBetType<Mark6Ctx>({
  id: 'COLOR',
  name: '色波',
  group: '色波',
  items: COLOUR_ITEMS,
  judge: (item, ctx) => winIf(mark6Colour(ctx.special) === item, item),
  space: () => specialSpace(''),
});

const HALF_ATTRIBUTES = [
  ['BIG', '大'],
  ['SMALL', '小'],
  ['ODD', '单'],
  ['EVEN', '双'],
  ['SUM_ODD', '合单'],
  ['SUM_EVEN', '合双'],
] as const;
const halfColour = itemBetType<Mark6Ctx>({
  id: 'HALF_COLOR',
  name: '半波',
  group: '色波',
  items: ownOddsItems(
    (['RED', 'BLUE', 'GREEN'] as const).flatMap((c) =>
      HALF_ATTRIBUTES.map(([a, name]) => [`${c}_${a}`, `${COLOUR_NAMES[c]}${name}`] as const),
    ),
  ),
  judge: (item, ctx, env) => {
    if (ctx.special === 49) return fortyNine(env);
    const split = item.indexOf('_');
    const colourId = item.slice(0, split);
    const attribute = item.slice(split + 1);
    return winIf(mark6Colour(ctx.special) === colourId && twoSidesHit(attribute, ctx.special, env), item);
  },
  space: () => specialSpace(''),
});

const NOT_IN_SIZES = [5, 6, 7, 8, 9, 10, 11, 12] as const;
const NOT_IN_NAMES = ['五', '六', '七', '八', '九', '十', '十一', '十二'] as const;
const notIn: BoardBetType<Mark6Ctx>[] = NOT_IN_SIZES.map((size, i) =>
  pickBetType<Mark6Ctx>({
    id: `NOT_IN_${size}`,
    name: `${NOT_IN_NAMES[i]}不中`,
    group: '不中',
    values: BALL_VALUES,
    picks: { min: size, max: size + 3 },
    comboSize: size,
    levels: HIT,
    judge: (combo, ctx) => winIf(combo.every((n) => !ctx.drawn[n as number]), 'HIT'),
    cases: [{ label: `任意${size}个号码一组`, combo: range(1, size) }],
    space: (combo) => spaceOfGroups([combo as number[]]),
  }),
);

const total = itemBetType<Mark6Ctx>({
  id: 'TOTAL',
  name: '总和',
  group: '总和',
  items: ownOddsItems([
    ['BIG', '总和大'],
    ['SMALL', '总和小'],
    ['ODD', '总和单'],
    ['EVEN', '总和双'],
  ]),
  judge: (item, { sum }) => {
    const hit = { BIG: sum >= 175, SMALL: sum <= 174, ODD: sum % 2 === 1, EVEN: sum % 2 === 0 }[item] ?? false;
    return winIf(hit, item);
  },
  space: () => totalSpace(''),
});

export const mark6Board: BoardModel<Mark6Ctx> = {
  category: 'MARK6',
  betTypes: [
    special,
    specialTwoSides,
    mainAny,
    ...mainSpecific,
    ...mainTwoSides,
    ...linked,
    zodiacSpecial,
    zodiacAny,
    zodiacSet,
    ...LINK_SIZES.map((size) => zodiacLink(size, false)),
    ...LINK_SIZES.map((size) => zodiacLink(size, true)),
    tailSpecial,
    tailAny,
    ...LINK_SIZES.map((size) => tailLink(size, false)),
    ...LINK_SIZES.map((size) => tailLink(size, true)),
    colour,
    halfColour,
    ...notIn,
    total,
  ],
  derive: (result) => ctxOf(result.slice(0, 6), result[6] as number),
  defaults: (env) => mark6Defaults(env.rules),
};
