import { describe, expect, it } from 'vitest';
import { boardCatalogue, evaluateBoardBet } from '../../../../src/shared/lottery/board/index.ts';
import { rtpReportOf } from '../../../../src/shared/lottery/board/rtp.ts';
import type { Board } from '../../../../src/shared/lottery/board/engine.ts';
import type { PickId } from '../../../../src/shared/lottery/board/types.ts';
import { ANIMALS, mark6Oracle, referenceZodiac } from './oracles/mark6.ts';
import { numbersWithSum, oracleRtp, returnOf, subsetSums } from './support/distributions.ts';
import { choose, frac, sameValue, show, type Fraction } from './support/fractions.ts';
import { boardWith, caseKey, rtpEntryOf, runOracle, standardCases, type Case } from './support/harness.ts';
import { drawDistinct, pickSome, seededRandom } from './support/random.ts';

/** The reference gives the 马 year from 2026-02-17; the day before is still the 蛇 year. */
const HORSE_YEAR_DATE = '2026-06-01';
const SNAKE_YEAR_DATE = '2026-02-16';
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function crafted(): number[][] {
  const draws = [
    [1, 2, 3, 4, 5, 6, 49],
    [1, 2, 3, 4, 5, 6, 7],
    [1, 2, 10, 11, 12, 13, 3],
    [1, 3, 10, 11, 12, 13, 2],
    [1, 10, 11, 12, 13, 14, 2],
    [10, 11, 12, 13, 14, 15, 1],
    [2, 8, 17, 28, 39, 46, 25],
  ];
  for (let position = 0; position < 6; position++) {
    const main = [10, 20, 30, 40, 41, 42];
    main[position] = 49;
    draws.push([...main, 1]);
  }
  return draws;
}
const random = seededRandom(6);
const DRAWS = [...crafted(), ...Array.from({ length: 12_000 }, () => drawDistinct(random, 49, 7))];

function extraPicks(): Case[] {
  const pick = seededRandom(49);
  const cases: Case[] = [];
  const numberCombos: Record<string, number[][]> = {
    LINK_3_ALL: [[1, 2, 3], [2, 3, 49], [4, 5, 6]],
    LINK_3_2: [[1, 2, 3], [1, 2, 4], [3, 10, 20]],
    LINK_2_ALL: [[1, 2], [1, 49], [10, 11]],
    LINK_2_SPECIAL: [[1, 2], [1, 3], [2, 3], [10, 1]],
    LINK_SPECIAL: [[1, 2], [1, 3], [2, 3], [10, 1]],
    LINK_4_ALL: [[1, 2, 3, 4], [3, 4, 5, 6], [1, 2, 3, 49]],
  };
  for (const [betTypeId, combos] of Object.entries(numberCombos)) for (const selection of combos) cases.push({ betTypeId, selection });
  for (let k = 2; k <= 11; k++) cases.push({ betTypeId: 'ZODIAC_SET', selection: pickSome(pick, ANIMALS, k) });
  for (const size of [2, 3, 4, 5]) {
    for (const miss of ['', '_MISS']) {
      cases.push({ betTypeId: `ZODIAC_LINK${miss}_${size}`, selection: pickSome(pick, ANIMALS, size) });
      cases.push({ betTypeId: `TAIL_LINK${miss}_${size}`, selection: pickSome(pick, range(0, 9), size).sort((a, b) => a - b) });
    }
  }
  for (let size = 5; size <= 12; size++) cases.push({ betTypeId: `NOT_IN_${size}`, selection: pickSome(pick, range(1, 49), size).sort((a, b) => a - b) });
  return cases;
}

