// 农历正月初一 (Chinese New Year) in the Gregorian calendar, 2000–2050. The 六合彩 zodiac table
// switches on this day, not on 1 January (reference §2.7, §8 #18). Static data so that settlement
// never depends on the runtime's calendar support; the unit tests check it against ICU.
import { LotteryError } from '../errors.ts';

const FIRST_YEAR = 2000;
/** MM-DD of 正月初一 for FIRST_YEAR, FIRST_YEAR + 1, … */
const NEW_YEAR_DAYS = [
  '02-05', '01-24', '02-12', '02-01', '01-22', '02-09', '01-29', '02-18', '02-07', '01-26', // 2000–2009
  '02-14', '02-03', '01-23', '02-10', '01-31', '02-19', '02-08', '01-28', '02-16', '02-05', // 2010–2019
  '01-25', '02-12', '02-01', '01-22', '02-10', '01-29', '02-17', '02-06', '01-26', '02-13', // 2020–2029
  '02-03', '01-23', '02-11', '01-31', '02-19', '02-08', '01-28', '02-15', '02-04', '01-24', // 2030–2039
  '02-12', '02-01', '01-22', '02-10', '01-30', '02-17', '02-06', '01-26', '02-14', '02-02', // 2040–2049
  '01-23', // 2050
] as const;

/** The Gregorian date (YYYY-MM-DD) of 正月初一 of the lunar year that starts in `year`. */
export function lunarNewYearDate(year: number): string {
  const day = NEW_YEAR_DAYS[year - FIRST_YEAR];
  if (!day) throw new LotteryError('INVALID_DRAW_DATE', `暂不支持 ${year} 年的生肖对照表`);
  return `${year}-${day}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The lunar year (named by the Gregorian year it starts in) that a Beijing-time date belongs to. */
export function lunarYearOf(date: string): number {
  const match = ISO_DATE.exec(date);
  const year = match ? Number(match[1]) : NaN;
  const month = match ? Number(match[2]) : NaN;
  const day = match ? Number(match[3]) : NaN;
  if (!match || month < 1 || month > 12 || day < 1 || day > 31) {
    throw new LotteryError('INVALID_DRAW_DATE', `开奖日期格式不正确：${date}（应为 YYYY-MM-DD）`);
  }
  // Dates compare as text in ISO form; January and early February belong to the previous lunar year.
  return date < lunarNewYearDate(year) ? year - 1 : year;
}
