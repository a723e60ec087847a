// 11选5 regular-mode methods (reference §2.2, codes LT*): 三码 二码 一码 不定位 定位胆 趣味 任选复式
// 任选单式 任选胆拖. Draw: 5 different numbers 01–11 in draw order.
import { RESULT_FORMATS } from '../../result.ts';
import { choose } from '../combinatorics.ts';
import { defineMethod } from '../define.ts';
import { positional } from '../kernels/digit-families.ts';
import * as N from '../kernels/number-families.ts';
import { level, type Family, type MethodSpec } from '../method-spec.ts';

const FORMAT = RESULT_FORMATS.TAKE_5_OF_11;
const FRONT = ['第一位', '第二位', '第三位'];
const CHINESE = ['', '一', '二', '三', '四', '五', '六', '七', '八'];

function make(id: string, name: string, fullName: string, group: string, subGroup: string, rule: string, example: string, reads: number[], family: Family): MethodSpec {
  const readsText = reads.length === 0 ? '全部5个开奖号码' : `开奖号码${reads.map((p) => FRONT[p]).join('、')}`;
  return defineMethod(FORMAT, { id, name, fullName, group, subGroup, rule, example, reads, readsText }, family);
}

/** 任选k: k ≤ 5 wins when all k picks are drawn; k ≥ 5 wins when all 5 drawn numbers are among the picks. */
function anyLevels(k: number): N.HitLevels {
  const name = `任选${CHINESE[k]}中${CHINESE[Math.min(k, 5)]}`;
  const count = k <= 5 ? choose(5, k) : choose(6, k - 5);
  return { levels: [level('any', name, count, choose(11, k))], hitsOfLevel: [Math.min(k, 5)] };
}

function anyRule(k: number): string {
  return k <= 5
    ? `从01-11中选择${k}个号码为一注，当期开奖的5个号码中包含所选${k}个号码，即为中奖。`
    : `从01-11中选择${k}个号码为一注，当期开奖的5个号码全部包含在所选${k}个号码中，即为中奖。`;
}

const ANY_EXAMPLES = ['', '05', '05 04', '05 04 11', '05 04 08 03', '05 04 11 03 08', '05 10 04 11 03 08', '05 10 04 11 03 08 09', '05 10 04 11 03 08 09 01'];

function optionalMethods(): MethodSpec[] {
  const result: MethodSpec[] = [];
  const draw = '开奖号码：08 04 11 05 03';
  for (let k = 1; k <= 8; k++) {
    const name = `任选${CHINESE[k]}中${CHINESE[Math.min(k, 5)]}`;
    const opts = { k, min: 1, max: 11, hitLevels: anyLevels(k), ticketSpace: choose(11, k) };
    result.push(make(`LTRX${k}`, name, `${name}复式`, '任选', '复式', anyRule(k), `投注方案：${ANY_EXAMPLES[k]}；${draw}，即中${name}。`, [], N.pickFromZone({ ...opts, label: `选${k}中${Math.min(k, 5)}` })));
  }
  for (let k = 1; k <= 8; k++) {
    const name = `任选${CHINESE[k]}中${CHINESE[Math.min(k, 5)]}`;
    const opts = { k, min: 1, max: 11, hitLevels: anyLevels(k), ticketSpace: choose(11, k) };
    result.push(make(`LTRX${k}_S`, name, `${name}单式`, '任选', '单式', `手动输入号码，${anyRule(k)}`, `投注方案：${ANY_EXAMPLES[k]}；${draw}，即中${name}。`, [], N.pickFromZoneEntries(opts)));
  }
  for (let k = 2; k <= 8; k++) {
    const name = `任选${CHINESE[k]}中${CHINESE[Math.min(k, 5)]}`;
    const opts = { k, min: 1, max: 11, hitLevels: anyLevels(k), ticketSpace: choose(11, k) };
    result.push(
      make(`LTRXDT${k}`, name, `${name}胆拖`, '任选', '胆拖',
        `选择1-${k - 1}个胆码和若干拖码，每注由全部胆码加${k}减胆码个数的拖码组成；${anyRule(k)}`,
        `投注方案：胆码08，拖码${ANY_EXAMPLES[k]!.split(' ').filter((n) => n !== '08').slice(0, k - 1).join(' ') || '06'}；开奖号码：06 08 11 09 02 等，包含所选单注号码即中奖。`,
        [], N.pickFromZoneDantuo(opts)),
    );
  }
  return result;
}

