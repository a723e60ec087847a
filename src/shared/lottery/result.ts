// Draw result formats per category: a result is always the numbers drawn, in draw order. The fairness
// module produces them, feeds deliver them, and the engine reads them.
import type { LotteryCategory } from '../enums.ts';

export type DrawResult = readonly number[];

export interface ResultFormat {
  /** How many numbers a result has. */
  length: number;
  /** Smallest and largest value of each number (inclusive). */
  min: number;
  max: number;
  /** Whether a number may repeat (digits, dice) or not (balls drawn without replacement). */
  distinct: boolean;
  /** For two-zone draws (SSQ, DLT): the second zone starts at this index with its own range. */
  secondZone?: { from: number; min: number; max: number };
}

export const RESULT_FORMATS: Record<LotteryCategory, ResultFormat> = {
  SSC: { length: 5, min: 0, max: 9, distinct: false },
  TAKE_5_OF_11: { length: 5, min: 1, max: 11, distinct: true },
  // 福彩3D/排列3 read the first 3 digits; 排列5 (P5) draws 5 — see resultFormatFor.
  THREE_D: { length: 3, min: 0, max: 9, distinct: false },
  // A full finishing order of 10 cars.
  PK10: { length: 10, min: 1, max: 10, distinct: true },
  QUICK_3: { length: 3, min: 1, max: 6, distinct: false },
  // PC蛋蛋 is derived from a keno-style draw of 20 numbers from 1–80 (the three digits are computed).
  PC_EGG: { length: 20, min: 1, max: 80, distinct: true },
  // Six numbers then the special number (特码), all distinct from 1–49.
  MARK6: { length: 7, min: 1, max: 49, distinct: true },
  KENO: { length: 20, min: 1, max: 80, distinct: true },
  // Six red balls of 1–33, then one blue of 1–16.
  SSQ: { length: 7, min: 1, max: 33, distinct: true, secondZone: { from: 6, min: 1, max: 16 } },
  // Five front balls of 1–35, then two back balls of 1–12.
  DLT: { length: 7, min: 1, max: 35, distinct: true, secondZone: { from: 5, min: 1, max: 12 } },
};

/** The result format of a draw type: its category's, except 排列5 which draws five digits. */
export function resultFormatFor(category: LotteryCategory, drawTypeCode: string): ResultFormat {
  if (drawTypeCode === 'P5') return { ...RESULT_FORMATS.THREE_D, length: 5 };
  return RESULT_FORMATS[category];
}

/** True when `result` is well formed for `format` (range, length, distinctness per zone). */
export function isValidResult(result: DrawResult, format: ResultFormat): boolean {
  if (result.length !== format.length) return false;
  const zones = format.secondZone
    ? [
        { values: result.slice(0, format.secondZone.from), min: format.min, max: format.max },
        { values: result.slice(format.secondZone.from), min: format.secondZone.min, max: format.secondZone.max },
      ]
    : [{ values: result, min: format.min, max: format.max }];
  return zones.every(({ values, min, max }) => {
    if (!values.every((v) => Number.isInteger(v) && v >= min && v <= max)) return false;
    return !format.distinct || new Set(values).size === values.length;
  });
}
