// The method registry: trees and Chinese names as in the domain reference, definitions as plain data,
// layouts and 机选 for every method of every draw type.
import { describe, expect, it } from 'vitest';
import { DRAW_TYPE_CODES, getDrawType } from '../../../../src/shared/catalogue/draw-types.ts';
import { allPlayModes } from '../../../../src/shared/catalogue/play-modes.ts';
import { count, getMethod, methodIds, methodTree, quickPickValues, randomSelection } from '../../../../src/shared/lottery/index.ts';
import { BASE_SEED, seededRandom } from './oracle/util.ts';

/** [group, sub-group, name] per method code, from the reference's 玩法 tables (§2.1–2.5). */
const REFERENCE_NAMES: Record<string, Record<string, [string, string, string]>> = {
  CQSSC: {
    ZX5: ['五星', '直选', '复式'], ZX5_S: ['五星', '直选', '单式'], ZH5: ['五星', '直选', '组合'],
    WXZU120: ['五星', '组选', '组选120'], WXZU60: ['五星', '组选', '组选60'], WXZU30: ['五星', '组选', '组选30'],
    WXZU20: ['五星', '组选', '组选20'], WXZU10: ['五星', '组选', '组选10'], WXZU5: ['五星', '组选', '组选5'],
    BDW52: ['五星', '不定位', '五星二码'], BDW53: ['五星', '不定位', '五星三码'],
    YFFS: ['趣味', '五星特殊', '一帆风顺'], HSCS: ['趣味', '五星特殊', '好事成双'], SXBX: ['趣味', '五星特殊', '三星报喜'], SJFC: ['趣味', '五星特殊', '四季发财'],
    ZX4: ['四星', '直选', '复式'], ZH4: ['四星', '直选', '组合'],
    SXZU24: ['四星', '组选', '组选24'], SXZU12: ['四星', '组选', '组选12'], SXZU6: ['四星', '组选', '组选6'], SXZU4: ['四星', '组选', '组选4'],
    BDW41: ['四星', '不定位', '四星一码'], BDW42: ['四星', '不定位', '四星二码'],
    QZX3: ['前三', '直选', '复式'], QZX3_S: ['前三', '直选', '单式'], QZXHZ: ['前三', '直选', '和值'], QZXKD: ['前三', '直选', '跨度'], QZH3: ['前三', '直选', '组合'],
    QZU3: ['前三', '组选', '组三复式'], QZU3_S: ['前三', '组选', '组三单式'], QZU6: ['前三', '组选', '组六复式'], QZU6_S: ['前三', '组选', '组六单式'],
    QHHZX: ['前三', '组选', '混合组选'], QZUHZ: ['前三', '组选', '组选和值'], QZU3BD: ['前三', '组选', '组选包胆'],
    QHZWS: ['前三', '组选', '和值尾数'], QTS3: ['前三', '组选', '特殊号'],
    QBDW31: ['前三', '不定位', '前三一码'], QBDW32: ['前三', '不定位', '前三二码'],
    ZZX3: ['中三', '直选', '复式'], HZX3: ['后三', '直选', '复式'], HBDW32: ['后三', '不定位', '后三二码'],
    QZX2: ['二星', '直选', '前二复式'], HZX2: ['二星', '直选', '后二复式'], QZX2HZ: ['二星', '直选', '前二和值'], QZX2KD: ['二星', '直选', '前二跨度'],
    QZU2: ['二星', '组选', '前二复式'], QZU2HZ: ['二星', '组选', '前二和值'], QZU2BD: ['二星', '组选', '前二包胆'],
    DWD: ['定位胆', '定位胆', '定位胆'],
    Q2DXDS: ['大小单双', '大小单双', '前二大小单双'], H2DXDS: ['大小单双', '大小单双', '后二大小单双'],
    Q3DXDS: ['大小单双', '大小单双', '前三大小单双'], H3DXDS: ['大小单双', '大小单双', '后三大小单双'],
    LHWQ: ['龙虎', '龙虎', '万千'], LHSG: ['龙虎', '龙虎', '十个'],
    RZX2: ['任选', '任二', '直选复式'], RZX3: ['任选', '任三', '直选复式'], RZUS: ['任选', '任三', '组三复式'], RZUL: ['任选', '任三', '组六复式'],
    RZX4: ['任选', '任四', '直选复式'], RSXZU24: ['任选', '任四', '组选24'], RSXZU4: ['任选', '任四', '组选4'],
  },
  GD11X5: {
    LTRX1: ['任选', '复式', '任选一中一'], LTRX2: ['任选', '复式', '任选二中二'], LTRX5: ['任选', '复式', '任选五中五'],
    LTRX6: ['任选', '复式', '任选六中五'], LTRX7: ['任选', '复式', '任选七中五'], LTRX8: ['任选', '复式', '任选八中五'],
    LTRXDT2: ['任选', '胆拖', '任选二中二'], LTRX3_S: ['任选', '单式', '任选三中三'],
    LTQ3ZX3: ['三码', '前三', '直选复式'], LTQ3ZU3: ['三码', '前三', '组选复式'], LTQ2ZX2: ['二码', '前二', '直选复式'],
    LTBDW: ['不定位', '不定位', '前三不定位'], LTDWD: ['定位胆', '定位胆', '定位胆'], LTDDS: ['趣味', '趣味', '定单双'], LTCZW: ['趣味', '趣味', '猜中位'],
  },
  BJPK10: {
    PKQZX1: ['前一', '猜冠军', '复式'], PKQZX2: ['前二', '猜前二', '复式'], PKQZX3: ['前三', '猜前三', '复式'],
    PKQZX4: ['前四', '猜前四', '复式'], PKQZX5: ['前五', '猜前五', '复式'], PKQD2: ['定名次', '定名次', '第二名'], PKDWD: ['定位胆', '定位胆', '定位胆'],
  },
  JSK3: {
    KSHZ: ['和值', '和值', '和值'], STHTX: ['三同号', '三同号', '三同号通选'], STHDX: ['三同号', '三同号', '三同号单选'],
    ETHFX: ['二同号', '二同号', '二同号复选'], ETHDX: ['二同号', '二同号', '二同号单选'], SBTH: ['三不同号', '三不同号', '三不同号'],
    EBTH: ['二不同号', '二不同号', '二不同号'], SLHTX: ['三连号', '三连号', '三连号通选'], DTYS: ['单挑一骰', '单挑一骰', '单挑一骰'],
  },
};

