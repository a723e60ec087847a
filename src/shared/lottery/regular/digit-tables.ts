// Bet-count tables of the 和值/跨度 methods, built once from their definitions (the domain reference
// warns that copied constants are often wrong). Building them walks at most 1,000 digit tuples.

function digitTuples(length: number): number[][] {
  let tuples: number[][] = [[]];
  for (let i = 0; i < length; i++) tuples = tuples.flatMap((t) => Array.from({ length: 10 }, (_, d) => [...t, d]));
  return tuples;
}

function tally(length: number, size: number, key: (digits: number[]) => number, keep: (digits: number[]) => boolean): number[] {
  const counts = new Array<number>(size).fill(0);
  for (const digits of digitTuples(length)) if (keep(digits)) counts[key(digits)]! += 1;
  return counts;
}

const sum = (digits: readonly number[]): number => digits.reduce((a, b) => a + b, 0);
const span = (digits: readonly number[]): number => Math.max(...digits) - Math.min(...digits);
const distinctCount = (digits: readonly number[]): number => new Set(digits).size;
const isSorted = (digits: readonly number[]): boolean => digits.every((d, i) => i === 0 || digits[i - 1]! <= d);

/** 直选和值: ordered k-digit tuples per sum (k = 2: s 0…18, k = 3: s 0…27). */
export const DIRECT_SUM: Record<2 | 3, readonly number[]> = {
  2: tally(2, 19, sum, () => true),
  3: tally(3, 28, sum, () => true),
};

/** 直选跨度: ordered k-digit tuples per span 0…9. */
export const DIRECT_SPAN: Record<2 | 3, readonly number[]> = {
  2: tally(2, 10, span, () => true),
  3: tally(3, 10, span, () => true),
};

/** 三星组选和值 split by form: 组三 (one pair) and 组六 (three different) combinations per sum 0…27. */
export const GROUP3_SUM_PAIR: readonly number[] = tally(3, 28, sum, (d) => isSorted(d) && distinctCount(d) === 2);
export const GROUP3_SUM_DISTINCT: readonly number[] = tally(3, 28, sum, (d) => isSorted(d) && distinctCount(d) === 3);

/** 二星组选和值: combinations of two different digits per sum 0…18. */
export const GROUP2_SUM: readonly number[] = tally(2, 19, sum, (d) => isSorted(d) && distinctCount(d) === 2);

/** 快3 和值: ordered dice outcomes per sum 0…18 (3…18 used). */
export const DICE_SUM: readonly number[] = (() => {
  const counts = new Array<number>(19).fill(0);
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) counts[a + b + c]! += 1;
  return counts;
})();
