// The complete method tree of every regular-mode category, written out by hand from the domain
// reference (§2.1 SSC table and group list, §2.2 11选5 LT* methods, §2.3 3D/排列3/排列5, §2.4 PK10,
// §2.5 快3, §2.8 快乐8 选一…选十, §2.9 双色球, §2.10 大乐透) and the ids chosen in docs/lottery/engine.md
// ("Ids chosen where the reference gives none"). One line per sub-group: group | sub-group | id:name …
// The engine's tree must equal it exactly: groups, sub-groups and methods in display order.
import { describe, expect, it } from 'vitest';
import { methodTree } from '../../../../src/shared/lottery/index.ts';

const THREE_STAR_DIRECT = (p: string) => `${p}ZX3:复式 ${p}ZX3_S:单式 ${p}ZXHZ:和值 ${p}ZXKD:跨度 ${p}ZH3:组合`;
const THREE_STAR_GROUP = (p: string) =>
  `${p}ZU3:组三复式 ${p}ZU3_S:组三单式 ${p}ZU6:组六复式 ${p}ZU6_S:组六单式 ${p}HHZX:混合组选 ${p}ZUHZ:组选和值 ${p}ZU3BD:组选包胆 ${p}HZWS:和值尾数 ${p}TS3:特殊号`;
const OFFICIAL_3D_GROUP = (p: string) =>
  `${p}ZU3:组三复式 ${p}ZU3_S:组三单式 ${p}ZU6:组六复式 ${p}ZU6_S:组六单式 ${p}HHZX:混合组选 ${p}ZUHZ:组选和值 ${p}ZU3BD:组选包胆 ` +
  `${p}ZU3HZ:组三和值 ${p}ZU6HZ:组六和值 ${p}ZU3DT:组三胆拖 ${p}ZU6DT:组六胆拖 ${p}HZWS:和值尾数 ${p}TS3:特殊号`;
const ELEVEN_ANY = (suffix: string, from: number) =>
  ['', '一中一', '二中二', '三中三', '四中四', '五中五', '六中五', '七中五', '八中五']
    .map((name, k) => (k >= from ? `LTRX${suffix === 'DT' ? 'DT' : ''}${k}${suffix === '_S' ? '_S' : ''}:任选${name}` : ''))
    .filter(Boolean)
    .join(' ');
const KENO = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'].map(
  (n, i) => `任选 | 选${n} | RX${i + 1}:复式 RX${i + 1}_S:单式${i > 0 ? ` RXDT${i + 1}:胆拖` : ''}`,
);

