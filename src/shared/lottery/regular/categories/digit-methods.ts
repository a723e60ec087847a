// Method builders shared by the digit games (时时彩 and 3D/排列3/排列5): a "region" is a run of digit
// positions of the result (五星, 四星, 前三, 中三, 后三, 前二, 后二) with its position labels.
import type { ResultFormat } from '../../result.ts';
import { defineMethod } from '../define.ts';
import * as F from '../kernels/digit-families.ts';
import type { MethodSpec } from '../method-spec.ts';

export interface Region {
  /** 五星, 四星, 前三, 中三, 后三, 三星, 前二, 后二 */
  name: string;
  /** Method-id prefix: '' (五星/四星), Q, Z, H. */
  prefix: string;
  window: number[];
  labels: string[];
}

export interface DigitGame {
  format: ResultFormat;
  /** Labels of every result position: 万位 千位 百位 十位 个位 (or 百位 十位 个位). */
  positionLabels: string[];
}

export const list = (labels: readonly string[]): string => labels.join('、');
const sample3 = (k: number): string => '13579'.slice(0, k);
const reads = (region: Region): string => `开奖号码${list(region.labels)}（${region.name}）`;

export function regionOf(game: DigitGame, name: string, prefix: string, window: number[]): Region {
  return { name, prefix, window, labels: window.map((p) => game.positionLabels[p]!) };
}

interface Base {
  group: string;
  subGroup: string;
}

function make(game: DigitGame, region: Region, base: Base, m: { id: string; name: string; fullName: string; rule: string; example: string }, family: ReturnType<typeof F.direct>): MethodSpec {
  return defineMethod(
    game.format,
    { ...m, group: base.group, subGroup: base.subGroup, reads: region.window, readsText: reads(region) },
    family,
  );
}

/** 直选 复式 / 单式 of a region. */
export function directPair(game: DigitGame, region: Region, base: Base, ids: { multiple: string; single: string }, names = { multiple: '复式', single: '单式' }): MethodSpec[] {
  const k = region.window.length;
  const labels = list(region.labels);
  const ex = sample3(k);
  return [
    make(game, region, base, {
      id: ids.multiple,
      name: names.multiple,
      fullName: `${region.name}直选复式`,
      rule: `从${labels}中各选择1个号码组成一注，所选号码与开奖号码的${labels}全部相同且顺序一致，即为中奖。`,
      example: `投注方案：${ex}；开奖号码${region.name}为 ${ex}，即中${region.name}直选。`,
    }, F.direct(region.window, region.labels)),
    make(game, region, base, {
      id: ids.single,
      name: names.single,
      fullName: `${region.name}直选单式`,
      rule: `手动输入${k}位数号码，每注依次对应${labels}，与开奖号码${region.name}相同且顺序一致，即为中奖。`,
      example: `投注方案：${ex}；开奖号码${region.name}为 ${ex}，即中${region.name}直选。`,
    }, F.directEntries(region.window, region.labels)),
  ];
}

const STAR_LIST = ['五星', '四星', '三星', '二星', '一星'];

export function combinationMethod(game: DigitGame, region: Region, base: Base, id: string, name = '组合'): MethodSpec {
  const k = region.window.length;
  const stars = STAR_LIST.slice(5 - k);
  const digits = '45678'.slice(5 - k);
  const parts = stars.map((s, i) => `${digits.slice(i)}（${s}）`).join('、');
  return make(game, region, base, {
    id,
    name,
    fullName: `${region.name}组合`,
    rule: `从${list(region.labels)}中各选1个号码，每个组合含${stars.join('、')}共${k}注：自${region.labels[k - 1]}起向前，与开奖号码对应位置全部相同即中该星级奖金，同一组合最多同时中${k}注。`,
    example: `投注方案：${digits.split('').join('+')}，共${k}注：${parts}；开奖号码${region.name}为 ${digits}，${stars.join('、')}各中1注。`,
  }, F.combination(region.window, region.labels));
}

/** 和值 / 跨度 of a 三星 or 二星 region. */
export function sumMethod(game: DigitGame, region: Region, base: Base, id: string, name = '和值'): MethodSpec {
  const k = region.window.length;
  return make(game, region, base, {
    id,
    name,
    fullName: `${region.name}直选和值`,
    rule: `所选和值等于开奖号码${list(region.labels)}${k}个数字相加之和，即为中奖（每个和值按其包含的直选号码计注）。`,
    example: k === 3 ? `投注方案：和值1；开奖号码${region.name}为 001、010 或 100，即中${region.name}直选。` : `投注方案：和值1；开奖号码${region.name}为 01 或 10，即中${region.name}直选。`,
  }, F.directSum(region.window));
}

export function spanMethod(game: DigitGame, region: Region, base: Base, id: string, name = '跨度'): MethodSpec {
  const k = region.window.length;
  return make(game, region, base, {
    id,
    name,
    fullName: `${region.name}直选跨度`,
    rule: `所选跨度等于开奖号码${list(region.labels)}中最大与最小数字之差，即为中奖（每个跨度按其包含的直选号码计注）。`,
    example: k === 3 ? `投注方案：跨度8；开奖号码${region.name}为 0,8,X（X为0-8）或 1,9,X（X为1-9）等，即中${region.name}直选。` : `投注方案：跨度9；开奖号码${region.name}为 09 或 90，即中${region.name}直选。`,
  }, F.directSpan(region.window));
}