export function elevenFiveMethods(): MethodSpec[] {
  const three = { group: '三码', subGroup: '前三' };
  const two = { group: '二码', subGroup: '前二' };
  return [
    make('LTQ3ZX3', '直选复式', '前三直选复式', three.group, three.subGroup,
      '从第一位、第二位、第三位中各选择1个号码，组成三个不同号码的一注，与开奖号码前三位相同且顺序一致，即为中奖。',
      '投注方案：01 02 03；开奖号码：01 02 03 * *，即中前三直选。', [0, 1, 2], N.orderedDirect([0, 1, 2], FRONT, 1, 11, '前三直选', 990)),
    make('LTQ3ZX3_S', '直选单式', '前三直选单式', three.group, three.subGroup,
      '手动输入3个不同号码组成一注，与开奖号码前三位相同且顺序一致，即为中奖。',
      '投注方案：01 02 03；开奖号码：01 02 03 * *，即中前三直选。', [0, 1, 2], N.orderedEntries([0, 1, 2], FRONT, 1, 11, '前三直选', 990)),
    make('LTQ3ZU3', '组选复式', '前三组选复式', three.group, three.subGroup,
      '从01-11中选择3个或以上号码，每3个号码为一注，与开奖号码前三位相同（顺序不限），即为中奖。',
      '投注方案：01 02 03；开奖号码：03 01 02 * *，即中前三组选。', [0, 1, 2], N.frontGroup(3, 1, 11, 165)),
    make('LTQ3ZU3_S', '组选单式', '前三组选单式', three.group, three.subGroup,
      '手动输入3个不同号码组成一注，与开奖号码前三位相同（顺序不限），即为中奖。',
      '投注方案：01 02 03；开奖号码：03 01 02 * *，即中前三组选。', [0, 1, 2], N.frontGroupEntries(3, 1, 11, 165)),
    make('LTQ3ZU3DT', '组选胆拖', '前三组选胆拖', three.group, three.subGroup,
      '选择1-2个胆码和若干拖码，胆码加拖码组成3个号码的单注，与开奖号码前三位相同（顺序不限），即为中奖。',
      '投注方案：胆码02，拖码01 06；开奖号码：02 01 06 * *，即中前三组选。', [0, 1, 2], N.frontGroupDantuo(3, 1, 11, 165)),
    make('LTQ2ZX2', '直选复式', '前二直选复式', two.group, two.subGroup,
      '从第一位、第二位中各选择1个号码，组成两个不同号码的一注，与开奖号码前两位相同且顺序一致，即为中奖。',
      '投注方案：01 02；开奖号码：01 02 * * *，即中前二直选。', [0, 1], N.orderedDirect([0, 1], FRONT.slice(0, 2), 1, 11, '前二直选', 110)),
    make('LTQ2ZX2_S', '直选单式', '前二直选单式', two.group, two.subGroup,
      '手动输入2个不同号码组成一注，与开奖号码前两位相同且顺序一致，即为中奖。',
      '投注方案：01 02；开奖号码：01 02 * * *，即中前二直选。', [0, 1], N.orderedEntries([0, 1], FRONT.slice(0, 2), 1, 11, '前二直选', 110)),
    make('LTQ2ZU2', '组选复式', '前二组选复式', two.group, two.subGroup,
      '从01-11中选择2个或以上号码，每2个号码为一注，与开奖号码前两位相同（顺序不限），即为中奖。',
      '投注方案：01 02；开奖号码：02 01 * * *，即中前二组选。', [0, 1], N.frontGroup(2, 1, 11, 55)),
    make('LTQ2ZU2_S', '组选单式', '前二组选单式', two.group, two.subGroup,
      '手动输入2个不同号码组成一注，与开奖号码前两位相同（顺序不限），即为中奖。',
      '投注方案：01 02；开奖号码：02 01 * * *，即中前二组选。', [0, 1], N.frontGroupEntries(2, 1, 11, 55)),
    make('LTQ2ZU2DT', '组选胆拖', '前二组选胆拖', two.group, two.subGroup,
      '选择1个胆码和若干拖码，胆码加任一拖码组成一注，与开奖号码前两位相同（顺序不限），即为中奖。',
      '投注方案：胆码01，拖码06；开奖号码：06 01 * * *，即中前二组选。', [0, 1], N.frontGroupDantuo(2, 1, 11, 55)),
    make('LTQ1ZX1', '前一直选', '前一直选', '一码', '前一', '从01-11中选择1个或以上号码，与开奖号码第一位相同，即为中奖。',
      '投注方案：01；开奖号码：01 * * * *，即中前一直选。', [0], N.orderedDirect([0], FRONT.slice(0, 1), 1, 11, '前一直选', 11)),
    make('LTBDW', '前三不定位', '前三不定位', '不定位', '不定位', '从01-11中选择1个或以上号码，每个号码为一注，开奖号码前三位中包含所选号码，即为中奖。',
      '投注方案：01；开奖号码：01 * * * *、* 01 * * * 或 * * 01 * *，即中前三不定位。', [0, 1, 2], N.frontAnywhere()),
    make('LTDWD', '定位胆', '定位胆', '定位胆', '定位胆', '在第一位、第二位、第三位任意位置上选择1个或以上号码，所选号码与相同位置上的开奖号码一致，即为中奖。',
      '投注方案：第一位01；开奖号码：01 * * * *，即中定位胆。', [0, 1, 2], positional([0, 1, 2], N.positionalRows(FRONT, 1, 11), 11, true)),
    make('LTDDS', '定单双', '定单双', '趣味', '趣味', '从6种单双个数组合中选择1种或以上，当期开奖号码的单数与双数个数与所选组合一致，即为中奖。',
      '投注方案：5单0双；开奖号码：01 03 05 07 09，即中定单双。', [], N.oddCount()),
    make('LTCZW', '猜中位', '猜中位', '趣味', '趣味', '从03-09中选择1个或以上号码，所选号码与5个开奖号码按大小排序后的第3个号码相同，即为中奖。',
      '投注方案：08；开奖号码按大小排序为 04 05 08 09 11，中位数08，即中猜中位。', [], N.median()),
    ...optionalMethods(),
  ];
}
