// Values derived from the numbers of a draw, as players read them on charts and in the picker:
// 和值, 跨度, 形态 of three digits, 大小单双 of one number, 龙虎 of two positions. The 大/小 split is the
// upper and lower half of the range (digits 5–9 大, PK10 and 11选5 6 and up 大, 快3 sum 11–18 大).

export const BIG_SMALL_ODD_EVEN = ['大', '小', '单', '双'] as const;
export const DRAGON_TIGER = ['龙', '虎', '和'] as const;
/** 形态 of three digits as the 3-digit charts show it: 豹子 (all equal), 组三 (a pair), 组六 (all different). */
export const THREE_DIGIT_FORMS = ['豹子', '组三', '组六'] as const;
/** 特殊号 of three digits (a pick row): 顺子 is three consecutive digits in any order, 890 and 901 included. */
export const SPECIAL_FORMS = ['豹子', '顺子', '对子'] as const;

export type BigSmallOddEven = (typeof BIG_SMALL_ODD_EVEN)[number];
export type DragonTiger = (typeof DRAGON_TIGER)[number];
export type ThreeDigitForm = (typeof THREE_DIGIT_FORMS)[number];
export type SpecialForm = (typeof SPECIAL_FORMS)[number];

export function sumOf(numbers: readonly number[]): number {
  let sum = 0;
  for (const n of numbers) sum += n;
  return sum;
}

export function spanOf(numbers: readonly number[]): number {
  return Math.max(...numbers) - Math.min(...numbers);
}

/** The first value counted as 大 in the range min…max: the upper half (the middle value of an odd range is 大). */
export function bigFrom(min: number, max: number): number {
  return Math.floor((min + max + 1) / 2);
}

/** 大 or 小, then 单 or 双, of a number in the range min…max. */
export function bigSmallOddEven(n: number, min: number, max: number): [BigSmallOddEven, BigSmallOddEven] {
  return [n >= bigFrom(min, max) ? '大' : '小', Math.abs(n) % 2 === 1 ? '单' : '双'];
}

/** 龙 when the first is larger, 虎 when smaller, 和 when equal. */
export function dragonTiger(first: number, second: number): DragonTiger {
  return first > second ? '龙' : first < second ? '虎' : '和';
}

export function threeDigitForm(digits: readonly number[]): ThreeDigitForm {
  const distinct = new Set(digits).size;
  return distinct === 1 ? '豹子' : distinct === 2 ? '组三' : '组六';
}

/** 豹子, 顺子 or 对子 of three digits; null for the rest (杂六). */
export function specialForm(digits: readonly number[]): SpecialForm | null {
  const distinct = new Set(digits).size;
  if (distinct === 1) return '豹子';
  if (distinct === 2) return '对子';
  const present = new Set(digits);
  for (let start = 0; start < 10; start++) {
    if (present.has(start) && present.has((start + 1) % 10) && present.has((start + 2) % 10)) return '顺子';
  }
  return null;
}
