// 时时彩 regular-mode method tree (reference §2.1): 五星 四星 前三 中三 后三 二星 定位胆 大小单双 趣味
// 任选 龙虎. Method ids are the reference's codes (harrisdt15f/multisites lineage).
import { RESULT_FORMATS } from '../../result.ts';
import { defineMethod } from '../define.ts';
import * as F from '../kernels/digit-families.ts';
import type { Family, MethodSpec } from '../method-spec.ts';
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

const POSITIONS = ['万位', '千位', '百位', '十位', '个位'];
const GAME: DigitGame = { format: RESULT_FORMATS.SSC, positionLabels: POSITIONS };
const ALL = [0, 1, 2, 3, 4];

function fiveStar(): MethodSpec[] {
  const region = regionOf(GAME, '五星', '', ALL);
  const direct = { group: '五星', subGroup: '直选' };
  const group = { group: '五星', subGroup: '组选' };
  const any = { group: '五星', subGroup: '不定位' };
  const g = (id: string, name: string, parts: F.GroupRowPattern[], formula: string, rule: string, example: string): MethodSpec =>
    defineMethod(
      GAME.format,
      { id, name, fullName: `五星${name}`, ...group, rule, example, reads: ALL, readsText: '开奖号码万位、千位、百位、十位、个位（五星）' },
      F.group(ALL, parts, `五星${name}`, formula),
    );
  return [
    ...directPair(GAME, region, direct, { multiple: 'ZX5', single: 'ZX5_S' }),
    combinationMethod(GAME, region, direct, 'ZH5'),
    g('WXZU120', '组选120', [{ label: '组选120', parts: [{ multiplicity: 1, picks: 5 }] }], 'C(n,5)',
      '从0-9中任意选择5个号码组成一注，所选号码与开奖号码的五位数字相同（顺序不限），即为中奖。',
      '投注方案：0、1、5、6、8；开奖号码为 10568（顺序不限），即中五星组选120。'),
    g('WXZU60', '组选60', [{ label: '二重号', parts: [{ multiplicity: 2, picks: 1 }] }, { label: '单号', parts: [{ multiplicity: 1, picks: 3 }] }],
      'm·C(n,3) − h·C(n−1,2)',
      '选择1个二重号和3个单号组成一注，所选单号与开奖号码相同，且二重号在开奖号码中出现2次（顺序不限），即为中奖。',
      '投注方案：二重号8，单号0、1、6；开奖号码为 01688（顺序不限），即中五星组选60。'),
    g('WXZU30', '组选30', [{ label: '二重号', parts: [{ multiplicity: 2, picks: 2 }] }, { label: '单号', parts: [{ multiplicity: 1, picks: 1 }] }],
      'C(m,2)·n − h·(m−1)',
      '选择2个二重号和1个单号组成一注，所选单号与开奖号码相同，且2个二重号在开奖号码中各出现2次（顺序不限），即为中奖。',
      '投注方案：二重号6、8，单号0；开奖号码为 06688（顺序不限），即中五星组选30。'),
    g('WXZU20', '组选20', [{ label: '三重号', parts: [{ multiplicity: 3, picks: 1 }] }, { label: '单号', parts: [{ multiplicity: 1, picks: 2 }] }],
      'm·C(n,2) − h·(n−1)',
      '选择1个三重号和2个单号组成一注，所选单号与开奖号码相同，且三重号在开奖号码中出现3次（顺序不限），即为中奖。',
      '投注方案：三重号8，单号0、1；开奖号码为 01888（顺序不限），即中五星组选20。'),
    g('WXZU10', '组选10', [{ label: '三重号', parts: [{ multiplicity: 3, picks: 1 }] }, { label: '二重号', parts: [{ multiplicity: 2, picks: 1 }] }],
      'm·n − h',
      '选择1个三重号和1个二重号组成一注，三重号在开奖号码中出现3次且二重号出现2次（顺序不限），即为中奖。',
      '投注方案：三重号8，二重号1；开奖号码为 11888（顺序不限），即中五星组选10。'),
    g('WXZU5', '组选5', [{ label: '四重号', parts: [{ multiplicity: 4, picks: 1 }] }, { label: '单号', parts: [{ multiplicity: 1, picks: 1 }] }],
      'm·n − h',
      '选择1个四重号和1个单号组成一注，所选单号与开奖号码相同，且四重号在开奖号码中出现4次（顺序不限），即为中奖。',
      '投注方案：四重号8，单号1；开奖号码为 18888（顺序不限），即中五星组选5。'),
    unpositionedMethod(GAME, region, any, 'BDW52', 2, '五星二码'),
    unpositionedMethod(GAME, region, any, 'BDW53', 3, '五星三码'),
  ];
}

