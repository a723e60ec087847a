// 骰宝 rules from the reference (§5 table, §2.5 江苏骰宝) and gb-rcenter jsk3.ftl, with the dice settings.
import type { Oracle } from '../support/harness.ts';

const win = (condition: boolean, key: string): string => (condition ? key : 'LOSE');
const countOf = (dice: readonly number[], face: number): number => dice.filter((d) => d === face).length;
const sortedText = (values: readonly number[]): string => [...values].sort((a, b) => a - b).join('');

export const diceOracle: Oracle = (betTypeId, rules) => {
  switch (betTypeId) {
    case 'TWO_SIDES':
      return (item) => (dice) => {
        const sum = dice[0]! + dice[1]! + dice[2]!;
        const triple = dice[0] === dice[1] && dice[1] === dice[2];
        const sizeBet = item === 'BIG' || item === 'SMALL';
        if (triple && (sizeBet ? rules.diceTripleBigSmall : rules.diceTripleOddEven) === 'LOSE') return 'LOSE';
        if (item === 'BIG') return win(sum >= 11, 'BIG');
        if (item === 'SMALL') return win(sum <= 10, 'SMALL');
        return win(item === 'ODD' ? sum % 2 === 1 : sum % 2 === 0, item as string);
      };
    case 'SUM':
      return (item) => (dice) => win(dice[0]! + dice[1]! + dice[2]! === Number(item), item as string);
    case 'SINGLE':
      return (item) => (dice) => {
        const times = countOf(dice, Number(item));
        if (times === 0) return 'LOSE';
        if (rules.diceSingleNumber === 'ONCE') return 'ONCE';
        return ['', 'ONE', 'TWO', 'THREE'][times] as string;
      };
    case 'TRIPLE':
      return (item) => (dice) => win(countOf(dice, Number(item)) === 3, 'TRIPLE');
    case 'ANY_TRIPLE':
      return () => (dice) => win(dice[0] === dice[1] && dice[1] === dice[2], 'ANY');
    case 'DOUBLE':
      return (item) => (dice) => win(countOf(dice, Number(item)) >= 2, 'DOUBLE');
    case 'COMBINATION':
      return (item) => (dice) => {
        const [a, b] = (item as string).split('').map(Number) as [number, number];
        return win(dice.includes(a) && dice.includes(b), 'COMBINATION');
      };
    case 'STRAIGHT':
      return () => (dice) => win(['123', '234', '345', '456'].includes(sortedText(dice)), 'ANY');
    case 'PAIR_ANY':
      return (item) => (dice) => win(countOf(dice, Number(item)) === 2, 'PAIR_ANY');
    case 'THREE_DISTINCT':
      return (picks) => (dice) => win(sortedText(dice) === sortedText(picks as number[]), 'HIT');
    case 'PAIR_SINGLE':
      return (picks) => (dice) => {
        const [pair, single] = picks as [number, number];
        return win(sortedText(dice) === sortedText([pair, pair, single]), 'HIT');
      };
    default:
      throw new Error(`no 骰宝 reference rule for ${betTypeId}`);
  }
};