describe('六合彩 board rules against the reference, on boundary and sampled draws', () => {
  for (const [date, animal] of [
    [HORSE_YEAR_DATE, 'HORSE'],
    [SNAKE_YEAR_DATE, 'SNAKE'],
  ] as const) {
    for (const mark6FortyNine of ['PUSH', 'LOSE'] as const) {
      it(`settles every item and sampled picks as the reference does (${date}, 49 → ${mark6FortyNine})`, () => {
        const board = boardWith('MARK6', { mark6FortyNine }, date);
        const run = runOracle(board, DRAWS, [...standardCases(board), ...extraPicks()], mark6Oracle(animal));
        expect(run.mismatches).toEqual([]);
      }, 30_000);
    }
  }
});

/** P(every one of the groups has a number among the 7 drawn) by inclusion–exclusion. */
function allGroupsDrawn(sizes: readonly number[]): Fraction {
  let favourable = 0n;
  for (let mask = 0; mask < 1 << sizes.length; mask++) {
    const excluded = sizes.reduce((sum, size, i) => sum + (mask & (1 << i) ? size : 0), 0);
    const sign = range(0, sizes.length - 1).filter((i) => mask & (1 << i)).length % 2 ? -1n : 1n;
    favourable += sign * choose(49 - excluded, 7);
  }
  return frac(favourable, choose(49, 7));
}
const noneDrawn = (size: number): Fraction => frac(choose(49 - size, 7), choose(49, 7));

/** P(a of the k picks are 正码 and b is the 特码). */
const linkChance = (k: number, a: number, b: number): Fraction => frac(choose(6, a) * choose(1, b) * choose(42, k - a - b), choose(49, k));

function expectedRtp(board: Board, c: Case, animal: string): Fraction {
  const zodiacOf = referenceZodiac(animal);
  const picks = c.selection as readonly PickId[];
  const id = c.betTypeId;
  const groupSize = (zodiac: PickId) => range(1, 49).filter((n) => zodiacOf(n) === zodiac).length;
  const tailSize = (tail: PickId) => range(1, 49).filter((n) => n % 10 === tail).length;
  if (id === 'MAIN_ANY') return returnOf(board, id, [['NUMBER', frac(6, 49)]]);
  if (id === 'ZODIAC_ANY') {
    const p = allGroupsDrawn([groupSize(c.selection as string)]);
    return returnOf(board, id, [[c.selection === animal ? 'BENMING' : 'OTHER', p]]);
  }
  if (id === 'TAIL_ANY') {
    const p = allGroupsDrawn([tailSize(Number(c.selection))]);
    return returnOf(board, id, [[c.selection === '0' ? 'TAIL0' : 'OTHER', p]]);
  }
  const link = id.match(/^(ZODIAC|TAIL)_LINK(_MISS)?_\d$/);
  if (link) {
    const sizes = picks.map(link[1] === 'ZODIAC' ? groupSize : tailSize);
    const p = link[2] ? noneDrawn(sizes.reduce((a, b) => a + b, 0)) : allGroupsDrawn(sizes);
    const key = link[1] === 'ZODIAC' ? (picks.includes(animal) ? 'BENMING' : 'OTHER') : picks.includes(0) ? 'WITH_ZERO' : 'OTHER';
    return returnOf(board, id, [[key, p]]);
  }
  if (id.startsWith('NOT_IN_')) return returnOf(board, id, [['HIT', noneDrawn(picks.length)]]);
  switch (id) {
    case 'LINK_3_ALL':
      return returnOf(board, id, [['HIT', linkChance(3, 3, 0)]]);
    case 'LINK_3_2':
      return returnOf(board, id, [
        ['HIT_3', linkChance(3, 3, 0)],
        ['HIT_2', frac(choose(6, 2) * choose(43, 1), choose(49, 3))],
      ]);
    case 'LINK_2_ALL':
      return returnOf(board, id, [['HIT', linkChance(2, 2, 0)]]);
    case 'LINK_2_SPECIAL':
      return returnOf(board, id, [
        ['HIT_2', linkChance(2, 2, 0)],
        ['HIT_SPECIAL', linkChance(2, 1, 1)],
      ]);
    case 'LINK_SPECIAL':
      return returnOf(board, id, [['HIT', linkChance(2, 1, 1)]]);
    case 'LINK_4_ALL':
      return returnOf(board, id, [['HIT', linkChance(4, 4, 0)]]);
    default:
      throw new Error(`no closed form for ${id}`);
  }
}