function fourStar(): MethodSpec[] {
  const window = [1, 2, 3, 4];
  const region = regionOf(GAME, '四星', '', window);
  const direct = { group: '四星', subGroup: '直选' };
  const group = { group: '四星', subGroup: '组选' };
  const any = { group: '四星', subGroup: '不定位' };
  const g = (id: string, name: string, parts: F.GroupRowPattern[], formula: string, rule: string, example: string): MethodSpec =>
    defineMethod(
      GAME.format,
      { id, name, fullName: `四星${name}`, ...group, rule, example, reads: window, readsText: '开奖号码千位、百位、十位、个位（四星）' },
      F.group(window, parts, `四星${name}`, formula),
    );
  return [
    ...directPair(GAME, region, direct, { multiple: 'ZX4', single: 'ZX4_S' }),
    combinationMethod(GAME, region, direct, 'ZH4'),
    g('SXZU24', '组选24', [{ label: '组选24', parts: [{ multiplicity: 1, picks: 4 }] }], 'C(n,4)',
      '从0-9中任意选择4个号码组成一注，所选号码与开奖号码的千位、百位、十位、个位相同（顺序不限），即为中奖。',
      '投注方案：0、5、6、8；开奖号码后四位为 0568（顺序不限），即中四星组选24。'),
    g('SXZU12', '组选12', [{ label: '二重号', parts: [{ multiplicity: 2, picks: 1 }] }, { label: '单号', parts: [{ multiplicity: 1, picks: 2 }] }],
      'm·C(n,2) − h·(n−1)',
      '选择1个二重号和2个单号组成一注，所选单号与开奖号码相同，且二重号在开奖号码后四位中出现2次（顺序不限），即为中奖。',
      '投注方案：二重号8，单号0、6；开奖号码后四位为 0688（顺序不限），即中四星组选12。'),
    g('SXZU6', '组选6', [{ label: '二重号', parts: [{ multiplicity: 2, picks: 2 }] }], 'C(n,2)',
      '选择2个二重号组成一注，2个二重号在开奖号码后四位中各出现2次（顺序不限），即为中奖。',
      '投注方案：二重号2、8；开奖号码后四位为 2288（顺序不限），即中四星组选6。'),
    g('SXZU4', '组选4', [{ label: '三重号', parts: [{ multiplicity: 3, picks: 1 }] }, { label: '单号', parts: [{ multiplicity: 1, picks: 1 }] }],
      'm·n − h',
      '选择1个三重号和1个单号组成一注，所选单号与开奖号码相同，且三重号在开奖号码后四位中出现3次（顺序不限），即为中奖。',
      '投注方案：三重号8，单号2；开奖号码后四位为 8828（顺序不限），即中四星组选4。'),
    unpositionedMethod(GAME, region, any, 'BDW41', 1, '四星一码'),
    unpositionedMethod(GAME, region, any, 'BDW42', 2, '四星二码'),
  ];
}

function threeStar(region: Region): MethodSpec[] {
  const p = region.prefix;
  const direct = { group: region.name, subGroup: '直选' };
  const group = { group: region.name, subGroup: '组选' };
  const any = { group: region.name, subGroup: '不定位' };
  return [
    ...directPair(GAME, region, direct, { multiple: `${p}ZX3`, single: `${p}ZX3_S` }),
    sumMethod(GAME, region, direct, `${p}ZXHZ`),
    spanMethod(GAME, region, direct, `${p}ZXKD`),
    combinationMethod(GAME, region, direct, `${p}ZH3`),
    ...threeStarGroup(GAME, region, group),
    sumTailMethod(GAME, region, group),
    specialMethod(GAME, region, group),
    unpositionedMethod(GAME, region, any, `${p}BDW31`, 1, `${region.name}一码`),
    unpositionedMethod(GAME, region, any, `${p}BDW32`, 2, `${region.name}二码`),
  ];
}

function twoStars(): MethodSpec[] {
  const front = twoStar(GAME, regionOf(GAME, '前二', 'Q', [0, 1]), true);
  const back = twoStar(GAME, regionOf(GAME, '后二', 'H', [3, 4]), true);
  return [...front.direct, ...back.direct, ...front.group, ...back.group];
}

