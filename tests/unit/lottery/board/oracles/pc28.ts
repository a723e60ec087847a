// PC蛋蛋 rules from the reference (§2.6) and platform rule texts (jnd28.php, xy28.ftl): the digit
// derivations, 大 14–27, 极大 22–27, 极小 0–5, the colour sets, 豹子/顺子/对子.
import type { Oracle } from '../support/harness.ts';

/** 幸运28: ascending order, positions 1–6, 7–12, 13–18; 加拿大28: 2/5/…/17, 3/6/…/18, 4/7/…/19. */
export function referenceDigits(numbers: readonly number[], derivation: 'CLASSIC' | 'CANADA'): number[] {
  const sorted = [...numbers].sort((a, b) => a - b);
  const groups =
    derivation === 'CLASSIC'
      ? [0, 1, 2].map((g) => [1, 2, 3, 4, 5, 6].map((k) => g * 6 + k))
      : [2, 3, 4].map((first) => [0, 1, 2, 3, 4, 5].map((k) => first + 3 * k));
  return groups.map((positions) => positions.reduce((sum, p) => sum + (sorted[p - 1] as number), 0) % 10);
}

const RED = [3, 6, 9, 12, 15, 18, 21, 24];
const GREEN = [1, 4, 7, 10, 16, 19, 22, 25];
const BLUE = [2, 5, 8, 11, 17, 20, 23, 26];
const STRAIGHTS = ['012', '123', '234', '345', '456', '567', '678', '789', '089', '019'];
const win = (condition: boolean, key: string): string => (condition ? key : 'LOSE');

export const pc28Oracle: Oracle = (betTypeId, rules) => {
  const digitsOf = (draw: readonly number[]) => referenceDigits(draw, rules.pc28Derivation);
  const sumOf = (draw: readonly number[]) => digitsOf(draw).reduce((a, b) => a + b, 0);
  if (betTypeId === 'MIXED') {
    return (item) => (draw) => {
      const s = sumOf(draw);
      const hits: Record<string, boolean> = {
        BIG: s >= 14,
        SMALL: s <= 13,
        ODD: s % 2 === 1,
        EVEN: s % 2 === 0,
        BIG_ODD: s >= 14 && s % 2 === 1,
        BIG_EVEN: s >= 14 && s % 2 === 0,
        SMALL_ODD: s <= 13 && s % 2 === 1,
        SMALL_EVEN: s <= 13 && s % 2 === 0,
        EXTREME_BIG: s >= 22,
        EXTREME_SMALL: s <= 5,
      };
      const key = item as string;
      const twoSided = !key.startsWith('EXTREME');
      if (twoSided && (s === 13 || s === 14)) {
        if (rules.pc28Middle === 'REFUND') return 'PUSH';
        if (rules.pc28Middle === 'REDUCED' && hits[key]) return key.includes('_') ? 'MIDDLE_COMBO' : 'MIDDLE_TWO_SIDES';
      }
      return win(hits[key] === true, key);
    };
  }
  if (betTypeId === 'SUM') return (item) => (draw) => win(sumOf(draw) === Number(item), item as string);
  if (betTypeId === 'COLOR') {
    return (item) => (draw) => {
      const s = sumOf(draw);
      const set = item === 'RED' ? RED : item === 'GREEN' ? GREEN : BLUE;
      return win(set.includes(s), item as string);
    };
  }
  if (betTypeId === 'FORM') {
    return (item) => (draw) => {
      const [a, b, c] = digitsOf(draw) as [number, number, number];
      const distinct = new Set([a, b, c]).size;
      if (item === 'LEOPARD') return win(distinct === 1, 'LEOPARD');
      if (item === 'PAIR') return win(distinct === 2, 'PAIR');
      return win(STRAIGHTS.includes([a, b, c].sort((x, y) => x - y).join('')), 'STRAIGHT');
    };
  }
  throw new Error(`no PC蛋蛋 reference rule for ${betTypeId}`);
};
