// 双色球 regular mode (reference §2.9): 复式, 单式, 胆拖. Draw: 6 red of 01–33 then 1 blue of 01–16.
import { RESULT_FORMATS } from '../../result.ts';
import { defineMethod } from '../define.ts';
import { twoZoneDantuo, twoZoneEntries, twoZoneMultiple, type TwoZoneGame } from '../kernels/two-zone-families.ts';
import type { Family, MethodSpec } from '../method-spec.ts';

export const SSQ_GAME: TwoZoneGame = {
  first: { name: '红球', min: 1, max: 33, picks: 6, maxPicks: 20, minDan: 1, maxDan: 5 },
  second: { name: '蓝球', min: 1, max: 16, picks: 1, maxPicks: 16, minDan: 0, maxDan: 0 },
  patterns: [[6, 1], [6, 0], [5, 1], [5, 0], [4, 1], [4, 0], [3, 1], [3, 0], [2, 1], [1, 1], [0, 1]],
};

const RULE = '按每注红球与蓝球猜中的个数对照当期适用的奖级表派奖，每注只按其最高奖级派奖一次。';

function make(id: string, name: string, rule: string, example: string, family: Family): MethodSpec {
  return defineMethod(
    RESULT_FORMATS.SSQ,
    { id, name, fullName: `双色球${name}`, group: '双色球', subGroup: '自选', rule: `${rule}${RULE}`, example, reads: [], readsText: '6个红球与1个蓝球' },
    family,
  );
}

export function ssqMethods(): MethodSpec[] {
  return [
    make('SSQFS', '复式', '从红球01-33中选择6个或以上、蓝球01-16中选择1个或以上，每6个红球加1个蓝球为一注。',
      '投注方案：红球 01 02 03 04 05 06 07，蓝球 08（共7注）。', twoZoneMultiple(SSQ_GAME)),
    make('SSQDS', '单式', '手动输入号码，每注6个红球加1个蓝球。', '投注方案：01 02 03 04 05 06+07。', twoZoneEntries(SSQ_GAME)),
    make('SSQDT', '胆拖', '选择1-5个红球胆码、若干红球拖码和1个或以上蓝球，每注由全部胆码、补足6个红球的拖码和1个蓝球组成。',
      '投注方案：红球胆码 01 18 25 31，拖码 13 14 20 21，蓝球 02（共6注）。', twoZoneDantuo(SSQ_GAME)),
  ];
}
