// An operator closes a day of an official draw type (the Spring Festival break, an exchange holiday)
// or adds one (a Mark Six draw moved), or removes such an entry. One call, in the caller's transaction
// (the back office's withOperatorWrite, with its audit row), under the calendar lock (calendar.ts), so
// it never races the generator nor another change. Rules (docs/draws.md, "Closed and extra days"):
//
// - official periodic draw types only; a type drawn on another's result (JSTB on JSK3) follows that
//   type's calendar, and a change of it applies to both;
// - never a day in the past; never a day already in the calendar; never a change that changes nothing
//   (closing a day without draws, adding a day that already has them);
// - closing a day (adding CLOSED, removing EXTRA): refused when an issue of that day has closed sales,
//   been drawn or settled; its issues still SCHEDULED or OPEN are cancelled as the back office cancels
//   an issue (cancelIssueByOperator; the caller refunds their orders after the commit);
// - where the 期号 counts open days (yearly ordinals, running counters: FC3D, FCKL8, SSQ, DLT, P3/P5,
//   MARK6, TWLKENO, BJPK10, JND28) every change of an open day renumbers the later issues, and an issue
//   keeps its 期号 forever (unique, cancelled ones too): a change is refused once any issue of that day
//   or a later one exists. With the 24-hour look-ahead, enter such days at least two days ahead (a
//   weekly draw: before its previous draw's issue is generated);
// - where the 期号 carries the date, reopening a day whose issues were cancelled is refused (their
//   期号 are taken).
import type pg from 'pg';
import { CALENDAR_KIND_LABELS } from '../../shared/backoffice/draws.ts';
import { findDrawType } from '../../shared/catalogue/draw-types.ts';
import { findSchedule, issuesOfSalesDay, scheduleProblems, type DrawSchedule } from '../../shared/draws/index.ts';
import { errors } from '../http/errors.ts';
import { CALENDAR_LOCK, calendarFollowers, withDays, type CalendarKind } from './calendar.ts';
import { cancelIssueByOperator } from './cancellation.ts';
import { beijingDay, isPeriodic } from './generator.ts';

export const CLOSED_ISSUES_MESSAGE = '该日已有截止销售或已开奖的期号，不能休市';

export interface CalendarChangeInput {
  drawType: string;
  day: string;
  /** Add an entry of this kind, or remove the day's entry. */
  change: { add: CalendarKind } | { remove: true };
  reason: string;
  actor: string;
  now: number;
}

export interface CancelledByCalendar {
  id: number;
  drawType: string;
  issueNumber: string;
  previousState: string;
}

export interface CalendarChangeResult {
  drawType: string;
  day: string;
  kind: CalendarKind;
  /** The day's draws before and after the change. */
  wasOpen: boolean;
  isOpen: boolean;
  /** Issues of the day cancelled by closing it; refund their orders after the commit (cancelIssueOrders). */
  cancelled: CancelledByCalendar[];
}

/** The official periodic draw type whose calendar an operator may change; throws the answer otherwise. */
export function calendarDrawType(code: string): string {
  const info = findDrawType(code);
  if (!info || !isPeriodic(code)) throw errors.notFound('彩种不存在');
  if (info.source !== 'feed') throw errors.conflict('平台彩种按平台排期开奖，不设休市日');
  if (info.resultOf) throw errors.conflict(`${info.name}按 ${info.resultOf} 的开奖结果开奖，请在 ${info.resultOf} 的休市日历中修改`);
  return code;
}

/** Whether the 期号 counts open days (yearly ordinal, running counter): then a change renumbers later issues. */
export function countsOpenDays(schedule: DrawSchedule): boolean {
  return schedule.issueNumber.kind !== 'dated';
}

