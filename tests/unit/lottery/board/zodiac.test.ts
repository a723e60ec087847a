import { describe, expect, it } from 'vitest';
import { lunarNewYearDate, lunarYearOf } from '../../../../src/shared/lottery/board/lunar-new-year.ts';
import { zodiacYearOf } from '../../../../src/shared/lottery/board/mark6-zodiac.ts';

/** The Chinese-calendar year and month/day of a Gregorian date, from the runtime's ICU data. */
function chineseDate(iso: string): { year: number; month: string; day: string } {
  const parts = new Intl.DateTimeFormat('en-u-ca-chinese', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(
    new Date(`${iso}T00:00:00Z`),
  );
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: Number(part('relatedYear')), month: part('month'), day: part('day') };
}

const dayBefore = (iso: string): string => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Years whose new moon falls within minutes of midnight Beijing time, where ICU's approximation lands
 * on the neighbouring day; the published calendars (and the astronomical conjunction: 2027-02-06 15:56
 * UTC = 23:56 Beijing; 2030-02-02 16:07 UTC = 00:07 on 02-03 Beijing) give these dates.
 */
const ICU_DISAGREES: Readonly<Record<number, string>> = { 2027: '2027-02-06', 2030: '2030-02-03' };

describe('正月初一 table', () => {
  it('agrees with the ICU Chinese calendar for 2000–2050, except two midnight new moons', () => {
    const wrong: string[] = [];
    for (let year = 2000; year <= 2050; year++) {
      const newYear = lunarNewYearDate(year);
      if (ICU_DISAGREES[year]) {
        if (newYear !== ICU_DISAGREES[year]) wrong.push(newYear);
        continue;
      }
      const first = chineseDate(newYear);
      const eve = chineseDate(dayBefore(newYear));
      if (first.year !== year || first.month !== '1' || first.day !== '1' || eve.year !== year - 1) wrong.push(newYear);
    }
    expect(wrong).toEqual([]);
  });

  it('switches the zodiac on 正月初一, not on 1 January', () => {
    expect(lunarYearOf('2026-01-01')).toBe(2025);
    expect(lunarYearOf('2026-02-16')).toBe(2025);
    expect(lunarYearOf('2026-02-17')).toBe(2026);
    expect(zodiacYearOf('2026-02-16').benming).toBe('SNAKE');
    expect(zodiacYearOf('2026-02-17').benming).toBe('HORSE');
    expect(zodiacYearOf('2020-01-25').benming).toBe('RAT');
    expect(zodiacYearOf('2017-06-01').benming).toBe('ROOSTER');
  });

  it('gives every zodiac four numbers of 1–48 and the 本命 also 49', () => {
    const table = zodiacYearOf('2026-06-01');
    for (const [id, numbers] of Object.entries(table.numbersOf)) {
      expect(numbers.filter((n) => n <= 48)).toHaveLength(4);
      expect(numbers.includes(49)).toBe(id === table.benming);
    }
  });
});
