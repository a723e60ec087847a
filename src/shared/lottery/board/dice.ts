// 骰宝 board for the dice products JSTB (江苏骰宝, on the 江苏快3 draw), F1TB and UU3TB (reference §5,
// §2.5; gb-rcenter jsk3.ftl): three dice 1–6, 216 equally likely ordered outcomes.
import { itemBetType, memo, numberItems, numberValues, ownOddsItems, pickBetType, sharedOddsItems } from './builders.ts';
import { combinations } from './combinatorics.ts';
import { diceDefaults } from './dice-odds.ts';
import { LOSE, win, winIf, type BoardEnv, type BoardModel, type PickId, type Verdict } from './types.ts';

export interface DiceCtx {
  readonly dice: readonly number[];
  readonly sum: number;
  /** counts[f] = how many dice show face f (index 0 unused). */
  readonly counts: readonly number[];
  readonly triple: boolean;
}

function ctxOf(dice: readonly number[]): DiceCtx {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const die of dice) counts[die] = (counts[die] as number) + 1;
  return { dice, sum: dice.reduce((a, b) => a + b, 0), counts, triple: dice[0] === dice[1] && dice[1] === dice[2] };
}

const everyThrow = memo<DiceCtx>(() => {
  const out = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) out.push({ ctx: ctxOf([a, b, c]), weight: 1n });
  return out;
});
const space = () => everyThrow('');

const count = (ctx: DiceCtx, face: PickId | string): number => ctx.counts[Number(face)] as number;
const FACES: readonly (readonly [string, string])[] = ['1', '2', '3', '4', '5', '6'].map((f) => [f, f] as const);

const twoSides = itemBetType<DiceCtx>({
  id: 'TWO_SIDES',
  name: '大小单双',
  group: '大小单双',
  items: ownOddsItems([
    ['BIG', '大'],
    ['SMALL', '小'],
    ['ODD', '单'],
    ['EVEN', '双'],
  ]),
  judge: (item, ctx, env): Verdict => {
    const bigSmall = item === 'BIG' || item === 'SMALL';
    const kills = bigSmall ? env.rules.diceTripleBigSmall === 'LOSE' : env.rules.diceTripleOddEven === 'LOSE';
    if (ctx.triple && kills) return LOSE;
    const hit = { BIG: ctx.sum >= 11, SMALL: ctx.sum <= 10, ODD: ctx.sum % 2 === 1, EVEN: ctx.sum % 2 === 0 }[item] ?? false;
    return winIf(hit, item);
  },
  space,
});

const sumItems = (env: BoardEnv) => (env.rules.diceSumThreeEighteen === 'OFFERED' ? numberItems(3, 18) : numberItems(4, 17));
const points = itemBetType<DiceCtx>({
  id: 'SUM',
  name: '点数',
  group: '点数',
  items: sumItems,
  judge: (item, ctx) => winIf(ctx.sum === Number(item), item),
  space,
});

const singleNumberLevels = (env: BoardEnv) =>
  env.rules.diceSingleNumber === 'ONCE'
    ? [{ key: 'ONCE', name: '中奖（仅派彩一次）' }]
    : [
        { key: 'ONE', name: '出现1次' },
        { key: 'TWO', name: '出现2次' },
        { key: 'THREE', name: '出现3次' },
      ];
const single = itemBetType<DiceCtx>({
  id: 'SINGLE',
  name: '三军',
  group: '三军',
  items: (env) => sharedOddsItems(FACES, env.rules.diceSingleNumber === 'ONCE' ? 'ONCE' : 'ONE'),
  levels: singleNumberLevels,
  judge: (item, ctx, env): Verdict => {
    const times = count(ctx, item);
    if (times === 0) return LOSE;
    if (env.rules.diceSingleNumber === 'ONCE') return win('ONCE');
    return win(times === 1 ? 'ONE' : times === 2 ? 'TWO' : 'THREE');
  },
  space,
});

