// 快乐8 (keno) regular mode: 选一 … 选十, each as 复式, 单式 and 胆拖 (reference §2.8). A ticket of k
// numbers wins by how many of them are among the 20 drawn; the prize per hit count comes from the
// versioned official table (fixed-prizes.ts), not from a prize group.
import { RESULT_FORMATS } from '../../result.ts';
import { choose } from '../combinatorics.ts';
import { defineMethod } from '../define.ts';
import * as N from '../kernels/number-families.ts';
import { level, type Family, type MethodSpec } from '../method-spec.ts';

const FORMAT = RESULT_FORMATS.KENO;
export const KENO_PICK_NAMES = ['', '选一', '选二', '选三', '选四', '选五', '选六', '选七', '选八', '选九', '选十'];

/** Hit counts that win in the official 快乐8 tables, per pick k (both circulating versions). */
export const KENO_WINNING_HITS: Record<number, readonly number[]> = {
  1: [1],
  2: [2],
  3: [3, 2],
  4: [4, 3, 2],
  5: [5, 4, 3],
  6: [6, 5, 4, 3],
  7: [7, 6, 5, 4, 0],
  8: [8, 7, 6, 5, 4, 0],
  9: [9, 8, 7, 6, 5, 4, 0],
  10: [10, 9, 8, 7, 6, 5, 0],
};

function hitLevels(k: number): N.HitLevels {
  const hits = KENO_WINNING_HITS[k]!;
  return {
    levels: hits.map((h) => level(`${k}中${h}`, `中${h}`, choose(20, h) * choose(60, k - h), choose(80, k))),
    hitsOfLevel: hits.slice(),
  };
}

function make(k: number, id: string, name: string, rule: string, family: Family): MethodSpec {
  const pick = KENO_PICK_NAMES[k]!;
  return defineMethod(
    FORMAT,
    {
      id,
      name,
      fullName: `${pick}${name}`,
      group: '任选',
      subGroup: pick,
      rule,
      example: `投注方案：${pick}，所选${k}个号码中有若干个在当期开出的20个号码之中；按猜中个数对照奖级表派奖${k >= 7 ? `（${pick}全部未猜中亦有奖）` : ''}。`,
      reads: [],
      readsText: '全部20个开奖号码（不分顺序）',
    },
    family,
  );
}

export function kenoMethods(): MethodSpec[] {
  const methods: MethodSpec[] = [];
  for (let k = 1; k <= 10; k++) {
    const opts = { k, min: 1, max: 80, hitLevels: hitLevels(k), ticketSpace: choose(80, k) };
    methods.push(
      make(k, `RX${k}`, '复式', `从01-80中选择${k}个或以上号码，每${k}个号码为一注，按每注号码与开奖号码相同的个数确定奖级。`,
        N.pickFromZone({ ...opts, label: '号码' })),
      make(k, `RX${k}_S`, '单式', `手动输入${k}个不同号码（01-80）为一注，按与开奖号码相同的个数确定奖级。`, N.pickFromZoneEntries(opts)),
    );
    if (k >= 2) {
      methods.push(
        make(k, `RXDT${k}`, '胆拖', `选择1-${k - 1}个胆码和若干拖码，每注由全部胆码加${k}减胆码个数的拖码组成，按每注与开奖号码相同的个数确定奖级。`,
          N.pickFromZoneDantuo(opts)),
      );
    }
  }
  return methods;
}
