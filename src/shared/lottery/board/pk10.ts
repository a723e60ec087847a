// PK10 board (reference §2.4 board table): the finishing order of cars 1–10 (index 0 = 冠军).
import { itemBetType, memo, numberItems, ownOddsItems } from './builders.ts';
import { arrangements, range } from './combinatorics.ts';
import { pk10Defaults } from './pk10-odds.ts';
import { PUSH, winIf, type BoardBetType, type BoardModel, type Verdict, type WeightedSpace } from './types.ts';

export interface Pk10Ctx {
  readonly order: readonly number[];
}

const PK10_RANK_NAMES = ['冠军', '亚军', '第三名', '第四名', '第五名', '第六名', '第七名', '第八名', '第九名', '第十名'] as const;

/**
 * Every assignment of cars to the given ranks, the other ranks filled in ascending order: each
 * assignment stands for the same number (10 − k)! of full orders, so weight 1 is exact.
 */
const rankSpace = memo<Pk10Ctx>((key) => {
  const ranks = key.split(',').map(Number);
  return arrangements(range(1, 10), ranks.length).map((cars) => {
    const rest = range(1, 10).filter((car) => !cars.includes(car));
    const order = range(0, 9).map((rank) => {
      const at = ranks.indexOf(rank);
      return at >= 0 ? (cars[at] as number) : (rest.shift() as number);
    });
    return { ctx: { order }, weight: 1n };
  });
});
const spaceOf = (ranks: readonly number[]): WeightedSpace<Pk10Ctx> => rankSpace(ranks.join(','));

const TWO_SIDES = ownOddsItems([
  ['BIG', '大'],
  ['SMALL', '小'],
  ['ODD', '单'],
  ['EVEN', '双'],
]);

const topTwoSum = itemBetType<Pk10Ctx>({
  id: 'TOP2_SUM',
  name: '冠亚和',
  group: '冠亚和',
  items: [...numberItems(3, 19), ...TWO_SIDES.map((item) => ({ ...item, name: `冠亚${item.name}` }))],
  judge: (item, { order }, env): Verdict => {
    const sum = (order[0] as number) + (order[1] as number);
    if (/^\d+$/.test(item)) return winIf(sum === Number(item), item);
    if (sum === 11 && env.rules.pk10SumEleven === 'PUSH') return PUSH;
    const hit = { BIG: sum >= 12, SMALL: sum <= 11, ODD: sum % 2 === 1, EVEN: sum % 2 === 0 }[item] ?? false;
    return winIf(hit, item);
  },
  space: () => spaceOf([0, 1]),
});

const ranks: BoardBetType<Pk10Ctx>[] = PK10_RANK_NAMES.map((name, rank) =>
  itemBetType<Pk10Ctx>({
    id: `RANK_${rank + 1}`,
    name,
    group: '名次',
    items: [...numberItems(1, 10, (n) => String(n).padStart(2, '0')), ...TWO_SIDES],
    judge: (item, { order }) => {
      const car = order[rank] as number;
      if (/^\d+$/.test(item)) return winIf(car === Number(item), item);
      const hit = { BIG: car >= 6, SMALL: car <= 5, ODD: car % 2 === 1, EVEN: car % 2 === 0 }[item] ?? false;
      return winIf(hit, item);
    },
    space: () => spaceOf([rank]),
  }),
);

/** 名次 i against 名次 11 − i (冠军 vs 第十名 …); cars differ, so there is no tie. */
const dragonTigers: BoardBetType<Pk10Ctx>[] = [0, 1, 2, 3, 4].map((rank) =>
  itemBetType<Pk10Ctx>({
    id: `DRAGON_TIGER_${rank + 1}`,
    name: `${PK10_RANK_NAMES[rank]}龙虎`,
    group: '龙虎',
    items: ownOddsItems([
      ['DRAGON', '龙'],
      ['TIGER', '虎'],
    ]),
    judge: (item, { order }) => {
      const dragon = order[rank] as number;
      const tiger = order[9 - rank] as number;
      return winIf(item === 'DRAGON' ? dragon > tiger : tiger > dragon, item);
    },
    space: () => spaceOf([rank, 9 - rank]),
  }),
);

export const pk10Board: BoardModel<Pk10Ctx> = {
  category: 'PK10',
  betTypes: [topTwoSum, ...ranks, ...dragonTigers],
  derive: (result) => ({ order: result.slice(0, 10) }),
  defaults: (env) => pk10Defaults(env.rules),
};
