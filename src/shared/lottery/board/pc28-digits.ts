// PC蛋蛋's three digits from a 20-of-80 keno draw (reference §2.6), without the board engine or its
// settings: showing a result (lobby cards, 开奖, game pages) needs only this.
import type { BoardRules } from './settings.ts';

export type Pc28Derivation = BoardRules['pc28Derivation'];

/** 1-based positions in the ascending order of the 20 numbers, per digit. */
const DERIVATIONS: Readonly<Record<Pc28Derivation, readonly (readonly number[])[]>> = {
  CLASSIC: [
    [1, 2, 3, 4, 5, 6],
    [7, 8, 9, 10, 11, 12],
    [13, 14, 15, 16, 17, 18],
  ],
  CANADA: [
    [2, 5, 8, 11, 14, 17],
    [3, 6, 9, 12, 15, 18],
    [4, 7, 10, 13, 16, 19],
  ],
};

/** Draw types whose derivation is not the category's CLASSIC one: 加拿大28 uses the BCLC positions. */
const CANADA_DRAW_TYPES: ReadonlySet<string> = new Set(['JND28']);

/** The derivation a draw type has until the operator changes its board rules. */
export function defaultPc28Derivation(drawType: string): Pc28Derivation {
  return CANADA_DRAW_TYPES.has(drawType) ? 'CANADA' : 'CLASSIC';
}

/** The three digits: last digit of the sum of each group of sorted positions. */
export function pc28Digits(numbers: readonly number[], derivation: Pc28Derivation): [number, number, number] {
  const sorted = [...numbers].sort((a, b) => a - b);
  const [first, second, third] = DERIVATIONS[derivation].map(
    (positions) => positions.reduce((sum, p) => sum + (sorted[p - 1] as number), 0) % 10,
  ) as [number, number, number];
  return [first, second, third];
}
