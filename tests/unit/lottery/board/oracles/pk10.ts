// PK10 board rules from the reference (§2.4 board table, gb-rcenter bjpk10.ftl / xyft.ftl): 名次 大 6–10,
// 冠亚和 = 冠军 + 亚军, 龙虎 = 名次 i against 名次 11 − i.
import type { Oracle } from '../support/harness.ts';

const win = (condition: boolean, key: string): string => (condition ? key : 'LOSE');

/** The ranks (0-based) each bet type reads, from the reference: the test enumerates exactly these. */
export function ranksRead(betTypeId: string): number[] {
  if (betTypeId === 'TOP2_SUM') return [0, 1];
  const rank = betTypeId.match(/^RANK_(\d+)$/);
  if (rank) return [Number(rank[1]) - 1];
  const dragon = betTypeId.match(/^DRAGON_TIGER_(\d)$/);
  if (dragon) return [Number(dragon[1]) - 1, 10 - Number(dragon[1])];
  throw new Error(`no PK10 reference rule for ${betTypeId}`);
}

export const pk10Oracle: Oracle = (betTypeId, rules) => {
  let m: RegExpMatchArray | null;
  if (betTypeId === 'TOP2_SUM') {
    return (item) => (order) => {
      const sum = (order[0] as number) + (order[1] as number);
      if (/^\d+$/.test(item as string)) return win(sum === Number(item), item as string);
      if (sum === 11 && rules.pk10SumEleven === 'PUSH') return 'PUSH';
      // Otherwise 11 counts as 小 and 单.
      if (item === 'BIG') return win(sum >= 12, 'BIG');
      if (item === 'SMALL') return win(sum <= 11, 'SMALL');
      return win(item === 'ODD' ? sum % 2 === 1 : sum % 2 === 0, item as string);
    };
  }
  if ((m = betTypeId.match(/^RANK_(\d+)$/))) {
    const r = Number(m[1]) - 1;
    return (item) => (order) => {
      const car = order[r] as number;
      if (/^\d+$/.test(item as string)) return win(car === Number(item), item as string);
      const hit = { BIG: car >= 6, SMALL: car <= 5, ODD: car % 2 === 1, EVEN: car % 2 === 0 }[item as string];
      return win(hit === true, item as string);
    };
  }
  if ((m = betTypeId.match(/^DRAGON_TIGER_(\d)$/))) {
    const r = Number(m[1]);
    return (item) => (order) => {
      const dragon = order[r - 1] as number;
      const tiger = order[10 - r] as number;
      return win(item === 'DRAGON' ? dragon > tiger : tiger > dragon, item as string);
    };
  }
  throw new Error(`no PK10 reference rule for ${betTypeId}`);
};
