// 'YYYY-MM-DD' of a day that exists: a date that only looks right (2026-02-30, 0000-00-00) is refused
// here with a Chinese message instead of by PostgreSQL with a 500.
import { z } from 'zod';

export const CALENDAR_DATE_MESSAGE = '请输入有效的日期';

// Nothing on the platform is older than 1900 (the birthday rule's floor); four-digit years only.
export const MIN_CALENDAR_YEAR = 1900;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_CALENDAR_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A trimmed 'YYYY-MM-DD' of a real day. */
export function calendarDate(message: string = CALENDAR_DATE_MESSAGE): z.ZodType<string> {
  return z
    .string({ error: message })
    .trim()
    .regex(DATE, { error: message, abort: true })
    .refine(isCalendarDate, { error: message, abort: true });
}