describe('method trees', () => {
  it('时时彩 groups in display order', () => {
    expect(methodTree('CQSSC').map((g) => g.name)).toEqual(['五星', '四星', '前三', '中三', '后三', '二星', '定位胆', '大小单双', '趣味', '任选', '龙虎']);
    expect(methodTree('CQSSC').find((g) => g.name === '任选')!.subGroups.map((s) => s.name)).toEqual(['任二', '任三', '任四']);
    expect(methodIds('CQSSC')).toHaveLength(124);
  });

  it.each(Object.entries(REFERENCE_NAMES))('%s: codes and Chinese names match the reference', (drawType, names) => {
    const tree = methodTree(drawType);
    for (const [id, [group, subGroup, name]] of Object.entries(names)) {
      const method = getMethod(drawType, id);
      expect([method.group, method.subGroup, method.name], id).toEqual([group, subGroup, name]);
      const node = tree.find((g) => g.name === group)?.subGroups.find((s) => s.name === subGroup)?.methods.find((m) => m.id === id);
      expect(node, `${id} in the tree`).toEqual({ id, name });
    }
  });

  it('the ten 龙虎 pairs and all 11选5 任选 of 1–8', () => {
    expect(methodTree('CQSSC').find((g) => g.name === '龙虎')!.subGroups[0]!.methods.map((m) => m.name)).toEqual(['万千', '万百', '万十', '万个', '千百', '千十', '千个', '百十', '百个', '十个']);
    const optional = methodTree('GD11X5').find((g) => g.name === '任选')!;
    expect(optional.subGroups.map((s) => [s.name, s.methods.length])).toEqual([['复式', 8], ['单式', 8], ['胆拖', 7]]);
  });

  it('3D, 排列5, 快乐8, 双色球, 大乐透', () => {
    expect(methodTree('FC3D').map((g) => g.name)).toEqual(['三星', '二星', '定位胆', '大小单双']);
    expect(methodTree('P5').map((g) => g.name)).toEqual(['五星', '前三', '二星', '定位胆', '大小单双']);
    expect(methodTree('FCKL8')[0]!.subGroups.map((s) => s.name)).toEqual(['选一', '选二', '选三', '选四', '选五', '选六', '选七', '选八', '选九', '选十']);
    expect(methodIds('SSQ')).toEqual(['SSQFS', 'SSQDS', 'SSQDT']);
    expect(methodIds('DLT')).toEqual(['DLTFS', 'DLTDS', 'DLTDT']);
  });

  it('draw types without regular mode have no methods', () => {
    for (const code of DRAW_TYPE_CODES) {
      const regular = allPlayModes(getDrawType(code)).includes('REGULAR');
      expect(methodTree(code).length > 0, code).toBe(regular);
    }
    expect(methodTree('MARK6')).toEqual([]);
    expect(methodTree('JND28')).toEqual([]);
  });
});

