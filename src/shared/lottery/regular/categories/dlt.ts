// 超级大乐透 regular mode (reference §2.10): 复式, 单式, 胆拖. Draw: 5 front of 01–35 then 2 back of 01–12.
// 追加 is not offered (see docs/lottery/engine.md).
import { RESULT_FORMATS } from '../../result.ts';
import { defineMethod } from '../define.ts';
import { twoZoneDantuo, twoZoneEntries, twoZoneMultiple, type TwoZoneGame } from '../kernels/two-zone-families.ts';
import type { Family, MethodSpec } from '../method-spec.ts';

export const DLT_GAME: TwoZoneGame = {
  first: { name: '前区', min: 1, max: 35, picks: 5, maxPicks: 20, minDan: 0, maxDan: 4 },
  second: { name: '后区', min: 1, max: 12, picks: 2, maxPicks: 12, minDan: 0, maxDan: 1 },
  patterns: [[5, 2], [5, 1], [5, 0], [4, 2], [4, 1], [3, 2], [4, 0], [3, 1], [2, 2], [3, 0], [2, 1], [1, 2], [0, 2]],
};

const RULE = '按每注前区与后区猜中的个数对照当期适用的奖级表（按期号选用规则版本）派奖，每注只按其最高奖级派奖一次。';

function make(id: string, name: string, rule: string, example: string, family: Family): MethodSpec {
  return defineMethod(
    RESULT_FORMATS.DLT,
    { id, name, fullName: `大乐透${name}`, group: '大乐透', subGroup: '自选', rule: `${rule}${RULE}`, example, reads: [], readsText: '5个前区号码与2个后区号码' },
    family,
  );
}

export function dltMethods(): MethodSpec[] {
  return [
    make('DLTFS', '复式', '从前区01-35中选择5个或以上、后区01-12中选择2个或以上，每5个前区号码加2个后区号码为一注。',
      '投注方案：前区 11 24 25 26 35，后区 04 07 08（共3注）。', twoZoneMultiple(DLT_GAME)),
    make('DLTDS', '单式', '手动输入号码，每注5个前区号码加2个后区号码。', '投注方案：01 02 03 04 05+06 07。', twoZoneEntries(DLT_GAME)),
    make('DLTDT', '胆拖', '前区可选0-4个胆码、后区可选0-1个胆码（至少选1个胆码），每注由全部胆码加补足个数的拖码组成。',
      '投注方案：前区 01 08 15 23 29 30，后区胆码 02、拖码 01 08 09（共18注）。', twoZoneDantuo(DLT_GAME)),
  ];
}