/** 三星组选: 组三复式/单式, 组六复式/单式, 混合组选, 组选和值, 组选包胆. */
export function threeStarGroup(game: DigitGame, region: Region, base: Base): MethodSpec[] {
  const p = region.prefix;
  const labels = list(region.labels);
  const r = region.name;
  return [
    make(game, region, base, {
      id: `${p}ZU3`,
      name: '组三复式',
      fullName: `${r}组三复式`,
      rule: `从0-9中选择2个或以上号码，每2个号码组成两注组三号码（一个号码出现两次），与开奖号码${labels}相同（顺序不限），即为中奖。`,
      example: `投注方案：5、8（即588与558两注）；开奖号码${r}为 588（顺序不限），即中${r}组三。`,
    }, F.group(region.window, [{ label: '组三', parts: [{ multiplicity: 2, picks: 1 }, { multiplicity: 1, picks: 1 }] }], '组三', 'n(n−1) = 2·C(n,2)', 'pair')),
    make(game, region, base, {
      id: `${p}ZU3_S`,
      name: '组三单式',
      fullName: `${r}组三单式`,
      rule: `手动输入3位数号码（其中恰有2个数字相同），与开奖号码${labels}相同（顺序不限），即为中奖。`,
      example: `投注方案：001；开奖号码${r}为 010（顺序不限），即中${r}组三。`,
    }, F.groupEntries(region.window, 'pair')),
    make(game, region, base, {
      id: `${p}ZU6`,
      name: '组六复式',
      fullName: `${r}组六复式`,
      rule: `从0-9中选择3个或以上号码，每3个不同号码组成一注，与开奖号码${labels}相同（顺序不限），即为中奖。`,
      example: `投注方案：2、5、8；开奖号码${r}为 852（顺序不限），即中${r}组六。`,
    }, F.group(region.window, [{ label: '组六', parts: [{ multiplicity: 1, picks: 3 }] }], '组六', 'C(n,3)', 'distinct')),
    make(game, region, base, {
      id: `${p}ZU6_S`,
      name: '组六单式',
      fullName: `${r}组六单式`,
      rule: `手动输入3位数号码（三个数字各不相同），与开奖号码${labels}相同（顺序不限），即为中奖。`,
      example: `投注方案：123；开奖号码${r}为 312（顺序不限），即中${r}组六。`,
    }, F.groupEntries(region.window, 'distinct')),
    make(game, region, base, {
      id: `${p}HHZX`,
      name: '混合组选',
      fullName: `${r}混合组选`,
      rule: `手动输入3位数号码（不含豹子号），组三号码按组三、组六号码按组六计奖，与开奖号码${labels}相同（顺序不限），即为中奖。`,
      example: `投注方案：001 和 123；开奖号码${r}为 010 即中组三，为 312 即中组六。`,
    }, F.groupEntries(region.window, 'mixed')),
    make(game, region, base, {
      id: `${p}ZUHZ`,
      name: '组选和值',
      fullName: `${r}组选和值`,
      rule: `所选和值等于开奖号码${labels}三个数字之和（不含豹子号），即为中奖；开奖为组三形态按组三计奖，组六形态按组六计奖。`,
      example: `投注方案：和值3；开奖号码${r}为 003（顺序不限）即中组三，为 012（顺序不限）即中组六。`,
    }, F.groupSum3(region.window)),
    make(game, region, base, {
      id: `${p}ZU3BD`,
      name: '组选包胆',
      fullName: `${r}组选包胆`,
      rule: `从0-9中选择1个包胆号码，开奖号码${labels}中包含该号码（不含豹子号），即为中奖；组三形态按组三计奖，组六形态按组六计奖。`,
      example: `投注方案：包胆3；开奖号码${r}为 33X 或 3XX 即中组三，为 3XY 即中组六（X、Y 不为3且互不相同）。`,
    }, F.groupContaining(region.window)),
  ];
}

export function sumTailMethod(game: DigitGame, region: Region, base: Base): MethodSpec {
  return make(game, region, base, {
    id: `${region.prefix}HZWS`,
    name: '和值尾数',
    fullName: `${region.name}和值尾数`,
    rule: `所选号码等于开奖号码${list(region.labels)}三个数字之和的个位数，即为中奖。`,
    example: `投注方案：和值尾数8；开奖号码${region.name}为 936，和值18、尾数8，即中和值尾数。`,
  }, F.sumTail(region.window));
}

