// 快3 regular-mode methods (reference §2.5): the official plays 和值, 三同号通选/单选, 二同号复选/单选,
// 三不同号, 二不同号, 三连号通选, plus 胆拖 of the 不同号 plays, 和值大小单双 and 单挑一骰.
import { RESULT_FORMATS } from '../../result.ts';
import { defineMethod } from '../define.ts';
import * as D from '../kernels/dice-families.ts';
import type { Family, MethodSpec } from '../method-spec.ts';

const FORMAT = RESULT_FORMATS.QUICK_3;

function make(id: string, name: string, group: string, rule: string, example: string, family: Family, subGroup = group): MethodSpec {
  return defineMethod(FORMAT, { id, name, fullName: name, group, subGroup, rule, example, reads: [0, 1, 2], readsText: '三个骰子号码（不分顺序）' }, family);
}

export function quick3Methods(): MethodSpec[] {
  return [
    make('KSHZ', '和值', '和值', '选择1个或以上和值（3-18），开奖号码三个数字之和与所选和值相同，即为中奖；和值按出现机会分为8个奖级。',
      '投注方案：和值5；开奖号码 113，即中和值5。', D.diceSum()),
    make('KSHZDXDS', '和值大小单双', '和值', '选择大（11-18）、小（3-10）、单、双中的1个或以上，开奖号码三个数字之和的形态与所选相符，即为中奖。',
      '投注方案：大；开奖号码 356（和值14），即中和值大。', D.diceSumAttributes()),
    make('STHTX', '三同号通选', '三同号', '对所有相同的三个号码（111、222、…、666）进行投注，开奖号码为任意三同号，即为中奖。',
      '投注方案：三同号通选；开奖号码 555，即中三同号通选。', D.tripleAny()),
    make('STHDX', '三同号单选', '三同号', '从111、222、…、666中选择1个或以上三同号，开奖号码与所选三同号相同，即为中奖。',
      '投注方案：666；开奖号码 666，即中三同号单选。', D.tripleSingle()),
    make('ETHFX', '二同号复选', '二同号', '从11*、22*、…、66*中选择1个或以上，开奖号码中恰有两个所选号码（*为任意不同号码），即为中奖。',
      '投注方案：11*；开奖号码 112 或 115 等，即中二同号复选。', D.pairAny()),
    make('ETHDX', '二同号单选', '二同号', '选择1个或以上同号（11-66）与1个或以上不同号组成单注，开奖号码与单注号码相同（顺序不限），即为中奖。',
      '投注方案：同号11，不同号2；开奖号码 112（顺序不限），即中二同号单选。', D.pairSingle()),
    make('SBTH', '三不同号', '三不同号', '从1-6中选择3个或以上号码，每3个不同号码为一注，开奖号码与单注号码相同（顺序不限），即为中奖。',
      '投注方案：1、2、3；开奖号码 123（顺序不限），即中三不同号。', D.differentFaces(3)),
    make('SBTHDT', '三不同号胆拖', '三不同号', '选择1-2个胆码和若干拖码，胆码加拖码组成3个不同号码的单注，开奖号码与单注号码相同（顺序不限），即为中奖。',
      '投注方案：胆码1，拖码2、3；开奖号码 123，即中三不同号。', D.differentFacesDantuo(3)),
    make('EBTH', '二不同号', '二不同号', '从1-6中选择2个或以上号码，每2个不同号码为一注，开奖号码中包含所选的2个号码，即为中奖。',
      '投注方案：1、2；开奖号码 123 或 112 等，即中二不同号。', D.differentFaces(2)),
    make('EBTHDT', '二不同号胆拖', '二不同号', '选择1个胆码和至少1个拖码，胆码与每个拖码组成一注，开奖号码中包含单注的2个号码，即为中奖。',
      '投注方案：胆码1，拖码2；开奖号码 125，即中二不同号。', D.differentFacesDantuo(2)),
    make('SLHTX', '三连号通选', '三连号', '对所有三个相连的号码（123、234、345、456）进行投注，开奖号码为任意三连号，即为中奖。',
      '投注方案：三连号通选；开奖号码 345（顺序不限），即中三连号通选。', D.straightAny()),
    make('DTYS', '单挑一骰', '单挑一骰', '从1-6中选择1个或以上号码，每个号码为一注，开奖号码中出现所选号码（不论次数），即为中奖。',
      '投注方案：1；开奖号码 123，即中单挑一骰。', D.anyFace()),
  ];
}
