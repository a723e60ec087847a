// The issues (期) of periodic draw types: which issues a sales day has, which issue is running at an
// instant, and what an issue number stands for. Pure functions of the schedule data and the instant.
//
// Sales are continuous: an issue opens the moment the previous issue's sales close, but never before
// its window's sales-open time (by default one interval before the window's first draw), so nothing is
// on sale in the gap between two windows (CQSSC 03:10 → 07:10) or on a closed day. Sales close
// `salesCloseSeconds` before the draw; between that close and the draw the previous issue is being
// drawn (开奖中) while the next one is already on sale.
import { DrawInputError } from '../draw-input-error.ts';
import { SECOND_MS, beijingDayOf, beijingMidnight, formatDay, parseDay, type DayNumber } from './beijing-time.ts';
import { isOpenDay, openDayAt } from './calendar.ts';
import { compileSchedule, type CompiledSchedule, type CompiledWindow } from './compile-schedule.ts';
import { scheduleOf } from './default-schedules.ts';
import { formatIssueNumber, parseIssueNumber, type IssuePosition } from './issue-number.ts';
import type { DrawSchedule, SalesStatus, ScheduledIssue } from './schedule-types.ts';

/** A draw type code (its default schedule) or a schedule as the operator configured it. */
export type ScheduleInput = string | DrawSchedule;

/** How far the functions look for the next or previous open day (a weekly draw closed for months still works). */
const SEARCH_LIMIT_DAYS = 800;

/** Every issue of a sales day ('YYYY-MM-DD') in draw order; empty on a day the draw type does not run. */
export function issuesOfSalesDay(drawType: ScheduleInput, salesDay: string): ScheduledIssue[] {
  const compiled = resolve(drawType);
  const day = parseDay(salesDay);
  if (!isOpenDay(compiled.calendar, day)) return [];
  return Array.from({ length: compiled.issuesPerDay }, (_, i) => issueAtPosition(compiled, { day, sequence: i + 1 }));
}

/**
 * The first issue not yet drawn at `instant` whose sales have opened; undefined while the draw type is
 * closed. Between a close and its draw that is the issue being drawn, not the one already on sale.
 */
export function issueAt(drawType: ScheduleInput, instant: number): ScheduledIssue | undefined {
  const compiled = resolve(drawType);
  const position = firstPositionDrawnAfter(compiled, instant);
  if (!position) return undefined;
  const issue = issueAtPosition(compiled, position);
  return issue.opensAt <= instant ? issue : undefined;
}

/**
 * The issue a bet placed at `now` is for: the first issue whose sales have not closed. It may not be
 * open yet (between sales close and draw of the current issue, or while the draw type is closed);
 * see `salesStatusAt`.
 */
export function nextIssue(drawType: ScheduleInput, now: number): ScheduledIssue {
  const compiled = resolve(drawType);
  const position = firstPositionDrawnAfter(compiled, now + compiled.salesCloseMs);
  if (!position) throw noDrawDays(compiled);
  return issueAtPosition(compiled, position);
}

/** `count` consecutive issues starting with `nextIssue(drawType, now)` (the choices of a 追号 plan). */
export function issuesFrom(drawType: ScheduleInput, now: number, count: number): ScheduledIssue[] {
  const compiled = resolve(drawType);
  const issues: ScheduledIssue[] = [];
  let issue = nextIssue(compiled.schedule, now);
  while (issues.length < count) {
    issues.push(issue);
    if (issues.length < count) issue = requireDefined(issueAfter(compiled.schedule, issue), compiled);
  }
  return issues;
}

/** Every issue drawn in [from, to) (epoch ms), for the scheduler to create issues ahead of time. */
export function issuesDrawnBetween(drawType: ScheduleInput, from: number, to: number): ScheduledIssue[] {
  const compiled = resolve(drawType);
  const issues: ScheduledIssue[] = [];
  const first = firstPositionDrawnAfter(compiled, from - 1);
  let issue = first ? issueAtPosition(compiled, first) : undefined;
  while (issue && issue.drawAt < to) {
    issues.push(issue);
    issue = issueAfter(compiled.schedule, issue);
  }
  return issues;
}

/** The issue an issue number stands for; undefined when no such issue is scheduled. */
export function issueByNumber(drawType: ScheduleInput, issueNumber: string): ScheduledIssue | undefined {
  const compiled = resolve(drawType);
  const position = parseIssueNumber(compiled, issueNumber);
  if (!position || !isScheduled(compiled, position)) return undefined;
  const issue = issueAtPosition(compiled, position);
  return issue.issueNumber === issueNumber ? issue : undefined;
}

/** The issue after `issue`, across windows, midnight and closed days. */
export function issueAfter(drawType: ScheduleInput, issue: ScheduledIssue): ScheduledIssue | undefined {
  const compiled = resolve(drawType);
  const day = parseDay(issue.salesDay);
  if (issue.sequence < compiled.issuesPerDay) return issueAtPosition(compiled, { day, sequence: issue.sequence + 1 });
  const nextDay = openDayAt(compiled.calendar, day + 1, 0, SEARCH_LIMIT_DAYS);
  return nextDay === undefined ? undefined : issueAtPosition(compiled, { day: nextDay, sequence: 1 });
}