function bigSmall(): MethodSpec[] {
  const base = { group: '大小单双', subGroup: '大小单双' };
  return [
    bigSmallMethod(GAME, regionOf(GAME, '前二', 'Q', [0, 1]), base, 'Q2DXDS'),
    bigSmallMethod(GAME, regionOf(GAME, '后二', 'H', [3, 4]), base, 'H2DXDS'),
    bigSmallMethod(GAME, regionOf(GAME, '前三', 'Q', [0, 1, 2]), base, 'Q3DXDS'),
    bigSmallMethod(GAME, regionOf(GAME, '后三', 'H', [2, 3, 4]), base, 'H3DXDS'),
  ];
}

const FUN = [
  { id: 'YFFS', name: '一帆风顺', times: 1, example: '8；开奖号码中至少出现1个8' },
  { id: 'HSCS', name: '好事成双', times: 2, example: '8；开奖号码中至少出现2个8' },
  { id: 'SXBX', name: '三星报喜', times: 3, example: '8；开奖号码中至少出现3个8' },
  { id: 'SJFC', name: '四季发财', times: 4, example: '8；开奖号码中至少出现4个8' },
];

function funMethods(): MethodSpec[] {
  return FUN.map((f) =>
    defineMethod(
      GAME.format,
      {
        id: f.id,
        name: f.name,
        fullName: f.name,
        group: '趣味',
        subGroup: '五星特殊',
        rule: `从0-9中选择1个或以上号码，每个号码为一注，所选号码在开奖号码五个位置中出现至少${f.times}次，即为中奖。`,
        example: `投注方案：${f.example}，即中${f.name}。`,
        reads: ALL,
        readsText: '开奖号码全部五位',
      },
      F.repeatedDigit(ALL, f.times, f.name),
    ),
  );
}

const PAIRS: [string, number, number][] = [
  ['LHWQ', 0, 1], ['LHWB', 0, 2], ['LHWS', 0, 3], ['LHWG', 0, 4], ['LHQB', 1, 2],
  ['LHQS', 1, 3], ['LHQG', 1, 4], ['LHBS', 2, 3], ['LHBG', 2, 4], ['LHSG', 3, 4],
];

function dragonTiger(): MethodSpec[] {
  return PAIRS.map(([id, a, b]) => {
    const first = POSITIONS[a]!.replace('位', '');
    const second = POSITIONS[b]!.replace('位', '');
    return defineMethod(
      GAME.format,
      {
        id,
        name: `${first}${second}`,
        fullName: `龙虎${first}${second}`,
        group: '龙虎',
        subGroup: '龙虎',
        rule: `比较开奖号码${POSITIONS[a]}与${POSITIONS[b]}：${POSITIONS[a]}大于${POSITIONS[b]}为龙，小于为虎，相同为和。所选形态与开奖结果一致，即为中奖。`,
        example: `投注方案：龙；开奖号码${POSITIONS[a]}为8、${POSITIONS[b]}为3，即中龙。`,
        reads: [a, b],
        readsText: `开奖号码${POSITIONS[a]}与${POSITIONS[b]}`,
      },
      F.dragonTiger(a, b, `${first}/${second}`),
    );
  });
}

interface OptionalMethod {
  id: string;
  name: string;
  rule: string;
  example: string;
  family: Family;
}