describe('method definitions', () => {
  const regularCodes = DRAW_TYPE_CODES.filter((code) => methodIds(code).length > 0);

  it('are plain data with Chinese help, levels, layout and the result format read', () => {
    for (const code of ['CQSSC', 'FC3D', 'P5', 'GD11X5', 'BJPK10', 'JSK3', 'FCKL8', 'SSQ', 'DLT']) {
      for (const id of methodIds(code)) {
        const method = getMethod(code, id);
        expect(JSON.parse(JSON.stringify(method)), `${code}/${id} survives JSON`).toEqual(method);
        expect(method.help.rule, `${code}/${id}`).toMatch(/[\u4e00-\u9fff]/);
        expect(method.help.example, `${code}/${id}`).toMatch(/[\u4e00-\u9fff]/);
        expect(method.fullName, `${code}/${id}`).toMatch(/[\u4e00-\u9fff]/);
        expect(method.levels.length, `${code}/${id}`).toBeGreaterThan(0);
        expect(method.betCountFormula, `${code}/${id}`).not.toBe('');
        expect(method.ticketSpace, `${code}/${id}`).toBeGreaterThan(0);
        expect(Boolean(method.layout.entry) || method.layout.rows.length > 0, `${code}/${id}`).toBe(true);
        for (const row of method.layout.rows) expect(row.minPicks <= row.maxPicks && row.maxPicks <= row.options.length, `${code}/${id} ${row.label}`).toBe(true);
      }
    }
    expect(getMethod('P5', 'ZX5').reads.format.length).toBe(5);
    expect(getMethod('FC3D', 'QZX3').reads.format.length).toBe(3);
    expect(getMethod('CQSSC', 'HZX3').reads.positions).toEqual([2, 3, 4]);
    expect(getMethod('CQSSC', 'ZX5_S').layout.entry).toMatchObject({ length: 5, twoDigit: false, ordered: true });
    expect(getMethod('GD11X5', 'LTRX3_S').layout.entry).toMatchObject({ length: 3, twoDigit: true, ordered: false });
    expect(getMethod('CQSSC', 'RZU2').layout.positions).toEqual({ labels: ['万位', '千位', '百位', '十位', '个位'], minPositions: 2, defaultPositions: [3, 4] });
  });

  it('layouts carry row labels, ranges and the quick-pick buttons 全大小奇偶清', () => {
    const zx5 = getMethod('CQSSC', 'ZX5').layout.rows;
    expect(zx5.map((r) => r.label)).toEqual(['万位', '千位', '百位', '十位', '个位']);
    expect(zx5[0]!.quickPicks).toEqual(['全', '大', '小', '奇', '偶', '清']);
    expect(quickPickValues(zx5[0]!, '大')).toEqual([5, 6, 7, 8, 9]);
    expect(quickPickValues(zx5[0]!, '小')).toEqual([0, 1, 2, 3, 4]);
    expect(quickPickValues(zx5[0]!, '奇')).toEqual([1, 3, 5, 7, 9]);
    expect(quickPickValues(zx5[0]!, '清')).toEqual([]);
    const eleven = getMethod('GD11X5', 'LTRX5').layout.rows[0]!;
    expect(eleven.options[0]).toEqual({ value: 1, label: '01' });
    expect(quickPickValues(eleven, '大')).toEqual([6, 7, 8, 9, 10, 11]);
    expect(getMethod('CQSSC', 'QZU3BD').layout.rows[0]!.quickPicks).toEqual([]);
    expect(getMethod('CQSSC', 'WXZU60').layout.rows.map((r) => [r.label, r.minPicks])).toEqual([['二重号', 1], ['单号', 3]]);
    expect(getMethod('GD11X5', 'LTRXDT5').layout.rows.map((r) => [r.label, r.minPicks, r.maxPicks])).toEqual([['胆码', 1, 4], ['拖码', 1, 11]]);
    expect(getMethod('CQSSC', 'LHWQ').layout.rows[0]!.options.map((o) => o.value)).toEqual(['龙', '虎', '和']);
  });

  it('机选 gives a valid selection for every method of every draw type with regular mode', () => {
    const rng = seededRandom(BASE_SEED);
    for (const code of regularCodes) {
      for (const id of methodIds(code)) {
        const selection = randomSelection(code, id, rng);
        expect(count(code, id, selection), `${code}/${id} seed ${BASE_SEED}`).toBeGreaterThan(0);
      }
    }
  });
});
