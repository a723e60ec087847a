// 时时彩 board (reference §2.1 board table; gb-rcenter cqssc.ftl / fc3d.ftl): five digits 万千百十个.
import { itemBetType, memo, numberItems, numberValues, ownOddsItems, pickBetType } from './builders.ts';
import { fiveDigitForm, threeDigitForm } from './digit-forms.ts';
import { SSC_POSITION_NAMES, SSC_POSITION_PAIRS, SSC_SEGMENTS } from './ssc-layout.ts';
import { sscDefaults } from './ssc-odds.ts';
import {
  LOSE,
  PUSH,
  winIf,
  type BoardBetType,
  type BoardModel,
  type PickId,
  type Verdict,
  type Weighted,
  type WeightedSpace,
} from './types.ts';

export interface SscCtx {
  readonly digits: readonly number[];
  readonly sum: number;
}

const BALL_NAMES = ['第一球', '第二球', '第三球', '第四球', '第五球'] as const;
const PRIMES: ReadonlySet<number> = new Set([1, 2, 3, 5, 7]);

function sscCtx(digits: readonly number[]): SscCtx {
  return { digits, sum: digits.reduce((a, b) => a + b, 0) };
}

/** Every assignment of the given positions (others 0): exact for a bet that reads only those positions. */
const digitSpace = memo<SscCtx>((key) => {
  const positions = key.split(',').map(Number);
  const out: Weighted<SscCtx>[] = [];
  const total = 10 ** positions.length;
  for (let code = 0; code < total; code++) {
    const digits = [0, 0, 0, 0, 0];
    let rest = code;
    for (let p = positions.length - 1; p >= 0; p--) {
      digits[positions[p] as number] = rest % 10;
      rest = Math.floor(rest / 10);
    }
    out.push({ ctx: sscCtx(digits), weight: 1n });
  }
  return out;
});
const spaceOf = (positions: readonly number[]): WeightedSpace<SscCtx> => digitSpace(positions.join(','));
const ALL_POSITIONS = [0, 1, 2, 3, 4] as const;

const digit = (ctx: SscCtx, position: number): number => ctx.digits[position] as number;

/** 大 5–9 / 小 0–4, 单/双, 质 1,2,3,5,7 / 合 0,4,6,8,9 — of a digit (or the tail of a sum). */
function twoSidesOfDigit(item: string, d: number): boolean {
  switch (item) {
    case 'BIG':
      return d >= 5;
    case 'SMALL':
      return d <= 4;
    case 'ODD':
      return d % 2 === 1;
    case 'EVEN':
      return d % 2 === 0;
    case 'PRIME':
      return PRIMES.has(d);
    case 'COMPOSITE':
      return !PRIMES.has(d);
    default:
      return false;
  }
}

const TWO_SIDE_ITEMS = ownOddsItems([
  ['BIG', '大'],
  ['SMALL', '小'],
  ['ODD', '单'],
  ['EVEN', '双'],
  ['PRIME', '质'],
  ['COMPOSITE', '合'],
]);

const balls: BoardBetType<SscCtx>[] = ALL_POSITIONS.map((position) =>
  itemBetType<SscCtx>({
    id: `BALL_${position + 1}`,
    name: `${BALL_NAMES[position]}（${SSC_POSITION_NAMES[position]}位）`,
    group: '两面',
    items: [...numberItems(0, 9), ...TWO_SIDE_ITEMS],
    judge: (item, ctx) => {
      const d = digit(ctx, position);
      // Digit items are the one-character ids "0"…"9".
      return winIf(item.length === 1 ? item.charCodeAt(0) - 48 === d : twoSidesOfDigit(item, d), item);
    },
    space: () => spaceOf([position]),
  }),
);

const total = itemBetType<SscCtx>({
  id: 'SUM',
  name: '总和',
  group: '两面',
  items: ownOddsItems([
    ['BIG', '总和大'],
    ['SMALL', '总和小'],
    ['ODD', '总和单'],
    ['EVEN', '总和双'],
  ]),
  judge: (item, { sum }) => {
    switch (item) {
      case 'BIG':
        return winIf(sum >= 23, item);
      case 'SMALL':
        return winIf(sum <= 22, item);
      default:
        return winIf(twoSidesOfDigit(item, sum % 10), item);
    }
  },
  space: () => spaceOf(ALL_POSITIONS),
});