function optional(): MethodSpec[] {
  const base = (k: number) => ({ group: '任选', subGroup: `任${['', '', '二', '三', '四'][k]}` });
  const positions = list(POSITIONS);
  const wrap = (k: number, inner: (w: readonly number[]) => Family): Family => F.optionalPositions(k, POSITIONS, inner);
  const pick = (k: number) => `勾选至少${k}个位置，`;
  const methods: [number, OptionalMethod][] = [
    [2, { id: 'RZX2', name: '直选复式', rule: `从${positions}中至少两个位置上各选1个号码，任意两个位置的号码组成一注，与开奖号码对应位置相同，即为中奖。`, example: '投注方案：万位5、百位8；开奖号码为 51812，即中任二直选。', family: F.optionalDirect(2, POSITIONS) }],
    [2, { id: 'RZX2_S', name: '直选单式', rule: `${pick(2)}手动输入2位数号码，号码依次对应每两个勾选位置，与开奖号码对应位置相同，即为中奖。`, example: '投注方案：勾选万位、百位，输入58；开奖号码为 51812，即中任二直选。', family: wrap(2, (w) => F.directEntries(w, w.map((p) => POSITIONS[p]!))) }],
    [2, { id: 'RZXHZ2', name: '直选和值', rule: `${pick(2)}选择和值，每两个勾选位置的开奖号码之和等于所选和值，即为中奖。`, example: '投注方案：勾选万位、百位，和值13；开奖号码为 51812，即中任二直选和值。', family: wrap(2, (w) => F.directSum(w)) }],
    [2, { id: 'RZU2', name: '组选复式', rule: `${pick(2)}从0-9中选择2个或以上号码，与每两个勾选位置的开奖号码相同（顺序不限，不含对子），即为中奖。`, example: '投注方案：勾选万位、百位，选择8、5；开奖号码为 51812 或 81512，即中任二组选。', family: wrap(2, (w) => F.group(w, [{ label: '组选', parts: [{ multiplicity: 1, picks: 2 }] }], '二星组选', 'C(n,2)')) }],
    [2, { id: 'RZU2_S', name: '组选单式', rule: `${pick(2)}手动输入2位数号码（两个数字不同），与每两个勾选位置的开奖号码相同（顺序不限），即为中奖。`, example: '投注方案：勾选万位、百位，输入85；开奖号码为 51812，即中任二组选。', family: wrap(2, (w) => F.groupEntries(w, 'distinct')) }],
    [2, { id: 'RZUHZ2', name: '组选和值', rule: `${pick(2)}选择和值，每两个勾选位置的开奖号码之和等于所选和值（不含对子），即为中奖。`, example: '投注方案：勾选万位、百位，和值13；开奖号码为 51812，即中任二组选和值。', family: wrap(2, (w) => F.groupSum2(w)) }],
    [3, { id: 'RZX3', name: '直选复式', rule: `从${positions}中至少三个位置上各选1个号码，任意三个位置的号码组成一注，与开奖号码对应位置相同，即为中奖。`, example: '投注方案：万位5、百位8、个位2；开奖号码为 51812，即中任三直选。', family: F.optionalDirect(3, POSITIONS) }],
    [3, { id: 'RZX3_S', name: '直选单式', rule: `${pick(3)}手动输入3位数号码，号码依次对应每三个勾选位置，与开奖号码对应位置相同，即为中奖。`, example: '投注方案：勾选万位、百位、个位，输入582；开奖号码为 51812，即中任三直选。', family: wrap(3, (w) => F.directEntries(w, w.map((p) => POSITIONS[p]!))) }],
    [3, { id: 'RZXHZ', name: '直选和值', rule: `${pick(3)}选择和值，每三个勾选位置的开奖号码之和等于所选和值，即为中奖。`, example: '投注方案：勾选万位、百位、个位，和值15；开奖号码为 51812，即中任三直选和值。', family: wrap(3, (w) => F.directSum(w)) }],
    [3, { id: 'RZUS', name: '组三复式', rule: `${pick(3)}从0-9中选择2个或以上号码组成组三，与每三个勾选位置的开奖号码相同（顺序不限），即为中奖。`, example: '投注方案：勾选万位、十位、个位，选择1、2；开奖号码为 11812，即中任三组三。', family: wrap(3, (w) => F.group(w, [{ label: '组三', parts: [{ multiplicity: 2, picks: 1 }, { multiplicity: 1, picks: 1 }] }], '组三', 'n(n−1)', 'pair')) }],
    [3, { id: 'RZUS_S', name: '组三单式', rule: `${pick(3)}手动输入组三号码（恰有2个数字相同），与每三个勾选位置的开奖号码相同（顺序不限），即为中奖。`, example: '投注方案：勾选万位、十位、个位，输入112；开奖号码为 11812，即中任三组三。', family: wrap(3, (w) => F.groupEntries(w, 'pair')) }],
    [3, { id: 'RZUL', name: '组六复式', rule: `${pick(3)}从0-9中选择3个或以上号码组成组六，与每三个勾选位置的开奖号码相同（顺序不限），即为中奖。`, example: '投注方案：勾选万位、十位、个位，选择5、1、2；开奖号码为 51812，即中任三组六。', family: wrap(3, (w) => F.group(w, [{ label: '组六', parts: [{ multiplicity: 1, picks: 3 }] }], '组六', 'C(n,3)', 'distinct')) }],
    [3, { id: 'RZUL_S', name: '组六单式', rule: `${pick(3)}手动输入组六号码（三个数字不同），与每三个勾选位置的开奖号码相同（顺序不限），即为中奖。`, example: '投注方案：勾选万位、十位、个位，输入512；开奖号码为 51812，即中任三组六。', family: wrap(3, (w) => F.groupEntries(w, 'distinct')) }],
    [3, { id: 'RHHZX', name: '混合组选', rule: `${pick(3)}手动输入3位数号码（不含豹子号），组三号码按组三、组六号码按组六计奖。`, example: '投注方案：勾选千位、百位、个位，输入001、123；开奖号码千、百、个位为 0、0、1 即中组三，为 3、2、1 即中组六。', family: wrap(3, (w) => F.groupEntries(w, 'mixed')) }],
    [3, { id: 'RZUHZ', name: '组选和值', rule: `${pick(3)}选择和值，每三个勾选位置的开奖号码之和等于所选和值（不含豹子号），组三形态按组三、组六形态按组六计奖。`, example: '投注方案：勾选万位、十位、个位，和值8；开奖号码为 51812，即中任三组选和值（组六）。', family: wrap(3, (w) => F.groupSum3(w)) }],
    [4, { id: 'RZX4', name: '直选复式', rule: `从${positions}中至少四个位置上各选1个号码，任意四个位置的号码组成一注，与开奖号码对应位置相同，即为中奖。`, example: '投注方案：万位5、千位1、百位8、十位1；开奖号码为 51812，即中任四直选。', family: F.optionalDirect(4, POSITIONS) }],
    [4, { id: 'RZX4_S', name: '直选单式', rule: `${pick(4)}手动输入4位数号码，号码依次对应每四个勾选位置，与开奖号码对应位置相同，即为中奖。`, example: '投注方案：勾选万位、千位、百位、十位，输入5181；开奖号码为 51812，即中任四直选。', family: wrap(4, (w) => F.directEntries(w, w.map((p) => POSITIONS[p]!))) }],
    [4, { id: 'RSXZU24', name: '组选24', rule: `${pick(4)}从0-9中选择4个或以上号码，与每四个勾选位置的开奖号码相同（顺序不限），即为中奖。`, example: '投注方案：勾选千位、百位、十位、个位，选择0、5、6、8；开奖号码为 10568，即中任四组选24。', family: wrap(4, (w) => F.group(w, [{ label: '组选24', parts: [{ multiplicity: 1, picks: 4 }] }], '组选24', 'C(n,4)')) }],
    [4, { id: 'RSXZU12', name: '组选12', rule: `${pick(4)}选择1个二重号和2个单号组成一注，每四个勾选位置的开奖号码包含所选号码且二重号出现2次，即为中奖。`, example: '投注方案：勾选千位、百位、十位、个位，二重号8，单号0、6；开奖号码为 10688，即中任四组选12。', family: wrap(4, (w) => F.group(w, [{ label: '二重号', parts: [{ multiplicity: 2, picks: 1 }] }, { label: '单号', parts: [{ multiplicity: 1, picks: 2 }] }], '组选12', 'm·C(n,2) − h·(n−1)')) }],
    [4, { id: 'RSXZU6', name: '组选6', rule: `${pick(4)}选择2个二重号组成一注，每四个勾选位置的开奖号码中2个二重号各出现2次，即为中奖。`, example: '投注方案：勾选千位、百位、十位、个位，二重号2、8；开奖号码为 12288，即中任四组选6。', family: wrap(4, (w) => F.group(w, [{ label: '二重号', parts: [{ multiplicity: 2, picks: 2 }] }], '组选6', 'C(n,2)')) }],
    [4, { id: 'RSXZU4', name: '组选4', rule: `${pick(4)}选择1个三重号和1个单号组成一注，每四个勾选位置的开奖号码包含所选号码且三重号出现3次，即为中奖。`, example: '投注方案：勾选千位、百位、十位、个位，三重号8，单号2；开奖号码为 18828，即中任四组选4。', family: wrap(4, (w) => F.group(w, [{ label: '三重号', parts: [{ multiplicity: 3, picks: 1 }] }, { label: '单号', parts: [{ multiplicity: 1, picks: 1 }] }], '组选4', 'm·n − h')) }],
  ];
  return methods.map(([k, m]) =>
    defineMethod(
      GAME.format,
      { id: m.id, name: m.name, fullName: `${base(k).subGroup}${m.name}`, ...base(k), rule: m.rule, example: m.example, reads: ALL, readsText: '开奖号码中所选位置（任意组合）' },
      m.family,
    ),
  );
}

export function sscMethods(): MethodSpec[] {
  return [
    ...fiveStar(),
    ...fourStar(),
    ...threeStar(regionOf(GAME, '前三', 'Q', [0, 1, 2])),
    ...threeStar(regionOf(GAME, '中三', 'Z', [1, 2, 3])),
    ...threeStar(regionOf(GAME, '后三', 'H', [2, 3, 4])),
    ...twoStars(),
    positionalMethod(GAME, regionOf(GAME, '五星', '', ALL), { group: '定位胆', subGroup: '定位胆' }, 'DWD'),
    ...bigSmall(),
    ...funMethods(),
    ...optional(),
    ...dragonTiger(),
  ];
}