const triple = itemBetType<DiceCtx>({
  id: 'TRIPLE',
  name: '围骰',
  group: '围骰/全骰',
  items: sharedOddsItems(FACES.map(([f]) => [f, `${f}${f}${f}`] as const), 'TRIPLE'),
  judge: (item, ctx) => winIf(count(ctx, item) === 3, 'TRIPLE'),
  space,
});

const anyTriple = itemBetType<DiceCtx>({
  id: 'ANY_TRIPLE',
  name: '全骰',
  group: '围骰/全骰',
  items: ownOddsItems([['ANY', '全骰']]),
  judge: (_item, ctx) => winIf(ctx.triple, 'ANY'),
  space,
});

const double = itemBetType<DiceCtx>({
  id: 'DOUBLE',
  name: '短牌（对子）',
  group: '短牌/长牌',
  items: sharedOddsItems(FACES.map(([f]) => [f, `${f}${f}`] as const), 'DOUBLE'),
  // At least two dice show the number (a triple counts).
  judge: (item, ctx) => winIf(count(ctx, item) >= 2, 'DOUBLE'),
  space,
});

const LONG_PAIRS = combinations(['1', '2', '3', '4', '5', '6'], 2).map(([a, b]) => [`${a}${b}`, `${a}${b}`] as const);
const combination = itemBetType<DiceCtx>({
  id: 'COMBINATION',
  name: '长牌',
  group: '短牌/长牌',
  items: sharedOddsItems(LONG_PAIRS, 'COMBINATION'),
  judge: (item, ctx) => winIf(count(ctx, item.charAt(0)) > 0 && count(ctx, item.charAt(1)) > 0, 'COMBINATION'),
  space,
});

const straight = itemBetType<DiceCtx>({
  id: 'STRAIGHT',
  name: '三连号',
  group: '快3',
  items: ownOddsItems([['ANY', '三连号通选']]),
  judge: (_item, ctx) => {
    const sorted = [...ctx.dice].sort((a, b) => a - b) as [number, number, number];
    return winIf(sorted[1] === sorted[0] + 1 && sorted[2] === sorted[1] + 1, 'ANY');
  },
  space,
});

const pairAny = itemBetType<DiceCtx>({
  id: 'PAIR_ANY',
  name: '二同号复选',
  group: '快3',
  items: sharedOddsItems(FACES.map(([f]) => [f, `${f}${f}*`] as const), 'PAIR_ANY'),
  // Exactly two dice show the number: a triple does not count (official 快3 rule).
  judge: (item, ctx) => winIf(count(ctx, item) === 2, 'PAIR_ANY'),
  space,
});

const DIE_VALUES = numberValues(1, 6);

const threeDistinct = pickBetType<DiceCtx>({
  id: 'THREE_DISTINCT',
  name: '三不同号',
  group: '快3',
  values: DIE_VALUES,
  picks: { min: 3, max: 3 },
  levels: [{ key: 'HIT', name: '中奖' }],
  judge: (combo, ctx) => winIf(combo.every((face) => count(ctx, face) === 1), 'HIT'),
  cases: [{ label: '任意三个不同号（如 123）', combo: [1, 2, 3] }],
  space,
});

const pairSingle = pickBetType<DiceCtx>({
  id: 'PAIR_SINGLE',
  name: '二同号单选',
  group: '快3',
  values: DIE_VALUES,
  picks: { min: 2, max: 2 },
  // [the doubled number, the single number]
  ordered: true,
  levels: [{ key: 'HIT', name: '中奖' }],
  judge: ([pair, other], ctx) => winIf(count(ctx, pair as PickId) === 2 && count(ctx, other as PickId) === 1, 'HIT'),
  cases: [{ label: '任意二同号加一个不同号（如 112）', combo: [1, 2] }],
  space,
});

export const diceBoard: BoardModel<DiceCtx> = {
  category: 'DICE',
  betTypes: [twoSides, points, single, triple, anyTriple, double, combination, straight, pairAny, threeDistinct, pairSingle],
  derive: (result) => ctxOf(result.slice(0, 3)),
  defaults: (env) => diceDefaults(env.rules),
};