const dragonTigers: BoardBetType<SscCtx>[] = SSC_POSITION_PAIRS.map(([first, second]) =>
  itemBetType<SscCtx>({
    id: `DRAGON_TIGER_${first + 1}_${second + 1}`,
    name: `${SSC_POSITION_NAMES[first]}${SSC_POSITION_NAMES[second]}龙虎`,
    group: '龙虎',
    items: ownOddsItems([
      ['DRAGON', '龙'],
      ['TIGER', '虎'],
      ['TIE', '和'],
    ]),
    judge: (item, ctx, env): Verdict => {
      const dragon = digit(ctx, first);
      const tiger = digit(ctx, second);
      if (item === 'TIE') return winIf(dragon === tiger, item);
      if (dragon === tiger) return env.rules.sscDragonTigerTie === 'PUSH' ? PUSH : LOSE;
      return winIf(item === 'DRAGON' ? dragon > tiger : tiger > dragon, item);
    },
    space: () => spaceOf([first, second]),
  }),
);

const forms3: BoardBetType<SscCtx>[] = SSC_SEGMENTS.map((segment) =>
  itemBetType<SscCtx>({
    id: `FORM_${segment.key}`,
    name: `${segment.name}形态`,
    group: '形态',
    items: ownOddsItems([
      ['LEOPARD', '豹子'],
      ['STRAIGHT', '顺子'],
      ['PAIR', '对子'],
      ['HALF_STRAIGHT', '半顺'],
      ['MIXED', '杂六'],
    ]),
    judge: (item, ctx) => {
      const [a, b, c] = segment.positions;
      return winIf(threeDigitForm(digit(ctx, a), digit(ctx, b), digit(ctx, c)) === item, item);
    },
    space: () => spaceOf(segment.positions),
  }),
);

const form5 = itemBetType<SscCtx>({
  id: 'FORM_FIVE',
  name: '五星形态',
  group: '形态',
  items: ownOddsItems([
    ['FIVE_OF_A_KIND', '五条'],
    ['FOUR_OF_A_KIND', '四条'],
    ['FULL_HOUSE', '葫芦'],
    ['STRAIGHT', '顺子'],
    ['THREE_OF_A_KIND', '三条'],
    ['TWO_PAIRS', '两对'],
    ['ONE_PAIR', '一对'],
    ['HIGH_CARD', '单牌'],
  ]),
  judge: (item, ctx) => winIf(fiveDigitForm(ctx.digits) === item, item),
  space: () => spaceOf(ALL_POSITIONS),
});

const DIGITS = numberValues(0, 9);
function countIn(ctx: SscCtx, positions: readonly number[], value: PickId): number {
  let n = 0;
  for (const p of positions) if (digit(ctx, p) === value) n++;
  return n;
}

const oneDigitGroups = [{ key: 'ALL', name: '全五', positions: ALL_POSITIONS }, ...SSC_SEGMENTS] as const;
const oneDigit: BoardBetType<SscCtx>[] = oneDigitGroups.map((segment) =>
  itemBetType<SscCtx>({
    id: `ONE_DIGIT_${segment.key}`,
    name: `${segment.name}一字组合`,
    group: '一字组合',
    items: numberItems(0, 9),
    // Pays once however often the digit appears.
    judge: (item, ctx) => winIf(countIn(ctx, segment.positions, item.charCodeAt(0) - 48) > 0, item),
    space: () => spaceOf(segment.positions),
  }),
);


const twoDigitCombos: BoardBetType<SscCtx>[] = SSC_SEGMENTS.map((segment) =>
  pickBetType<SscCtx>({
    id: `TWO_DIGIT_COMBO_${segment.key}`,
    name: `${segment.name}二字组合`,
    group: '二字组合',
    values: DIGITS,
    picks: { min: 2, max: 2 },
    repeats: true,
    levels: [
      { key: 'PAIR', name: '对子（两同号）' },
      { key: 'DISTINCT', name: '不同号' },
    ],
    judge: ([a, b], ctx) => {
      if (a === b) return winIf(countIn(ctx, segment.positions, a as PickId) >= 2, 'PAIR');
      return winIf(countIn(ctx, segment.positions, a as PickId) > 0 && countIn(ctx, segment.positions, b as PickId) > 0, 'DISTINCT');
    },
    cases: [
      { label: '对子（如 11）', combo: [1, 1] },
      { label: '不同号（如 12）', combo: [1, 2] },
    ],
    space: () => spaceOf(segment.positions),
  }),
);

const twoDigitPositions: BoardBetType<SscCtx>[] = SSC_POSITION_PAIRS.map(([first, second]) =>
  pickBetType<SscCtx>({
    id: `TWO_DIGIT_POSITION_${first + 1}_${second + 1}`,
    name: `${SSC_POSITION_NAMES[first]}${SSC_POSITION_NAMES[second]}二字定位`,
    group: '二字定位',
    values: DIGITS,
    picks: { min: 2, max: 2 },
    ordered: true,
    repeats: true,
    levels: [{ key: 'HIT', name: '中奖' }],
    judge: ([a, b], ctx) => winIf(digit(ctx, first) === a && digit(ctx, second) === b, 'HIT'),
    cases: [{ label: '任一定位号码（如 12）', combo: [1, 2] }],
    space: () => spaceOf([first, second]),
  }),
);

