// 形态 of digit groups. 9, 0 and 1 are adjacent (reference §2.1: "9与0相连，0与1相连"), so 890, 901
// and 67890, 89012 are 顺子.

export type ThreeDigitForm = 'LEOPARD' | 'STRAIGHT' | 'PAIR' | 'HALF_STRAIGHT' | 'MIXED';
export type FiveDigitForm =
  | 'FIVE_OF_A_KIND'
  | 'FOUR_OF_A_KIND'
  | 'FULL_HOUSE'
  | 'STRAIGHT'
  | 'THREE_OF_A_KIND'
  | 'TWO_PAIRS'
  | 'ONE_PAIR'
  | 'HIGH_CARD';

function circularlyAdjacent(a: number, b: number): boolean {
  const gap = (a - b + 10) % 10;
  return gap === 1 || gap === 9;
}

/** True when the distinct digits form one run around the 0–9 circle (e.g. 8,9,0,1,2). */
function isCircularRun(digits: readonly number[]): boolean {
  const present = new Set(digits);
  if (present.size !== digits.length) return false;
  return digits.some((start) => {
    for (let step = 1; step < digits.length; step++) if (!present.has((start + step) % 10)) return false;
    return true;
  });
}

/** 豹子 > 顺子 > 对子 > 半顺 > 杂六. */
export function threeDigitForm(a: number, b: number, c: number): ThreeDigitForm {
  if (a === b && b === c) return 'LEOPARD';
  if (a === b || b === c || a === c) return 'PAIR';
  if (isCircularRun([a, b, c])) return 'STRAIGHT';
  if (circularlyAdjacent(a, b) || circularlyAdjacent(b, c) || circularlyAdjacent(a, c)) return 'HALF_STRAIGHT';
  return 'MIXED';
}

/** 五星形态 (梭哈). */
export function fiveDigitForm(digits: readonly number[]): FiveDigitForm {
  const counts = new Map<number, number>();
  for (const d of digits) counts.set(d, (counts.get(d) ?? 0) + 1);
  const shape = [...counts.values()].sort((x, y) => y - x).join('');
  switch (shape) {
    case '5':
      return 'FIVE_OF_A_KIND';
    case '41':
      return 'FOUR_OF_A_KIND';
    case '32':
      return 'FULL_HOUSE';
    case '311':
      return 'THREE_OF_A_KIND';
    case '221':
      return 'TWO_PAIRS';
    case '2111':
      return 'ONE_PAIR';
    default:
      return isCircularRun(digits) ? 'STRAIGHT' : 'HIGH_CARD';
  }
}
