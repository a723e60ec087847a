// 期号: writing the number of the n-th issue of a sales day, and reading a number back to that position.
import { dayFromParts, firstDayOfYear, formatDay, yearOf, type DayNumber } from './beijing-time.ts';
import { countOpenDays, isOpenDay, openDayAt } from './calendar.ts';
import type { CompiledAnchor, CompiledSchedule } from './compile-schedule.ts';

export interface IssuePosition {
  day: DayNumber;
  /** 1-based within the sales day. */
  sequence: number;
}

const ROC_YEAR_OFFSET = 1911;

export function formatIssueNumber(compiled: CompiledSchedule, { day, sequence }: IssuePosition): string {
  const format = compiled.schedule.issueNumber;
  switch (format.kind) {
    case 'dated':
      return formatDay(day).replaceAll('-', '') + pad(sequence, format.sequenceDigits);
    case 'yearly': {
      const year = yearOf(day);
      const ordinal = countOpenDays(compiled.calendar, firstDayOfYear(year), day) * compiled.issuesPerDay + sequence;
      return yearPrefix(year, format.year) + format.separator + pad(ordinal, format.sequenceDigits);
    }
    case 'counter': {
      const anchor = anchorForDay(compiled.anchors, day);
      const draws = countOpenDays(compiled.calendar, anchor.day, day) * compiled.issuesPerDay + sequence - 1;
      return String(anchor.firstIssue + draws);
    }
  }
}

/**
 * The position an issue number names, or undefined when it is not well formed. The position may still
 * be a closed day or a sequence past the day's last issue: the caller checks it against the schedule.
 */
export function parseIssueNumber(compiled: CompiledSchedule, issueNumber: string): IssuePosition | undefined {
  const format = compiled.schedule.issueNumber;
  switch (format.kind) {
    case 'dated': {
      const match = new RegExp(`^(\\d{4})(\\d{2})(\\d{2})(\\d{${format.sequenceDigits}})$`).exec(issueNumber);
      if (!match) return undefined;
      const day = dayFromParts(Number(match[1]), Number(match[2]), Number(match[3]));
      return day === undefined ? undefined : { day, sequence: Number(match[4]) };
    }
    case 'yearly': {
      const yearDigits = { yyyy: 4, yy: 2, roc: 3 }[format.year];
      const pattern = `^(\\d{${yearDigits}})${format.separator}(\\d{${format.sequenceDigits}})$`;
      const match = new RegExp(pattern).exec(issueNumber);
      if (!match) return undefined;
      const year = fullYear(Number(match[1]), format.year);
      return positionFromOrdinal(compiled, firstDayOfYear(year), Number(match[2]) - 1, (day) => yearOf(day) === year);
    }
    case 'counter': {
      if (!/^\d{1,15}$/.test(issueNumber)) return undefined;
      const number = Number(issueNumber);
      const anchor = anchorForNumber(compiled.anchors, number);
      return positionFromOrdinal(compiled, anchor.day, number - anchor.firstIssue, () => true);
    }
  }
}

/** The `drawsSince`-th draw (0-based) counted from the first issue of the open day `from`. */
function positionFromOrdinal(
  compiled: CompiledSchedule,
  from: DayNumber,
  drawsSince: number,
  accept: (day: DayNumber) => boolean,
): IssuePosition | undefined {
  const perDay = compiled.issuesPerDay;
  const dayIndex = Math.floor(drawsSince / perDay);
  const day = openDayAt(compiled.calendar, from, dayIndex);
  if (day === undefined || !accept(day) || !isOpenDay(compiled.calendar, day)) return undefined;
  return { day, sequence: drawsSince - dayIndex * perDay + 1 };
}

function anchorForDay(anchors: readonly CompiledAnchor[], day: DayNumber): CompiledAnchor {
  return anchors.findLast((a) => a.day <= day) ?? (anchors[0] as CompiledAnchor);
}

function anchorForNumber(anchors: readonly CompiledAnchor[], number: number): CompiledAnchor {
  return anchors.findLast((a) => a.firstIssue <= number) ?? (anchors[0] as CompiledAnchor);
}

function yearPrefix(year: number, kind: 'yyyy' | 'yy' | 'roc'): string {
  if (kind === 'yyyy') return String(year);
  if (kind === 'yy') return pad(year % 100, 2);
  return pad(year - ROC_YEAR_OFFSET, 3);
}

function fullYear(written: number, kind: 'yyyy' | 'yy' | 'roc'): number {
  if (kind === 'yyyy') return written;
  if (kind === 'yy') return 2000 + written;
  return written + ROC_YEAR_OFFSET;
}

function pad(value: number, digits: number): string {
  return String(value).padStart(digits, '0');
}
