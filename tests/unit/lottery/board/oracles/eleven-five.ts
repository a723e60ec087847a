// 11选5 board rules from the reference (§2.2 board paragraph) and a platform rule text (第N球 大 ≥ 6,
// 小 ≤ 5; 总和 大 ≥ 31, 小 ≤ 29, 30 和局), with the operator settings for 11 and 30.
import type { Oracle } from '../support/harness.ts';

const win = (condition: boolean, key: string): string => (condition ? key : 'LOSE');

export const elevenFiveOracle: Oracle = (betTypeId, rules) => {
  let m: RegExpMatchArray | null;
  if ((m = betTypeId.match(/^TWO_SIDES_(\d)$/))) {
    const p = Number(m[1]) - 1;
    return (item) => (draw) => {
      const ball = draw[p] as number;
      if (ball === 11 && rules.elevenBallEleven === 'PUSH') return 'PUSH';
      if (item === 'BIG') return win(ball >= 6, 'BIG');
      if (item === 'SMALL') return win(ball <= 5, 'SMALL');
      if (item === 'ODD') return win([1, 3, 5, 7, 9, 11].includes(ball), 'ODD');
      return win([2, 4, 6, 8, 10].includes(ball), 'EVEN');
    };
  }
  if ((m = betTypeId.match(/^NUMBER_(\d)$/))) {
    const p = Number(m[1]) - 1;
    return (item) => (draw) => win(draw[p] === Number(item), item as string);
  }
  if (betTypeId === 'SUM') {
    return (item) => (draw) => {
      const sum = draw.reduce((a, b) => a + b, 0);
      if ((item === 'BIG' || item === 'SMALL') && sum === 30) return rules.elevenSumThirty === 'PUSH' ? 'PUSH' : 'LOSE';
      if (item === 'BIG') return win(sum >= 31, 'BIG');
      if (item === 'SMALL') return win(sum <= 29, 'SMALL');
      if (item === 'ODD') return win(sum % 2 === 1, 'ODD');
      if (item === 'EVEN') return win(sum % 2 === 0, 'EVEN');
      if (item === 'TAIL_BIG') return win(sum % 10 >= 5, 'TAIL_BIG');
      return win(sum % 10 <= 4, 'TAIL_SMALL');
    };
  }
  if (betTypeId === 'DRAGON_TIGER') {
    return (item) => (draw) => win(item === 'DRAGON' ? (draw[0] as number) > (draw[4] as number) : (draw[0] as number) < (draw[4] as number), item as string);
  }
  throw new Error(`no 11选5 reference rule for ${betTypeId}`);
};