export async function changeCalendarDay(client: pg.PoolClient, input: CalendarChangeInput): Promise<CalendarChangeResult> {
  const { drawType, day, reason, actor, now } = input;
  calendarDrawType(drawType);
  if (day < beijingDay(now)) throw errors.conflict('不能修改已过去的日期');
  await client.query('SELECT pg_advisory_xact_lock($1)', [CALENDAR_LOCK]);

  const rows = await client.query<{ day: string; kind: CalendarKind }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, kind FROM draw_calendar_days WHERE draw_type = $1`,
    [drawType],
  );
  const existing = rows.rows.find((r) => r.day === day);
  const base = findSchedule(drawType)!;
  const current = withDays(base, rows.rows);
  let kind: CalendarKind;
  let nextDays: { day: string; kind: CalendarKind }[];
  if ('add' in input.change) {
    kind = input.change.add;
    if (existing) throw errors.conflict(`${day} 已在休市日历中（${CALENDAR_KIND_LABELS[existing.kind]}），请先删除再添加`);
    nextDays = [...rows.rows, { day, kind }];
  } else {
    if (!existing) throw errors.notFound(`${day} 不在休市日历中`);
    kind = existing.kind;
    nextDays = rows.rows.filter((r) => r.day !== day);
  }
  const next: DrawSchedule = {
    ...base,
    calendar: {
      ...base.calendar,
      closedDates: [...base.calendar.closedDates, ...nextDays.filter((d) => d.kind === 'CLOSED').map((d) => d.day)].sort(),
      extraDates: [...base.calendar.extraDates, ...nextDays.filter((d) => d.kind === 'EXTRA').map((d) => d.day)].sort(),
    },
  };
  const problems = scheduleProblems(next);
  if (problems.length > 0) throw errors.conflict(`修改后排期无效：${problems.join('；')}`);

  const wasOpen = issuesOfSalesDay(current, day).length > 0;
  const isOpen = issuesOfSalesDay(next, day).length > 0;
  if ('add' in input.change && wasOpen === isOpen) {
    throw errors.conflict(kind === 'CLOSED' ? `${day} 本来就不开奖，无需休市` : `${day} 本来就开奖，无需加开`);
  }

  const cancelled: CancelledByCalendar[] = [];
  if (wasOpen !== isOpen) {
    const types = calendarFollowers(drawType);
    // Every issue of the day, locked: nothing closes, draws or takes a bet on them until this commits.
    const ofDay = await client.query<{ id: number; draw_type: string; issue_number: string; state: string }>(
      `SELECT id, draw_type, issue_number, state FROM draw_issues WHERE draw_type = ANY($1::text[]) AND sales_day = $2::date
        ORDER BY draw_type, sequence FOR UPDATE`,
      [types, day],
    );
    if (!isOpen && ofDay.rows.some((r) => r.state === 'CLOSED' || r.state === 'DRAWN' || r.state === 'SETTLED')) {
      throw errors.conflict(CLOSED_ISSUES_MESSAGE);
    }
    if (countsOpenDays(base)) {
      const later = await client.query<{ issue_number: string; sales_day: string }>(
        `SELECT issue_number, to_char(sales_day, 'YYYY-MM-DD') AS sales_day FROM draw_issues
          WHERE draw_type = ANY($1::text[]) AND sales_day >= $2::date ORDER BY sales_day, sequence LIMIT 1`,
        [types, day],
      );
      const first = later.rows[0];
      if (first) {
        throw errors.conflict(
          `已生成 ${first.sales_day} 的期号 ${first.issue_number}：期号按开奖日计数，${isOpen ? '加开' : '休市'}会改变已生成的期号，不能修改。请在期号生成前（至少提前两天）录入`,
        );
      }
    } else if (isOpen && ofDay.rows.length > 0) {
      throw errors.conflict('该日的期号已撤单，期号不能重复使用，不能重新开售');
    }
    if (!isOpen) {
      for (const issue of ofDay.rows) {
        if (issue.state !== 'SCHEDULED' && issue.state !== 'OPEN') continue;
        const done = await cancelIssueByOperator(client, { drawType: issue.draw_type, issueNumber: issue.issue_number, reason: `休市：${reason}`, actor, now });
        cancelled.push({ id: done.id, drawType: issue.draw_type, issueNumber: issue.issue_number, previousState: done.previousState });
      }
    }
  }

  if ('add' in input.change) {
    await client.query(
      `INSERT INTO draw_calendar_days (draw_type, day, kind, reason, created_by, created_at) VALUES ($1, $2::date, $3, $4, $5, to_timestamp($6 / 1000.0))`,
      [drawType, day, kind, reason, actor, now],
    );
  } else {
    await client.query('DELETE FROM draw_calendar_days WHERE draw_type = $1 AND day = $2::date', [drawType, day]);
  }
  return { drawType, day, kind, wasOpen, isOpen, cancelled };
}
