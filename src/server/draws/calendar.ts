// The operator's calendar of official draw types (draw_calendar_days, migration 0049): CLOSED days
// (the Spring Festival break, an exchange holiday) and EXTRA days (a Mark Six draw moved) on top of
// the default schedules. A draw type's effective schedule is its default schedule with these days
// added to closedDates / extraDates: a new immutable object, validated with scheduleProblems, reused
// while the rows stay the same (so its compiled form stays cached). Yearly 期号 and running counters
// count only open days, so these rows decide the numbering of every later issue (docs/draws.md).
//
// The generator reads the table once per run, under a shared advisory lock; a change of the calendar
// takes the lock exclusively in its transaction. So a run never inserts issues for a day closed while
// it ran: either the change waits for the run, or the run reads the changed calendar.
import type pg from 'pg';
import { DRAW_TYPES, getDrawType } from '../../shared/catalogue/draw-types.ts';
import { findSchedule, scheduleProblems, type DrawSchedule } from '../../shared/draws/index.ts';

export type CalendarKind = 'CLOSED' | 'EXTRA';

export interface CalendarDay {
  drawType: string;
  day: string;
  kind: CalendarKind;
  reason: string;
  createdBy: string;
  createdAt: number;
}

/** The calendar rows by draw type (the type that owns them: JSK3's apply to JSTB too). */
export type DrawCalendar = ReadonlyMap<string, readonly CalendarDay[]>;

/** pg_advisory_lock key: shared while generating issues, exclusive while changing the calendar. */
export const CALENDAR_LOCK = 7_412_301;

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

interface Row {
  draw_type: string;
  day: string;
  kind: CalendarKind;
  reason: string;
  created_by: string;
  created_at: Date;
}

const toDay = (row: Row): CalendarDay => ({
  drawType: row.draw_type,
  day: row.day,
  kind: row.kind,
  reason: row.reason,
  createdBy: row.created_by,
  createdAt: row.created_at.getTime(),
});

const SELECT = `SELECT draw_type, to_char(day, 'YYYY-MM-DD') AS day, kind, reason, created_by, created_at FROM draw_calendar_days`;

/** Every row (a few dozen a year). */
export async function loadCalendar(db: Queryable): Promise<DrawCalendar> {
  const rows = await db.query<Row>(`${SELECT} ORDER BY draw_type, day`);
  const calendar = new Map<string, CalendarDay[]>();
  for (const row of rows.rows) {
    const list = calendar.get(row.draw_type) ?? [];
    list.push(toDay(row));
    calendar.set(row.draw_type, list);
  }
  return calendar;
}

/** The rows of the type owning `drawType`'s calendar, newest first. */
export async function calendarDaysOf(db: Queryable, drawType: string): Promise<CalendarDay[]> {
  const rows = await db.query<Row>(`${SELECT} WHERE draw_type = $1 ORDER BY created_at DESC, day DESC`, [calendarOwner(drawType)]);
  return rows.rows.map(toDay);
}

/** The draw type whose calendar applies: a type drawn on another's result (JSTB on JSK3) follows that one's. */
export function calendarOwner(drawType: string): string {
  return getDrawType(drawType).resultOf ?? drawType;
}

/** The draw types a change of `owner`'s calendar applies to: itself and those drawn on its result. */
export function calendarFollowers(owner: string): string[] {
  return [owner, ...DRAW_TYPES.filter((d) => d.resultOf === owner).map((d) => d.code)];
}

const CACHE_LIMIT = 500;
/** Effective schedules by their content: the same rows give the same object (compiled once). */
const built = new Map<string, DrawSchedule>();

/**
 * The draw type's schedule with the calendar's days: undefined for a type without a schedule
 * (instant draws). Throws when the result is not a usable schedule (it was validated when entered).
 */
export function effectiveSchedule(drawType: string, calendar: DrawCalendar): DrawSchedule | undefined {
  const base = findSchedule(drawType);
  if (!base) return undefined;
  return withDays(base, calendar.get(calendarOwner(drawType)) ?? []);
}

/** `base` with `days` added to its closed and extra dates (the same object when there are none). */
export function withDays(base: DrawSchedule, days: readonly Pick<CalendarDay, 'day' | 'kind'>[]): DrawSchedule {
  if (days.length === 0) return base;
  const closed = days.filter((d) => d.kind === 'CLOSED').map((d) => d.day);
  const extra = days.filter((d) => d.kind === 'EXTRA').map((d) => d.day);
  const key = `${base.drawType}|${closed.sort().join(',')}|${extra.sort().join(',')}`;
  const cached = built.get(key);
  if (cached) return cached;
  const schedule: DrawSchedule = {
    ...base,
    calendar: {
      ...base.calendar,
      closedDates: [...new Set([...base.calendar.closedDates, ...closed])].sort(),
      extraDates: [...new Set([...base.calendar.extraDates, ...extra])].sort(),
    },
  };
  const problems = scheduleProblems(schedule);
  if (problems.length > 0) throw new Error(`${base.drawType}: the calendar makes the schedule unusable: ${problems.join('；')}`);
  if (built.size >= CACHE_LIMIT) built.clear();
  built.set(key, schedule);
  return schedule;
}

/** One draw type's effective schedule, reading only its rows (the back office). */
export async function loadSchedule(db: Queryable, drawType: string): Promise<DrawSchedule | undefined> {
  const base = findSchedule(drawType);
  if (!base) return undefined;
  const rows = await db.query<{ day: string; kind: CalendarKind }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, kind FROM draw_calendar_days WHERE draw_type = $1`,
    [calendarOwner(drawType)],
  );
  return withDays(base, rows.rows);
}
