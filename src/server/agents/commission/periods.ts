// Bonus periods (spec §3.5 frequencies) as Beijing calendar days: the last period that has ended.
import type { BonusFrequency } from '../../../shared/enums.ts';
import { beijingDayOf, beijingMidnight, formatDay, parseDay } from '../../../shared/draws/schedule/beijing-time.ts';

export interface Period {
  start: string;
  /** Inclusive. */
  end: string;
  /** Instants [from, until) of the period. */
  from: Date;
  until: Date;
}

function period(startDay: number, endDay: number): Period {
  return { start: formatDay(startDay), end: formatDay(endDay), from: new Date(beijingMidnight(startDay)), until: new Date(beijingMidnight(endDay + 1)) };
}

/**
 * The periods of `frequency` still to be computed at `now`, newest first: the `count` latest whole
 * periods that ended at least `lagMs` before `now` (a settlement stamped inside a period may commit
 * that long after it). Each is the one before the next: the last period ended before its start day.
 */
export function endedPeriods(frequency: BonusFrequency, now: number, lagMs: number, count: number): Period[] {
  const periods: Period[] = [];
  let at = now - lagMs;
  for (let i = 0; i < count; i++) {
    const p = lastEndedPeriod(frequency, at);
    periods.push(p);
    at = p.from.getTime();
  }
  return periods;
}

/** The latest whole period of `frequency` that ended before Beijing's today of `now`. */
export function lastEndedPeriod(frequency: BonusFrequency, now: number): Period {
  const today = beijingDayOf(now);
  const [year, month, dom] = formatDay(today).split('-').map(Number) as [number, number, number];
  const firstOfMonth = parseDay(`${year}-${String(month).padStart(2, '0')}-01`);
  const prevMonthFirst = month === 1 ? parseDay(`${year - 1}-12-01`) : parseDay(`${year}-${String(month - 1).padStart(2, '0')}-01`);
  if (frequency === 'DAILY') return period(today - 1, today - 1);
  if (frequency === 'MONTHLY') return period(prevMonthFirst, firstOfMonth - 1);
  return dom > 15 ? period(firstOfMonth, firstOfMonth + 14) : period(prevMonthFirst + 15, firstOfMonth - 1);
}
