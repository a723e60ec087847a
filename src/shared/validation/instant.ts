// An ISO 8601 instant with an offset ('2026-05-01T08:00:00+08:00', '…Z') that PostgreSQL can store:
// z.iso.datetime() alone accepts year 0000, which JavaScript parses but PostgreSQL refuses (a 500).
// Years 1900–9999 as written, as calendarDate's floor; refused with the caller's Chinese message.
import { z } from 'zod';
import { MIN_CALENDAR_YEAR } from './calendar-date.ts';

export const MAX_INSTANT_YEAR = 9999;

export function isStorableInstant(text: string): boolean {
  if (Number.isNaN(Date.parse(text))) return false;
  const year = Number(text.slice(0, 4));
  return year >= MIN_CALENDAR_YEAR && year <= MAX_INSTANT_YEAR;
}

/** An ISO instant with an offset, of a year 1900–9999. */
export function instant(message: string) {
  return z.iso.datetime({ offset: true, error: message }).refine(isStorableInstant, { error: message, abort: true });
}