/** The issue before `issue`; undefined when the calendar has no earlier draw day within the search limit. */
export function issueBefore(drawType: ScheduleInput, issue: ScheduledIssue): ScheduledIssue | undefined {
  const compiled = resolve(drawType);
  const position = positionBefore(compiled, { day: parseDay(issue.salesDay), sequence: issue.sequence });
  return position && issueAtPosition(compiled, position);
}

export function salesStatusAt(issue: ScheduledIssue, now: number): SalesStatus {
  if (now < issue.opensAt) return 'NOT_OPEN';
  if (now < issue.closesAt) return 'ON_SALE';
  if (now < issue.drawAt) return 'CLOSED';
  return 'DRAWN';
}

function resolve(drawType: ScheduleInput): CompiledSchedule {
  return compileSchedule(typeof drawType === 'string' ? scheduleOf(drawType) : drawType);
}

function isScheduled(compiled: CompiledSchedule, { day, sequence }: IssuePosition): boolean {
  return isOpenDay(compiled.calendar, day) && sequence >= 1 && sequence <= compiled.issuesPerDay;
}

function issueAtPosition(compiled: CompiledSchedule, position: IssuePosition): ScheduledIssue {
  const drawAt = drawTimeOf(compiled, position);
  return {
    drawType: compiled.schedule.drawType,
    issueNumber: formatIssueNumber(compiled, position),
    salesDay: formatDay(position.day),
    sequence: position.sequence,
    opensAt: opensAtOf(compiled, position),
    closesAt: drawAt - compiled.salesCloseMs,
    drawAt,
  };
}

function windowOf(compiled: CompiledSchedule, sequence: number): CompiledWindow {
  const window = compiled.windows.findLast((w) => w.firstSequence <= sequence);
  if (!window) throw new RangeError(`sequence ${sequence} outside the schedule`);
  return window;
}

function drawTimeOf(compiled: CompiledSchedule, { day, sequence }: IssuePosition): number {
  const window = windowOf(compiled, sequence);
  const offset = window.firstOffset + (sequence - window.firstSequence) * window.intervalSeconds;
  return beijingMidnight(day) + offset * SECOND_MS;
}

function opensAtOf(compiled: CompiledSchedule, position: IssuePosition): number {
  const window = windowOf(compiled, position.sequence);
  const previous = positionBefore(compiled, position);
  const previousClose = previous ? drawTimeOf(compiled, previous) - compiled.salesCloseMs : -Infinity;
  const windowOpen =
    window.salesOpenOffset === undefined ? -Infinity : beijingMidnight(position.day) + window.salesOpenOffset * SECOND_MS;
  const opensAt = Math.max(previousClose, windowOpen);
  if (!Number.isFinite(opensAt)) throw noDrawDays(compiled);
  return opensAt;
}

function positionBefore(compiled: CompiledSchedule, { day, sequence }: IssuePosition): IssuePosition | undefined {
  if (sequence > 1) return { day, sequence: sequence - 1 };
  const previousDay = openDayAt(compiled.calendar, day, -1, SEARCH_LIMIT_DAYS);
  return previousDay === undefined ? undefined : { day: previousDay, sequence: compiled.issuesPerDay };
}

/** The first scheduled issue drawn strictly after `instant`. */
function firstPositionDrawnAfter(compiled: CompiledSchedule, instant: number): IssuePosition | undefined {
  // A sales day's draws end within two calendar days, so the day before `instant` is the earliest candidate.
  const startDay = beijingDayOf(instant) - 1;
  for (let day: DayNumber = startDay; day < startDay + SEARCH_LIMIT_DAYS; day++) {
    if (!isOpenDay(compiled.calendar, day)) continue;
    const secondsAfterMidnight = (instant - beijingMidnight(day)) / SECOND_MS;
    for (const window of compiled.windows) {
      const lastOffset = window.firstOffset + (window.count - 1) * window.intervalSeconds;
      if (lastOffset <= secondsAfterMidnight) continue;
      const drawsPassed =
        window.firstOffset > secondsAfterMidnight
          ? 0
          : Math.floor((secondsAfterMidnight - window.firstOffset) / window.intervalSeconds) + 1;
      return { day, sequence: window.firstSequence + drawsPassed };
    }
  }
  return undefined;
}

function requireDefined(issue: ScheduledIssue | undefined, compiled: CompiledSchedule): ScheduledIssue {
  if (!issue) throw noDrawDays(compiled);
  return issue;
}

function noDrawDays(compiled: CompiledSchedule): DrawInputError {
  return new DrawInputError('INVALID_SCHEDULE', `${compiled.schedule.drawType} 在 ${SEARCH_LIMIT_DAYS} 天内没有开奖日`);
}
