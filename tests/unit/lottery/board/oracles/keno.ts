// 快乐8 board rules from the reference (§2.8 board table) and gb-rcenter bjkl8.ftl.
import type { Oracle } from '../support/harness.ts';

const win = (condition: boolean, key: string): string => (condition ? key : 'LOSE');

export const kenoOracle: Oracle = (betTypeId, rules) => {
  switch (betTypeId) {
    case 'SUM':
      return (item) => (draw) => {
        const sum = draw.reduce((a, b) => a + b, 0);
        if (item === 'SUM_810') return win(sum === 810, 'SUM_810');
        if (item === 'ODD') return win(sum % 2 === 1, 'ODD');
        if (item === 'EVEN') return win(sum % 2 === 0, 'EVEN');
        // Every other item reads 大/小: 大 > 810, 小 < 810, 810 per the setting.
        if (sum === 810) return rules.kenoSum810 === 'PUSH' ? 'PUSH' : 'LOSE';
        const size = sum > 810 ? 'BIG' : 'SMALL';
        const parity = sum % 2 === 1 ? 'ODD' : 'EVEN';
        return win(item === size || item === `${size}_${parity}`, item as string);
      };
    case 'UP_DOWN':
      return (item) => (draw) => {
        const up = draw.filter((n) => n <= 40).length;
        const down = 20 - up;
        return win(item === 'UP' ? up > down : item === 'DOWN' ? down > up : up === down, item as string);
      };
    case 'ODD_EVEN':
      return (item) => (draw) => {
        const odd = draw.filter((n) => n % 2 === 1).length;
        return win(item === 'ODD' ? odd > 10 : item === 'EVEN' ? odd < 10 : odd === 10, item as string);
      };
    case 'FIVE_ELEMENTS':
      return (item) => (draw) => {
        const sum = draw.reduce((a, b) => a + b, 0);
        const element = sum <= 695 ? 'METAL' : sum <= 763 ? 'WOOD' : sum <= 855 ? 'WATER' : sum <= 923 ? 'FIRE' : 'EARTH';
        return win(element === item, item as string);
      };
    default:
      throw new Error(`no 快乐8 reference rule for ${betTypeId}`);
  }
};