/** Bets reading only the 特码 (or only 正码 i): every value 1–49 once, the other numbers arbitrary. */
function singleNumberDraws(position: number) {
  return range(1, 49).map((n) => {
    const others = range(1, 49).filter((m) => m !== n);
    const draw = [...others.slice(0, 6)];
    draw.splice(position, 0, n);
    return { draw: draw.slice(0, 7), weight: 1n };
  });
}

/**
 * One draw per outcome class of every 六合彩 bet: each value 1–49 at each of the seven positions (特码,
 * 正码 i and the bets reading them), each reachable total 28–322, and for every 生肖 and 尾数 group
 * each count of its numbers among the seven (with the group's numbers among the 正码 first, or the
 * 特码 among them), which decides 一肖, 连肖, 尾数, 连尾 and 特肖/特码尾数.
 */
function classDraws(zodiacOf: (n: number) => string): number[][] {
  const draws = range(0, 6).flatMap((position) => singleNumberDraws(position).map((d) => d.draw));
  const sums = subsetSums(49, 7);
  sums.forEach((weight, sum) => {
    if (weight) draws.push(numbersWithSum(49, 7, sum));
  });
  const groups = [
    ...ANIMALS.map((animal) => range(1, 49).filter((n) => zodiacOf(n) === animal)),
    ...range(0, 9).map((tail) => range(1, 49).filter((n) => n % 10 === tail)),
  ];
  for (const group of groups) {
    const others = range(1, 49).filter((n) => !group.includes(n));
    for (let count = 0; count <= Math.min(7, group.length); count++) {
      const inside = group.slice(0, count);
      draws.push([...inside, ...others.slice(0, 7 - count)]);
      draws.push([...others.slice(0, 7 - count), ...inside]);
    }
  }
  return draws;
}

describe('六合彩 board rules on one draw per outcome class', () => {
  for (const mark6FortyNine of ['PUSH', 'LOSE'] as const) {
    it(`settles every item and the standard picks as the reference does (49 → ${mark6FortyNine})`, () => {
      const board = boardWith('MARK6', { mark6FortyNine }, HORSE_YEAR_DATE);
      const draws = classDraws(referenceZodiac('HORSE'));
      expect(draws.length).toBeGreaterThan(7 * 49 + 290);
      const run = runOracle(board, draws, standardCases(board), mark6Oracle('HORSE'));
      expect(run.mismatches).toEqual([]);
    });
  }
});

describe('六合彩 RTP against exact counting', () => {
  for (const mark6FortyNine of ['PUSH', 'LOSE'] as const) {
    it(`matches closed forms and exhaustive single-number enumeration (49 → ${mark6FortyNine})`, () => {
      const board = boardWith('MARK6', { mark6FortyNine }, HORSE_YEAR_DATE);
      const report = rtpReportOf(board);
      const oracle = mark6Oracle('HORSE');
      const sums = subsetSums(49, 7);
      const byTotal = sums.flatMap((weight, sum) => (weight ? [{ draw: numbersWithSum(49, 7, sum), weight }] : []));
      const differences: string[] = [];
      for (const c of standardCases(board)) {
        const position = c.betTypeId.match(/^MAIN_(SPECIFIC|TWO_SIDES)_(\d)$/);
        const specialOnly = /^(SPECIAL|SPECIAL_TWO_SIDES|ZODIAC_SPECIAL|ZODIAC_SET|TAIL_SPECIAL|COLOR|HALF_COLOR)$/.test(c.betTypeId);
        let want: Fraction | undefined;
        if (position || specialOnly) {
          const draws = singleNumberDraws(position ? Number(position[2]) - 1 : 6);
          want = oracleRtp(board, draws, [c], oracle).get(caseKey(c));
        } else if (c.betTypeId === 'TOTAL') want = oracleRtp(board, byTotal, [c], oracle).get(caseKey(c));
        else want = expectedRtp(board, c, 'HORSE');
        const entry = rtpEntryOf(report, c);
        if (!want || !sameValue(want, entry.rtp)) differences.push(`${caseKey(c)}: engine ${show(entry.rtp)}, exact ${want && show(want)}`);
      }
      expect(differences).toEqual([]);
      expect(sums.reduce((a, b) => a + (b ?? 0n), 0n)).toBe(choose(49, 7));
    });
  }
});

