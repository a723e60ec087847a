// 11选5 board (reference §2.2 board paragraph): five distinct balls of 1–11 in draw order.
import { itemBetType, memo, numberItems, ownOddsItems } from './builders.ts';
import { arrangements, range } from './combinatorics.ts';
import { elevenFiveDefaults } from './eleven-five-odds.ts';
import { LOSE, PUSH, winIf, type BoardBetType, type BoardModel, type Verdict, type WeightedSpace } from './types.ts';

export interface ElevenFiveCtx {
  readonly balls: readonly number[];
  readonly sum: number;
}

const BALL_NAMES = ['第一球', '第二球', '第三球', '第四球', '第五球'] as const;

function ctxOf(balls: readonly number[]): ElevenFiveCtx {
  return { balls, sum: balls.reduce((a, b) => a + b, 0) };
}

/** All 55,440 ordered draws. */
const everyDraw = memo<ElevenFiveCtx>(() => arrangements(range(1, 11), 5).map((balls) => ({ ctx: ctxOf(balls), weight: 1n })));

/** Ball `position` takes each of 1–11 once; the other balls are any fixed distinct fill (not read). */
const positionSpace = memo<ElevenFiveCtx>((key) => {
  const position = Number(key);
  return range(1, 11).map((n) => {
    const others = range(1, 11).filter((m) => m !== n).slice(0, 4);
    others.splice(position, 0, n);
    return { ctx: ctxOf(others), weight: 1n };
  });
});
const ballSpace = (position: number): WeightedSpace<ElevenFiveCtx> => positionSpace(String(position));

const twoSides: BoardBetType<ElevenFiveCtx>[] = BALL_NAMES.map((name, position) =>
  itemBetType<ElevenFiveCtx>({
    id: `TWO_SIDES_${position + 1}`,
    name,
    group: '两面',
    items: ownOddsItems([
      ['BIG', '大'],
      ['SMALL', '小'],
      ['ODD', '单'],
      ['EVEN', '双'],
    ]),
    judge: (item, ctx, env): Verdict => {
      const ball = ctx.balls[position] as number;
      if (ball === 11 && env.rules.elevenBallEleven === 'PUSH') return PUSH;
      const hit = { BIG: ball >= 6, SMALL: ball <= 5, ODD: ball % 2 === 1, EVEN: ball % 2 === 0 }[item] ?? false;
      return winIf(hit, item);
    },
    space: () => ballSpace(position),
  }),
);

const numbers: BoardBetType<ElevenFiveCtx>[] = BALL_NAMES.map((name, position) =>
  itemBetType<ElevenFiveCtx>({
    id: `NUMBER_${position + 1}`,
    name,
    group: '号码',
    items: numberItems(1, 11, (n) => String(n).padStart(2, '0')),
    judge: (item, ctx) => winIf(ctx.balls[position] === Number(item), item),
    space: () => ballSpace(position),
  }),
);

const total = itemBetType<ElevenFiveCtx>({
  id: 'SUM',
  name: '总和',
  group: '总和',
  items: ownOddsItems([
    ['BIG', '总和大'],
    ['SMALL', '总和小'],
    ['ODD', '总和单'],
    ['EVEN', '总和双'],
    ['TAIL_BIG', '总和尾大'],
    ['TAIL_SMALL', '总和尾小'],
  ]),
  judge: (item, { sum }, env): Verdict => {
    if ((item === 'BIG' || item === 'SMALL') && sum === 30) return env.rules.elevenSumThirty === 'PUSH' ? PUSH : LOSE;
    const tail = sum % 10;
    const hit =
      { BIG: sum >= 31, SMALL: sum <= 29, ODD: sum % 2 === 1, EVEN: sum % 2 === 0, TAIL_BIG: tail >= 5, TAIL_SMALL: tail <= 4 }[
        item
      ] ?? false;
    return winIf(hit, item);
  },
  space: () => everyDraw(''),
});

const dragonTiger = itemBetType<ElevenFiveCtx>({
  id: 'DRAGON_TIGER',
  name: '龙虎（第一球对第五球）',
  group: '龙虎',
  items: ownOddsItems([
    ['DRAGON', '龙'],
    ['TIGER', '虎'],
  ]),
  // The balls are distinct, so there is no tie.
  judge: (item, { balls }) => winIf(item === 'DRAGON' ? (balls[0] as number) > (balls[4] as number) : (balls[0] as number) < (balls[4] as number), item),
  space: () => everyDraw(''),
});

export const elevenFiveBoard: BoardModel<ElevenFiveCtx> = {
  category: 'TAKE_5_OF_11',
  betTypes: [...twoSides, ...numbers, total, dragonTiger],
  derive: (result) => ctxOf(result.slice(0, 5)),
  defaults: (env) => elevenFiveDefaults(env.rules),
};
