// 快乐8 board (reference §2.8 board table; gb-rcenter bjkl8.ftl): 20 distinct numbers of 1–80.
// Bets read either the sum of the 20 numbers or how many fall in 1–40 / are odd; their exact
// distributions (subset-sum counts, hypergeometric counts) are the outcome spaces.
import { itemBetType, memo, ownOddsItems } from './builders.ts';
import { binomial, range, subsetSumCounts, subsetWithSum } from './combinatorics.ts';
import { kenoDefaults } from './keno-odds.ts';
import { LOSE, PUSH, winIf, type BoardModel, type Verdict, type Weighted } from './types.ts';

export interface KenoCtx {
  readonly numbers: readonly number[];
  readonly sum: number;
  /** How many of the 20 are in 1–40. */
  readonly upper: number;
  /** How many of the 20 are odd. */
  readonly odd: number;
}

function ctxOf(numbers: readonly number[]): KenoCtx {
  let sum = 0;
  let upper = 0;
  let odd = 0;
  for (const n of numbers) {
    sum += n;
    if (n <= 40) upper++;
    if (n % 2 === 1) odd++;
  }
  return { numbers, sum, upper, odd };
}

/** One representative draw per possible sum 210…1410, weighted by the number of draws with that sum. */
const sumSpace = memo<KenoCtx>(() => {
  const counts = subsetSumCounts(80, 20)[20] as bigint[];
  const out: Weighted<KenoCtx>[] = [];
  counts.forEach((weight, sum) => {
    if (weight === 0n) return;
    const draw = subsetWithSum(80, 20, sum);
    if (draw) out.push({ ctx: ctxOf(draw), weight });
  });
  return out;
});

/** One representative draw per split c / 20 − c between two halves of 40 numbers. */
function splitSpace(firstHalf: readonly number[], secondHalf: readonly number[]): Weighted<KenoCtx>[] {
  return range(0, 20).map((c) => ({
    ctx: ctxOf([...firstHalf.slice(0, c), ...secondHalf.slice(0, 20 - c)]),
    weight: binomial(40, c) * binomial(40, 20 - c),
  }));
}
const upperSpace = memo<KenoCtx>(() => splitSpace(range(1, 40), range(41, 80)));
const oddSpace = memo<KenoCtx>(() =>
  splitSpace(
    range(1, 80).filter((n) => n % 2 === 1),
    range(1, 80).filter((n) => n % 2 === 0),
  ),
);

const SUM_ITEMS = ownOddsItems([
  ['BIG', '总和大'],
  ['SMALL', '总和小'],
  ['ODD', '总和单'],
  ['EVEN', '总和双'],
  ['SUM_810', '和值810'],
  ['BIG_ODD', '总大单'],
  ['BIG_EVEN', '总大双'],
  ['SMALL_ODD', '总小单'],
  ['SMALL_EVEN', '总小双'],
]);

const total = itemBetType<KenoCtx>({
  id: 'SUM',
  name: '总和',
  group: '总和',
  items: SUM_ITEMS,
  judge: (item, { sum }, env): Verdict => {
    if (item === 'SUM_810') return winIf(sum === 810, item);
    const readsSize = item !== 'ODD' && item !== 'EVEN';
    if (readsSize && sum === 810) return env.rules.kenoSum810 === 'PUSH' ? PUSH : LOSE;
    const big = sum > 810;
    const odd = sum % 2 === 1;
    const hit =
      {
        BIG: big,
        SMALL: !big,
        ODD: odd,
        EVEN: !odd,
        BIG_ODD: big && odd,
        BIG_EVEN: big && !odd,
        SMALL_ODD: !big && odd,
        SMALL_EVEN: !big && !odd,
      }[item] ?? false;
    return winIf(hit, item);
  },
  space: () => sumSpace(''),
});

/** 上盘 / 中盘 / 下盘 by how many numbers are in 1–40. The same split is sold as 前后和 elsewhere. */
const upDown = itemBetType<KenoCtx>({
  id: 'UP_DOWN',
  name: '上下盘',
  group: '上下盘',
  items: ownOddsItems([
    ['UP', '上盘'],
    ['MIDDLE', '中盘'],
    ['DOWN', '下盘'],
  ]),
  judge: (item, { upper }) => winIf(item === 'UP' ? upper > 10 : item === 'DOWN' ? upper < 10 : upper === 10, item),
  space: () => upperSpace(''),
});

const oddEven = itemBetType<KenoCtx>({
  id: 'ODD_EVEN',
  name: '奇偶盘',
  group: '奇偶盘',
  items: ownOddsItems([
    ['ODD', '奇盘'],
    ['TIE', '和盘'],
    ['EVEN', '偶盘'],
  ]),
  judge: (item, { odd }) => winIf(item === 'ODD' ? odd > 10 : item === 'EVEN' ? odd < 10 : odd === 10, item),
  space: () => oddSpace(''),
});

/** 五行 by the sum: 金 210–695, 木 696–763, 水 764–855, 火 856–923, 土 924–1410. */
const ELEMENT_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  METAL: [210, 695],
  WOOD: [696, 763],
  WATER: [764, 855],
  FIRE: [856, 923],
  EARTH: [924, 1410],
};
const fiveElements = itemBetType<KenoCtx>({
  id: 'FIVE_ELEMENTS',
  name: '五行',
  group: '五行',
  items: ownOddsItems([
    ['METAL', '金'],
    ['WOOD', '木'],
    ['WATER', '水'],
    ['FIRE', '火'],
    ['EARTH', '土'],
  ]),
  judge: (item, { sum }) => {
    const [low, high] = ELEMENT_RANGES[item] ?? [1, 0];
    return winIf(sum >= low && sum <= high, item);
  },
  space: () => sumSpace(''),
});

export const kenoBoard: BoardModel<KenoCtx> = {
  category: 'KENO',
  betTypes: [total, upDown, oddEven, fiveElements],
  derive: (result) => ctxOf([...result].sort((a, b) => a - b)),
  defaults: (env) => kenoDefaults(env.rules),
};