describe('六合彩 worked examples', () => {
  const settle = (betTypeId: string, selection: string | PickId[], result: number[], rules = {}, date = HORSE_YEAR_DATE) =>
    evaluateBoardBet('MARK6', { betTypeId, selection, stake: 10_000 }, result, { rules }, date);
  const fortyNine = [1, 2, 3, 4, 5, 6, 49];

  it('特码 49: two-sided bets are refunded by default (or lose when configured); 49 itself, 绿波 and 特肖 settle normally', () => {
    expect(settle('SPECIAL_TWO_SIDES', 'BIG', fortyNine)).toMatchObject({ outcome: 'PUSH', payout: 10_000, rebate: 0 });
    expect(settle('SPECIAL_TWO_SIDES', 'SMALL', fortyNine).outcome).toBe('PUSH');
    expect(settle('SPECIAL_TWO_SIDES', 'BIG', fortyNine, { mark6FortyNine: 'LOSE' })).toMatchObject({ outcome: 'LOSE', payout: 0, rebate: 50 });
    expect(settle('HALF_COLOR', 'GREEN_BIG', fortyNine).outcome).toBe('PUSH');
    expect(settle('ZODIAC_SET', ['HORSE', 'RAT'], fortyNine).outcome).toBe('PUSH');
    expect(settle('SPECIAL', '49', fortyNine)).toMatchObject({ outcome: 'WIN', payout: 475_000, rebate: 100 });
    expect(settle('COLOR', 'GREEN', fortyNine).outcome).toBe('WIN');
    expect(settle('ZODIAC_SPECIAL', 'HORSE', fortyNine)).toMatchObject({ outcome: 'WIN', payout: 95_000 });
    expect(settle('TAIL_SPECIAL', '9', fortyNine).outcome).toBe('WIN');
  });

  it('半波 合单/合双 read the digit sum of the 特码 within its colour: 23 is 红合单, 28 绿合双; 49 is refunded', () => {
    const special = (n: number) => [1, 2, 3, 4, 5, 6, n].map((m, i) => (i < 6 && m === n ? 40 + i : m));
    expect(settle('HALF_COLOR', 'RED_SUM_ODD', special(23)).outcome).toBe('WIN');
    expect(settle('HALF_COLOR', 'RED_SUM_EVEN', special(23)).outcome).toBe('LOSE');
    expect(settle('HALF_COLOR', 'BLUE_SUM_ODD', special(23)).outcome).toBe('LOSE');
    expect(settle('HALF_COLOR', 'GREEN_SUM_EVEN', special(28)).outcome).toBe('WIN');
    expect(settle('HALF_COLOR', 'GREEN_SUM_ODD', special(28)).outcome).toBe('LOSE');
    expect(settle('HALF_COLOR', 'GREEN_SUM_ODD', fortyNine).outcome).toBe('PUSH');
    expect(settle('HALF_COLOR', 'GREEN_SUM_ODD', fortyNine, { mark6FortyNine: 'LOSE' }).outcome).toBe('LOSE');
  });

  it('总和 02+08+17+28+39+46+25 = 165 is 小 and 单', () => {
    expect(settle('TOTAL', 'SMALL', [2, 8, 17, 28, 39, 46, 25]).outcome).toBe('WIN');
    expect(settle('TOTAL', 'ODD', [2, 8, 17, 28, 39, 46, 25]).outcome).toBe('WIN');
  });

  it('三中二 06 07 08 with 06 and 07 among the 正码 pays 中二; all three pay 中三; one 正码 + 特码 is not 三全中', () => {
    expect(settle('LINK_3_2', [6, 7, 8], [6, 7, 1, 2, 3, 4, 8]).combinations[0]).toMatchObject({ oddsKey: 'HIT_2', payout: 230_000 });
    expect(settle('LINK_3_2', [6, 7, 8], [6, 7, 8, 2, 3, 4, 9]).combinations[0]).toMatchObject({ oddsKey: 'HIT_3', payout: 1_250_000 });
    expect(settle('LINK_3_ALL', [6, 7, 8], [6, 7, 1, 2, 3, 4, 8]).outcome).toBe('LOSE');
    expect(settle('LINK_2_SPECIAL', [6, 8], [6, 7, 1, 2, 3, 4, 8]).combinations[0]?.oddsKey).toBe('HIT_SPECIAL');
    expect(settle('LINK_SPECIAL', [6, 7], [6, 7, 1, 2, 3, 4, 8]).outcome).toBe('LOSE');
  });

  it('正特尾数 pays once per tail however many numbers share it (rule text: 1, 2, 4, 5 尾 win)', () => {
    const draw = [11, 31, 42, 44, 35, 32, 21];
    for (const tail of ['1', '2', '4', '5']) expect(settle('TAIL_ANY', tail, draw)).toMatchObject({ outcome: 'WIN', payout: 17_500 });
    expect(settle('TAIL_ANY', '3', draw).outcome).toBe('LOSE');
  });

  it('uses the zodiac table of the lunar year: 01 is 马 from 2026-02-17 and 蛇 the day before', () => {
    const special01 = [2, 3, 4, 5, 6, 7, 1];
    expect(settle('ZODIAC_SPECIAL', 'HORSE', special01, {}, '2026-02-17').outcome).toBe('WIN');
    expect(settle('ZODIAC_SPECIAL', 'SNAKE', special01, {}, '2026-02-16').outcome).toBe('WIN');
    expect(settle('ZODIAC_SPECIAL', 'HORSE', special01, {}, '2026-02-16').outcome).toBe('LOSE');
    const table = boardCatalogue('MARK6', undefined, '2026-02-17').zodiac;
    expect(table?.benming).toBe('HORSE');
    const numbersOf = (id: string) => table?.numbers.find((z) => z.id === id)?.numbers;
    expect(numbersOf('HORSE')).toEqual([1, 13, 25, 37, 49]);
    expect(numbersOf('SNAKE')).toEqual([2, 14, 26, 38]);
    expect(numbersOf('GOAT')).toEqual([12, 24, 36, 48]);
    // gb-rcenter's 鸡年 table (2017): 鸡 01…, 狗 12…, 猴 02…
    const rooster = boardCatalogue('MARK6', undefined, '2017-06-01').zodiac;
    expect(rooster?.numbers.find((z) => z.id === 'DOG')?.numbers).toEqual([12, 24, 36, 48]);
    expect(rooster?.numbers.find((z) => z.id === 'MONKEY')?.numbers).toEqual([2, 14, 26, 38]);
  });

  it('连码 复式 expands into every combination, each staked and settled on its own', () => {
    const settlement = settle('LINK_2_ALL', [1, 2, 3, 4], [1, 2, 3, 10, 11, 12, 13]);
    expect(settlement.totalStake).toBe(60_000);
    expect(settlement.combinations.map((c) => c.outcome)).toEqual(['WIN', 'WIN', 'LOSE', 'WIN', 'LOSE', 'LOSE']);
    expect(settlement.payout).toBe(3 * 740_000);
    expect(settlement.rebate).toBe(6 * 30);
  });
});
