// Calendar arithmetic in Beijing time. China has kept UTC+8 without daylight saving since 1991, so a
// fixed +08:00 offset is exact for every date this platform schedules and needs no time-zone data.
import { DrawInputError } from '../draw-input-error.ts';

export const SECOND_MS = 1000;
export const DAY_SECONDS = 86_400;
export const DAY_MS = DAY_SECONDS * SECOND_MS;
export const BEIJING_OFFSET_MS = 8 * 3600 * SECOND_MS;

/** A calendar day in Beijing, counted in days since 1970-01-01. */
export type DayNumber = number;

/** 0 = Sunday … 6 = Saturday, as `Date#getUTCDay`. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** 'YYYY-MM-DD' → day number; throws on a malformed or impossible date (2026-02-30). */
export function parseDay(date: string): DayNumber {
  const match = DATE_PATTERN.exec(date);
  const day = match ? dayFromParts(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
  if (day === undefined) throw new DrawInputError('INVALID_DATE', `日期格式不正确：${date}（应为 YYYY-MM-DD）`);
  return day;
}

/** Year, month (1–12), day of month → day number, or undefined when no such date exists. */
export function dayFromParts(year: number, month: number, dayOfMonth: number): DayNumber | undefined {
  const ms = Date.UTC(year, month - 1, dayOfMonth);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== dayOfMonth) {
    return undefined;
  }
  return ms / DAY_MS;
}

export function formatDay(day: DayNumber): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function yearOf(day: DayNumber): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

export function firstDayOfYear(year: number): DayNumber {
  return Date.UTC(year, 0, 1) / DAY_MS;
}

export function weekdayOf(day: DayNumber): Weekday {
  // 1970-01-01 was a Thursday.
  return ((((day + 4) % 7) + 7) % 7) as Weekday;
}

/** Epoch ms of 00:00:00 Beijing time on `day`. */
export function beijingMidnight(day: DayNumber): number {
  return day * DAY_MS - BEIJING_OFFSET_MS;
}

/** The Beijing calendar day an instant (epoch ms) falls on. */
export function beijingDayOf(instant: number): DayNumber {
  return Math.floor((instant + BEIJING_OFFSET_MS) / DAY_MS);
}

/** 'HH:MM' or 'HH:MM:SS' → seconds after midnight; '24:00' is allowed and means the next midnight. */
export function parseTimeOfDay(time: string): number {
  const match = TIME_PATTERN.exec(time);
  const seconds = match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0) : NaN;
  const valid = match !== null && Number(match[2]) < 60 && Number(match[3] ?? 0) < 60 && seconds <= DAY_SECONDS;
  if (!valid) throw new DrawInputError('INVALID_TIME', `时间格式不正确：${time}（应为 HH:MM 或 HH:MM:SS）`);
  return seconds;
}

/** 'YYYY-MM-DD HH:MM:SS' in Beijing time, for messages and the terminal verifier. */
export function formatBeijingDateTime(instant: number): string {
  return new Date(instant + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
