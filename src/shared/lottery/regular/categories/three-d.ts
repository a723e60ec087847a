// 福彩3D / 排列3 / 排列5 regular-mode methods (reference §2.3): the 三星 methods of 时时彩 on the three
// digits (排列5: its first three, 万千百), the official 组三/组六 和值 and 胆拖 plays, 二星, 定位胆,
// 不定位, 大小单双; 排列5 adds 五星直选.
import { RESULT_FORMATS, resultFormatFor } from '../../result.ts';
import { defineMethod } from '../define.ts';
import * as F from '../kernels/digit-families.ts';
import type { MethodSpec } from '../method-spec.ts';
import {
  bigSmallMethod,
  combinationMethod,
  directPair,
  list,
  positionalMethod,
  regionOf,
  spanMethod,
  specialMethod,
  sumMethod,
  sumTailMethod,
  threeStarGroup,
  twoStar,
  unpositionedMethod,
  type DigitGame,
  type Region,
} from './digit-methods.ts';

function officialGroupExtras(game: DigitGame, region: Region, base: { group: string; subGroup: string }): MethodSpec[] {
  const labels = list(region.labels);
  const m = (id: string, name: string, rule: string, example: string, family: ReturnType<typeof F.formSum>): MethodSpec =>
    defineMethod(game.format, { id, name, fullName: `${region.name}${name}`, ...base, rule, example, reads: region.window, readsText: `开奖号码${labels}` }, family);
  return [
    m('QZU3HZ', '组三和值', `所选和值等于开奖号码${labels}之和且开奖号码为组三形态（恰有两个数字相同），即为中奖；每个和值按其包含的组三号码计注。`,
      '投注方案：和值4、5（共6注）；开奖号码为 112 或 113 等组三号码，即中组三。', F.formSum(region.window, 'pair')),
    m('QZU6HZ', '组六和值', `所选和值等于开奖号码${labels}之和且开奖号码为组六形态（三个数字不同），即为中奖；每个和值按其包含的组六号码计注。`,
      '投注方案：和值4、5（共3注：013、014、023）；开奖号码为 301，即中组六。', F.formSum(region.window, 'distinct')),
    m('QZU3DT', '组三胆拖', '选择1个胆码和至少1个拖码，胆码与每个拖码组成两注组三号码，与开奖号码相同（顺序不限），即为中奖。',
      '投注方案：胆码3，拖码0、1、2（共6注）；开奖号码为 330 或 300 等，即中组三。', F.formDantuo(region.window, 'pair')),
    m('QZU6DT', '组六胆拖', '选择1-2个胆码和若干拖码，胆码加任意拖码组成三个不同数字的组六号码，与开奖号码相同（顺序不限），即为中奖。',
      '投注方案：胆码6，拖码3、4、5（共3注）；开奖号码为 634，即中组六。', F.formDantuo(region.window, 'distinct')),
  ];
}

function threeStar(game: DigitGame, region: Region): MethodSpec[] {
  const p = region.prefix;
  const direct = { group: region.name, subGroup: '直选' };
  const group = { group: region.name, subGroup: '组选' };
  const any = { group: region.name, subGroup: '不定位' };
  return [
    ...directPair(game, region, direct, { multiple: `${p}ZX3`, single: `${p}ZX3_S` }),
    sumMethod(game, region, direct, `${p}ZXHZ`),
    spanMethod(game, region, direct, `${p}ZXKD`),
    combinationMethod(game, region, direct, `${p}ZH3`),
    ...threeStarGroup(game, region, group),
    ...officialGroupExtras(game, region, group),
    sumTailMethod(game, region, group),
    specialMethod(game, region, group),
    unpositionedMethod(game, region, any, `${p}BDW31`, 1, `${region.name}一码`),
    unpositionedMethod(game, region, any, `${p}BDW32`, 2, `${region.name}二码`),
  ];
}

function common(game: DigitGame, three: Region, frontTwo: number[], backTwo: number[]): MethodSpec[] {
  const front = twoStar(game, regionOf(game, '前二', 'Q', frontTwo), false);
  const back = twoStar(game, regionOf(game, '后二', 'H', backTwo), false);
  const all = game.positionLabels.map((_, i) => i);
  return [
    ...threeStar(game, three),
    ...front.direct,
    ...back.direct,
    ...front.group,
    ...back.group,
    positionalMethod(game, regionOf(game, '定位胆', '', all), { group: '定位胆', subGroup: '定位胆' }, 'DWD'),
    bigSmallMethod(game, regionOf(game, '前二', 'Q', frontTwo), { group: '大小单双', subGroup: '大小单双' }, 'Q2DXDS'),
    bigSmallMethod(game, regionOf(game, '后二', 'H', backTwo), { group: '大小单双', subGroup: '大小单双' }, 'H2DXDS'),
  ];
}

/** 福彩3D, 排列3 and the platform 3D draws: three digits 百十个. */
export function threeDigitMethods(): MethodSpec[] {
  const game: DigitGame = { format: RESULT_FORMATS.THREE_D, positionLabels: ['百位', '十位', '个位'] };
  return common(game, regionOf(game, '三星', 'Q', [0, 1, 2]), [0, 1], [1, 2]);
}

/** 排列5: five digits 万千百十个; 五星直选 plus the 排列3 methods on its first three digits. */
export function fiveDigitMethods(): MethodSpec[] {
  const game: DigitGame = { format: resultFormatFor('THREE_D', 'P5'), positionLabels: ['万位', '千位', '百位', '十位', '个位'] };
  const five = regionOf(game, '五星', '', [0, 1, 2, 3, 4]);
  return [
    ...directPair(game, five, { group: '五星', subGroup: '直选' }, { multiple: 'ZX5', single: 'ZX5_S' }),
    ...common(game, regionOf(game, '前三', 'Q', [0, 1, 2]), [0, 1], [3, 4]),
  ];
}