const twoDigitSums: BoardBetType<SscCtx>[] = SSC_POSITION_PAIRS.map(([first, second]) =>
  itemBetType<SscCtx>({
    id: `TWO_DIGIT_SUM_${first + 1}_${second + 1}`,
    name: `${SSC_POSITION_NAMES[first]}${SSC_POSITION_NAMES[second]}和数`,
    group: '二字和数',
    items: ownOddsItems([
      ['BIG', '和尾大'],
      ['SMALL', '和尾小'],
      ['ODD', '和单'],
      ['EVEN', '和双'],
      ['PRIME', '和尾质'],
      ['COMPOSITE', '和尾合'],
    ]),
    // Read on the last digit of the two digits' sum (its parity is the sum's parity).
    judge: (item, ctx) => winIf(twoSidesOfDigit(item, (digit(ctx, first) + digit(ctx, second)) % 10), item),
    space: () => spaceOf([first, second]),
  }),
);

const threeDigitPositions: BoardBetType<SscCtx>[] = SSC_SEGMENTS.map((segment) =>
  pickBetType<SscCtx>({
    id: `THREE_DIGIT_POSITION_${segment.key}`,
    name: `${segment.name}三字定位`,
    group: '三字定位',
    values: DIGITS,
    picks: { min: 3, max: 3 },
    ordered: true,
    repeats: true,
    levels: [{ key: 'HIT', name: '中奖' }],
    judge: (combo, ctx) => winIf(segment.positions.every((p, i) => digit(ctx, p) === combo[i]), 'HIT'),
    cases: [{ label: '任一定位号码（如 123）', combo: [1, 2, 3] }],
    space: () => spaceOf(segment.positions),
  }),
);

function comboLevel(combo: readonly PickId[]): 'LEOPARD' | 'GROUP3' | 'GROUP6' {
  const distinct = new Set(combo).size;
  return distinct === 1 ? 'LEOPARD' : distinct === 2 ? 'GROUP3' : 'GROUP6';
}
const sortedKey = (values: readonly PickId[]): string => values.map(Number).sort((x, y) => x - y).join(',');

const threeDigitCombos: BoardBetType<SscCtx>[] = SSC_SEGMENTS.map((segment) =>
  pickBetType<SscCtx>({
    id: `THREE_DIGIT_COMBO_${segment.key}`,
    name: `${segment.name}三字组合`,
    group: '三字组合',
    values: DIGITS,
    picks: { min: 3, max: 3 },
    repeats: true,
    levels: [
      { key: 'LEOPARD', name: '豹子（如 111）' },
      { key: 'GROUP3', name: '组三（如 112）' },
      { key: 'GROUP6', name: '组六（如 123）' },
    ],
    judge: (combo, ctx) =>
      winIf(sortedKey(combo) === sortedKey(segment.positions.map((p) => digit(ctx, p))), comboLevel(combo)),
    cases: [
      { label: '豹子（如 111）', combo: [1, 1, 1] },
      { label: '组三（如 112）', combo: [1, 1, 2] },
      { label: '组六（如 123）', combo: [1, 2, 3] },
    ],
    space: () => spaceOf(segment.positions),
  }),
);

const sums3: BoardBetType<SscCtx>[] = SSC_SEGMENTS.map((segment) =>
  itemBetType<SscCtx>({
    id: `SUM_${segment.key}`,
    name: `${segment.name}和数`,
    group: '和数',
    items: numberItems(0, 27),
    judge: (item, ctx) => {
      const [a, b, c] = segment.positions;
      return winIf(digit(ctx, a) + digit(ctx, b) + digit(ctx, c) === Number(item), item);
    },
    space: () => spaceOf(segment.positions),
  }),
);

const spans: BoardBetType<SscCtx>[] = SSC_SEGMENTS.map((segment) =>
  itemBetType<SscCtx>({
    id: `SPAN_${segment.key}`,
    name: `${segment.name}跨度`,
    group: '跨度',
    items: numberItems(0, 9),
    judge: (item, ctx) => {
      const [a, b, c] = segment.positions;
      const x = digit(ctx, a);
      const y = digit(ctx, b);
      const z = digit(ctx, c);
      return winIf(Math.max(x, y, z) - Math.min(x, y, z) === Number(item), item);
    },
    space: () => spaceOf(segment.positions),
  }),
);

export const sscBoard: BoardModel<SscCtx> = {
  category: 'SSC',
  betTypes: [
    ...balls,
    total,
    ...dragonTigers,
    ...forms3,
    form5,
    ...oneDigit,
    ...twoDigitCombos,
    ...twoDigitPositions,
    ...twoDigitSums,
    ...threeDigitPositions,
    ...threeDigitCombos,
    ...sums3,
    ...spans,
  ],
  derive: (result) => sscCtx(result.slice(0, 5)),
  defaults: (env) => sscDefaults(env.rules),
};

