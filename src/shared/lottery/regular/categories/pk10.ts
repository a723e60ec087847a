// 北京赛车 and its successors, regular mode (reference §2.4): 猜冠军 … 猜前五 (复式/单式), 第二名 … 第五名,
// 定位胆. Draw: the finishing order of cars 01–10.
import { RESULT_FORMATS } from '../../result.ts';
import { defineMethod } from '../define.ts';
import { positional } from '../kernels/digit-families.ts';
import * as N from '../kernels/number-families.ts';
import type { Family, MethodSpec } from '../method-spec.ts';

const FORMAT = RESULT_FORMATS.PK10;
const PLACES = ['冠军', '亚军', '季军', '第四名', '第五名', '第六名', '第七名', '第八名', '第九名', '第十名'];
const CHINESE = ['', '一', '二', '三', '四', '五'];
const OUTCOMES = [1, 10, 90, 720, 5040, 30240];

function make(id: string, name: string, fullName: string, group: string, subGroup: string, rule: string, example: string, reads: number[], family: Family): MethodSpec {
  return defineMethod(FORMAT, { id, name, fullName, group, subGroup, rule, example, reads, readsText: `开奖名次${reads.map((p) => PLACES[p]).join('、')}` }, family);
}

function front(k: number): MethodSpec[] {
  const window = Array.from({ length: k }, (_, i) => i);
  const labels = PLACES.slice(0, k);
  const title = k === 1 ? '猜冠军' : `猜前${CHINESE[k]}`;
  const numbers = ['01', '02', '03', '04', '05'].slice(0, k).join(' ');
  const example = `投注方案：${numbers}；开奖名次：${numbers} …，即中${title}。`;
  const group = `前${CHINESE[k]}`;
  return [
    make(k === 1 ? 'PKQZX1' : `PKQZX${k}`, '复式', `${title}复式`, group, title,
      k === 1 ? '从冠军位置选择1个或以上号码，与开奖的冠军号码相同，即为中奖。' : `从${labels.join('、')}中各选择1个号码，组成${k}个不同号码的一注，与开奖前${k}名号码相同且顺序一致，即为中奖。`,
      example, window, N.orderedDirect(window, labels, 1, 10, title, OUTCOMES[k]!)),
    make(`PKQZX${k}_S`, '单式', `${title}单式`, group, title,
      `手动输入${k}个不同号码组成一注，依次对应${labels.join('、')}，与开奖号码相同且顺序一致，即为中奖。`,
      example, window, N.orderedEntries(window, labels, 1, 10, title, OUTCOMES[k]!)),
  ];
}

/** 第N名 (第二名 … 第五名): one place, like 猜冠军. */
function place(n: number): MethodSpec {
  const label = `第${CHINESE[n]}名`;
  return make(`PKQD${n}`, label, `猜${label}`, '定名次', '定名次', `从${label}位置选择1个或以上号码，与开奖的${label}号码相同，即为中奖。`,
    `投注方案：01；开奖${label}（${PLACES[n - 1]}）为 01，即中猜${label}。`, [n - 1], N.orderedDirect([n - 1], [label], 1, 10, `猜${label}`, 10));
}

export function pk10Methods(): MethodSpec[] {
  return [
    ...[1, 2, 3, 4, 5].flatMap(front),
    ...[2, 3, 4, 5].map(place),
    make('PKDWD', '定位胆', '定位胆', '定位胆', '定位胆', '在冠军至第十名任意位置上选择1个或以上号码，所选号码与相同名次的开奖号码一致，即为中奖。',
      '投注方案：冠军01；开奖冠军为 01，即中定位胆。', PLACES.map((_, i) => i), positional(PLACES.map((_, i) => i), N.positionalRows(PLACES, 1, 10), 10, true)),
  ];
}