const REFERENCE_TREES: Record<string, string[]> = {
  CQSSC: [
    '五星 | 直选 | ZX5:复式 ZX5_S:单式 ZH5:组合',
    '五星 | 组选 | WXZU120:组选120 WXZU60:组选60 WXZU30:组选30 WXZU20:组选20 WXZU10:组选10 WXZU5:组选5',
    '五星 | 不定位 | BDW52:五星二码 BDW53:五星三码',
    '四星 | 直选 | ZX4:复式 ZX4_S:单式 ZH4:组合',
    '四星 | 组选 | SXZU24:组选24 SXZU12:组选12 SXZU6:组选6 SXZU4:组选4',
    '四星 | 不定位 | BDW41:四星一码 BDW42:四星二码',
    `前三 | 直选 | ${THREE_STAR_DIRECT('Q')}`,
    `前三 | 组选 | ${THREE_STAR_GROUP('Q')}`,
    '前三 | 不定位 | QBDW31:前三一码 QBDW32:前三二码',
    `中三 | 直选 | ${THREE_STAR_DIRECT('Z')}`,
    `中三 | 组选 | ${THREE_STAR_GROUP('Z')}`,
    '中三 | 不定位 | ZBDW31:中三一码 ZBDW32:中三二码',
    `后三 | 直选 | ${THREE_STAR_DIRECT('H')}`,
    `后三 | 组选 | ${THREE_STAR_GROUP('H')}`,
    '后三 | 不定位 | HBDW31:后三一码 HBDW32:后三二码',
    '二星 | 直选 | QZX2:前二复式 QZX2_S:前二单式 QZX2HZ:前二和值 QZX2KD:前二跨度 HZX2:后二复式 HZX2_S:后二单式 HZX2HZ:后二和值 HZX2KD:后二跨度',
    '二星 | 组选 | QZU2:前二复式 QZU2_S:前二单式 QZU2HZ:前二和值 QZU2BD:前二包胆 HZU2:后二复式 HZU2_S:后二单式 HZU2HZ:后二和值 HZU2BD:后二包胆',
    '定位胆 | 定位胆 | DWD:定位胆',
    '大小单双 | 大小单双 | Q2DXDS:前二大小单双 H2DXDS:后二大小单双 Q3DXDS:前三大小单双 H3DXDS:后三大小单双',
    '趣味 | 五星特殊 | YFFS:一帆风顺 HSCS:好事成双 SXBX:三星报喜 SJFC:四季发财',
    '任选 | 任二 | RZX2:直选复式 RZX2_S:直选单式 RZXHZ2:直选和值 RZU2:组选复式 RZU2_S:组选单式 RZUHZ2:组选和值',
    '任选 | 任三 | RZX3:直选复式 RZX3_S:直选单式 RZXHZ:直选和值 RZUS:组三复式 RZUS_S:组三单式 RZUL:组六复式 RZUL_S:组六单式 RHHZX:混合组选 RZUHZ:组选和值',
    '任选 | 任四 | RZX4:直选复式 RZX4_S:直选单式 RSXZU24:组选24 RSXZU12:组选12 RSXZU6:组选6 RSXZU4:组选4',
    '龙虎 | 龙虎 | LHWQ:万千 LHWB:万百 LHWS:万十 LHWG:万个 LHQB:千百 LHQS:千十 LHQG:千个 LHBS:百十 LHBG:百个 LHSG:十个',
  ],
  FC3D: [
    `三星 | 直选 | ${THREE_STAR_DIRECT('Q')}`,
    `三星 | 组选 | ${OFFICIAL_3D_GROUP('Q')}`,
    '三星 | 不定位 | QBDW31:三星一码 QBDW32:三星二码',
    '二星 | 直选 | QZX2:前二复式 QZX2_S:前二单式 HZX2:后二复式 HZX2_S:后二单式',
    '二星 | 组选 | QZU2:前二复式 QZU2_S:前二单式 HZU2:后二复式 HZU2_S:后二单式',
    '定位胆 | 定位胆 | DWD:定位胆',
    '大小单双 | 大小单双 | Q2DXDS:前二大小单双 H2DXDS:后二大小单双',
  ],
  P5: [
    '五星 | 直选 | ZX5:复式 ZX5_S:单式',
    `前三 | 直选 | ${THREE_STAR_DIRECT('Q')}`,
    `前三 | 组选 | ${OFFICIAL_3D_GROUP('Q')}`,
    '前三 | 不定位 | QBDW31:前三一码 QBDW32:前三二码',
    '二星 | 直选 | QZX2:前二复式 QZX2_S:前二单式 HZX2:后二复式 HZX2_S:后二单式',
    '二星 | 组选 | QZU2:前二复式 QZU2_S:前二单式 HZU2:后二复式 HZU2_S:后二单式',
    '定位胆 | 定位胆 | DWD:定位胆',
    '大小单双 | 大小单双 | Q2DXDS:前二大小单双 H2DXDS:后二大小单双',
  ],
  GD11X5: [
    '三码 | 前三 | LTQ3ZX3:直选复式 LTQ3ZX3_S:直选单式 LTQ3ZU3:组选复式 LTQ3ZU3_S:组选单式 LTQ3ZU3DT:组选胆拖',
    '二码 | 前二 | LTQ2ZX2:直选复式 LTQ2ZX2_S:直选单式 LTQ2ZU2:组选复式 LTQ2ZU2_S:组选单式 LTQ2ZU2DT:组选胆拖',
    '一码 | 前一 | LTQ1ZX1:前一直选',
    '不定位 | 不定位 | LTBDW:前三不定位',
    '定位胆 | 定位胆 | LTDWD:定位胆',
    '趣味 | 趣味 | LTDDS:定单双 LTCZW:猜中位',
    `任选 | 复式 | ${ELEVEN_ANY('', 1)}`,
    `任选 | 单式 | ${ELEVEN_ANY('_S', 1)}`,
    `任选 | 胆拖 | ${ELEVEN_ANY('DT', 2)}`,
  ],
  BJPK10: [
    '前一 | 猜冠军 | PKQZX1:复式 PKQZX1_S:单式',
    '前二 | 猜前二 | PKQZX2:复式 PKQZX2_S:单式',
    '前三 | 猜前三 | PKQZX3:复式 PKQZX3_S:单式',
    '前四 | 猜前四 | PKQZX4:复式 PKQZX4_S:单式',
    '前五 | 猜前五 | PKQZX5:复式 PKQZX5_S:单式',
    '定名次 | 定名次 | PKQD2:第二名 PKQD3:第三名 PKQD4:第四名 PKQD5:第五名',
    '定位胆 | 定位胆 | PKDWD:定位胆',
  ],
  JSK3: [
    '和值 | 和值 | KSHZ:和值 KSHZDXDS:和值大小单双',
    '三同号 | 三同号 | STHTX:三同号通选 STHDX:三同号单选',
    '二同号 | 二同号 | ETHFX:二同号复选 ETHDX:二同号单选',
    '三不同号 | 三不同号 | SBTH:三不同号 SBTHDT:三不同号胆拖',
    '二不同号 | 二不同号 | EBTH:二不同号 EBTHDT:二不同号胆拖',
    '三连号 | 三连号 | SLHTX:三连号通选',
    '单挑一骰 | 单挑一骰 | DTYS:单挑一骰',
  ],
  FCKL8: KENO,
  SSQ: ['双色球 | 自选 | SSQFS:复式 SSQDS:单式 SSQDT:胆拖'],
  DLT: ['大乐透 | 自选 | DLTFS:复式 DLTDS:单式 DLTDT:胆拖'],
};

/** The engine's tree in the same one-line-per-sub-group form. */
const engineLines = (drawType: string): string[] =>
  methodTree(drawType).flatMap((g) => g.subGroups.map((s) => `${g.name} | ${s.name} | ${s.methods.map((m) => `${m.id}:${m.name}`).join(' ')}`));

describe('method trees and Chinese names, complete, against the hand-written reference', () => {
  it.each(Object.entries(REFERENCE_TREES))('%s', (drawType, lines) => {
    expect(engineLines(drawType)).toEqual(lines);
  });

  it('covers every method: 124 for 时时彩', () => {
    const methods = (lines: string[]) => lines.flatMap((l) => l.split(' | ')[2]!.split(' '));
    expect(methods(REFERENCE_TREES.CQSSC!)).toHaveLength(124);
    expect(methods(REFERENCE_TREES.FCKL8!)).toHaveLength(29);
  });
});
