// Which days a draw type runs on, and counting those days (for 期号 ordinals and running counters).
import { parseDay, weekdayOf, type DayNumber } from './beijing-time.ts';
import type { SalesCalendar } from './schedule-types.ts';

export interface CompiledCalendar {
  weekdays: ReadonlySet<number>;
  closed: ReadonlySet<DayNumber>;
  extra: ReadonlySet<DayNumber>;
}

export function compileCalendar(calendar: SalesCalendar): CompiledCalendar {
  return {
    weekdays: new Set(calendar.weekdays),
    closed: new Set(calendar.closedDates.map(parseDay)),
    extra: new Set(calendar.extraDates.map(parseDay)),
  };
}

export function isOpenDay(calendar: CompiledCalendar, day: DayNumber): boolean {
  if (calendar.closed.has(day)) return false;
  return calendar.weekdays.has(weekdayOf(day)) || calendar.extra.has(day);
}

/** Open days in [from, to); negative when `to` is before `from`. */
export function countOpenDays(calendar: CompiledCalendar, from: DayNumber, to: DayNumber): number {
  if (to < from) return -countOpenDays(calendar, to, from);
  const span = to - from;
  let count = Math.floor(span / 7) * calendar.weekdays.size;
  for (let day = from + span - (span % 7); day < to; day++) {
    if (calendar.weekdays.has(weekdayOf(day))) count++;
  }
  const inRange = (day: DayNumber) => day >= from && day < to;
  for (const day of calendar.closed) {
    if (inRange(day) && calendar.weekdays.has(weekdayOf(day))) count--;
  }
  for (const day of calendar.extra) {
    if (inRange(day) && !calendar.weekdays.has(weekdayOf(day)) && !calendar.closed.has(day)) count++;
  }
  return count;
}

/**
 * The open day that has exactly `index` open days between `from` and it: index 0 is the first open
 * day on or after `from`, index −1 the last open day before `from`. Undefined when the calendar has
 * no such day within `searchLimitDays`.
 */
export function openDayAt(
  calendar: CompiledCalendar,
  from: DayNumber,
  index: number,
  searchLimitDays = 40_000,
): DayNumber | undefined {
  const step = index >= 0 ? 1 : -1;
  let remaining = index >= 0 ? index : -index - 1;
  for (let day = index >= 0 ? from : from - 1, n = 0; n < searchLimitDays; day += step, n++) {
    if (!isOpenDay(calendar, day)) continue;
    if (remaining === 0) return day;
    remaining--;
  }
  return undefined;
}
