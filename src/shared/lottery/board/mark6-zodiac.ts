// 生肖 of the 六合彩 numbers: 01 (and 13, 25, 37, 49) is the animal of the current lunar year (本命),
// then the numbers go backwards through the cycle (reference §2.7; gb-rcenter lhc.ftl 鸡年 table).
import { lunarYearOf } from './lunar-new-year.ts';

export const ZODIACS = [
  { id: 'RAT', name: '鼠' },
  { id: 'OX', name: '牛' },
  { id: 'TIGER', name: '虎' },
  { id: 'RABBIT', name: '兔' },
  { id: 'DRAGON', name: '龙' },
  { id: 'SNAKE', name: '蛇' },
  { id: 'HORSE', name: '马' },
  { id: 'GOAT', name: '羊' },
  { id: 'MONKEY', name: '猴' },
  { id: 'ROOSTER', name: '鸡' },
  { id: 'DOG', name: '狗' },
  { id: 'PIG', name: '猪' },
] as const;
export type ZodiacId = (typeof ZODIACS)[number]['id'];
export const ZODIAC_IDS: readonly ZodiacId[] = ZODIACS.map((z) => z.id);

/** 家禽 (domestic) animals; the other six are 野兽 (wild). */
export const DOMESTIC_ZODIACS: ReadonlySet<ZodiacId> = new Set(['OX', 'HORSE', 'GOAT', 'ROOSTER', 'DOG', 'PIG']);

export interface ZodiacYear {
  /** The lunar year, named by the Gregorian year it starts in. */
  readonly lunarYear: number;
  /** 本命: the animal of the year, which owns 01, 13, 25, 37 and 49. */
  readonly benming: ZodiacId;
  /** zodiacOf[n] for n = 1…49 (index 0 unused). */
  readonly zodiacOf: readonly ZodiacId[];
  readonly numbersOf: Readonly<Record<ZodiacId, readonly number[]>>;
}

function zodiacIndexOfYear(lunarYear: number): number {
  // 2020 (庚子) is a 鼠 year.
  return (((lunarYear - 2020) % 12) + 12) % 12;
}

export function zodiacYearFor(lunarYear: number): ZodiacYear {
  const first = zodiacIndexOfYear(lunarYear);
  const zodiacOf: ZodiacId[] = ['RAT'];
  const numbersOf = Object.fromEntries(ZODIAC_IDS.map((id) => [id, [] as number[]])) as Record<ZodiacId, number[]>;
  for (let n = 1; n <= 49; n++) {
    const id = ZODIAC_IDS[(((first - (n - 1)) % 12) + 12) % 12] as ZodiacId;
    zodiacOf[n] = id;
    numbersOf[id].push(n);
  }
  return { lunarYear, benming: ZODIAC_IDS[first] as ZodiacId, zodiacOf, numbersOf };
}

/** The zodiac table in force on a draw date (YYYY-MM-DD, Beijing time). */
export function zodiacYearOf(drawDate: string): ZodiacYear {
  return zodiacYearFor(lunarYearOf(drawDate));
}
