// Helpers shared by the digit-game families: window digits, sums, spans and the 三星 form.
import { range, type NormalizedSelection } from '../method-spec.ts';

export const DIGITS = range(0, 9);
export const STAR_NAMES = ['', '一星', '二星', '三星', '四星', '五星'] as const;
export const powerOf10 = (k: number): number => 10 ** k;
export const shortLabel = (label: string): string => label.replace('位', '');
export const product = (values: readonly number[]): number => values.reduce((a, b) => a * b, 1);
export const sizes = (sel: NormalizedSelection): number[] => sel.rows.map((r) => r.length);

/** Digit counts of a window, in a scratch buffer that the caller must reset. */
export const scratch = new Int8Array(10);

/** Form of three digits: 3 = 豹子 (all equal), 2 = 组三 (one pair), 1 = 组六 (all different). */
export function formOf3(a: number, b: number, c: number): 1 | 2 | 3 {
  if (a === b && b === c) return 3;
  if (a === b || b === c || a === c) return 2;
  return 1;
}

export const windowKey = (digits: readonly number[], window: readonly number[]): number => {
  let key = 0;
  for (const p of window) key = key * 10 + digits[p]!;
  return key;
};
export const entryKey = (entry: readonly number[]): number => entry.reduce((key, d) => key * 10 + d, 0);

export function sumOf(view: { numbers: readonly number[] }, window: readonly number[]): number {
  let s = 0;
  for (const p of window) s += view.numbers[p]!;
  return s;
}

export function spanOf(view: { numbers: readonly number[] }, window: readonly number[]): number {
  let lo = 9;
  let hi = 0;
  for (const p of window) {
    const d = view.numbers[p]!;
    if (d < lo) lo = d;
    if (d > hi) hi = d;
  }
  return hi - lo;
}