export function specialMethod(game: DigitGame, region: Region, base: Base): MethodSpec {
  return make(game, region, base, {
    id: `${region.prefix}TS3`,
    name: '特殊号',
    fullName: `${region.name}特殊号`,
    rule: `所选形态与开奖号码${list(region.labels)}的形态一致，即为中奖：豹子为三个数字相同；顺子为三个相连数字（不分顺序，890、901 也算顺子）；对子为恰有两个数字相同。`,
    example: `投注方案：豹子、顺子、对子；开奖号码${region.name}为 888 即中豹子，为 678 即中顺子，为 558 即中对子。`,
  }, F.specialForm(region.window));
}

const CHINESE_DIGIT = ['', '一', '二', '三'];

export function unpositionedMethod(game: DigitGame, region: Region, base: Base, id: string, k: number, name: string): MethodSpec {
  const example = k === 1 ? '1' : k === 2 ? '1、2' : '1、2、3';
  return make(game, region, base, {
    id,
    name,
    fullName: name,
    rule: `从0-9中选择${k}个或以上号码，每${k}个号码为一注，开奖号码${list(region.labels)}中同时包含这${k}个号码（不限位置），即为中奖。`,
    example: `投注方案：${example}；开奖号码${region.name}中至少出现${example}各1个，即中${region.name}${CHINESE_DIGIT[k]}码不定位。`,
  }, F.unpositioned(region.window, k, name));
}

export function positionalMethod(game: DigitGame, region: Region, base: Base, id: string): MethodSpec {
  return make(game, region, base, {
    id,
    name: '定位胆',
    fullName: '定位胆',
    rule: `在${list(region.labels)}任意位置上选择1个或以上号码，所选号码与相同位置上的开奖号码一致，即为中奖。`,
    example: `投注方案：${region.labels[0]}1；开奖号码${region.labels[0]}为1，即中定位胆。`,
  }, F.digitPositional(region.window, region.labels));
}

export function bigSmallMethod(game: DigitGame, region: Region, base: Base, id: string): MethodSpec {
  return make(game, region, base, {
    id,
    name: `${region.name}大小单双`,
    fullName: `${region.name}大小单双`,
    rule: `对${list(region.labels)}的形态投注：大（5-9）、小（0-4）、单（1、3、5、7、9）、双（0、2、4、6、8），每个位置至少选1个形态，所选形态与开奖号码对应位置的形态相同，即为中奖。`,
    example: `投注方案：${'大单大'.slice(0, region.window.length)}；开奖号码${region.name}为 ${'579'.slice(0, region.window.length)}，即中${region.name}大小单双。`,
  }, F.bigSmallOddEven(region.window, region.labels));
}

/** 二星 直选/组选 methods of one region (前二 or 后二). */
export function twoStar(game: DigitGame, region: Region, withSumSpan: boolean): { direct: MethodSpec[]; group: MethodSpec[] } {
  const p = region.prefix;
  const r = region.name;
  const labels = list(region.labels);
  const directBase = { group: '二星', subGroup: '直选' };
  const groupBase = { group: '二星', subGroup: '组选' };
  const direct = directPair(game, region, directBase, { multiple: `${p}ZX2`, single: `${p}ZX2_S` }, { multiple: `${r}复式`, single: `${r}单式` });
  const group = [
    make(game, region, groupBase, {
      id: `${p}ZU2`,
      name: `${r}复式`,
      fullName: `${r}组选复式`,
      rule: `从0-9中选择2个或以上号码，每2个号码为一注，与开奖号码${labels}相同（顺序不限，不含对子号），即为中奖。`,
      example: `投注方案：5、8；开奖号码${r}为 58 或 85，即中${r}组选。`,
    }, F.group(region.window, [{ label: '组选', parts: [{ multiplicity: 1, picks: 2 }] }], '二星组选', 'C(n,2)')),
    make(game, region, groupBase, {
      id: `${p}ZU2_S`,
      name: `${r}单式`,
      fullName: `${r}组选单式`,
      rule: `手动输入2位数号码（两个数字不同），与开奖号码${labels}相同（顺序不限），即为中奖。`,
      example: `投注方案：58；开奖号码${r}为 58 或 85，即中${r}组选。`,
    }, F.groupEntries(region.window, 'distinct')),
  ];
  if (withSumSpan) {
    direct.push(sumMethod(game, region, directBase, `${p}ZX2HZ`, `${r}和值`), spanMethod(game, region, directBase, `${p}ZX2KD`, `${r}跨度`));
    group.push(
      make(game, region, groupBase, {
        id: `${p}ZU2HZ`,
        name: `${r}和值`,
        fullName: `${r}组选和值`,
        rule: `所选和值等于开奖号码${labels}两个数字之和（不含对子号），即为中奖。`,
        example: `投注方案：和值1；开奖号码${r}为 01 或 10，即中${r}组选。`,
      }, F.groupSum2(region.window)),
      make(game, region, groupBase, {
        id: `${p}ZU2BD`,
        name: `${r}包胆`,
        fullName: `${r}组选包胆`,
        rule: `从0-9中选择1个包胆号码，开奖号码${labels}中包含该号码（不含对子号），即为中奖。`,
        example: `投注方案：包胆8；开奖号码${r}为 8X 或 X8（X不为8），即中${r}组选。`,
      }, F.groupContaining(region.window)),
    );
  }
  return { direct, group };
}
