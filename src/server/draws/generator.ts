// Issues are generated ahead of time: every periodic draw type's issues whose sales open within the
// look-ahead window and whose draw is still ahead — so a weekly draw that opens days before its
// sales day (SSQ's Sunday issue from Thursday 21:15) exists, and opens, from its first second.
// Idempotent (unique draw type + 期号), so every process may run it. Committed draw types (platform
// draws, and the simulated feed's draws) get each issue's commitment with the issue, before it opens.
// Schedules are the effective ones (calendar.ts): the default schedule plus the operator's closed and
// extra days, read once per run.
import type pg from 'pg';
import { getDrawType } from '../../shared/catalogue/draw-types.ts';
import { findSchedule, issuesOfSalesDay, scheduleOf, type ScheduledIssue, type ScheduleInput } from '../../shared/draws/index.ts';
import { compileSchedule } from '../../shared/draws/schedule/compile-schedule.ts';
import { CALENDAR_LOCK, effectiveSchedule, loadCalendar } from './calendar.ts';
import { dayChain, issueCommitmentOf } from './seed-chains.ts';

const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;
/** Default look-ahead: issues whose sales open within the next 24 hours. */
export const GENERATE_AHEAD_MS = 24 * 3_600_000;
/** Closed days walked past at most (the schedule functions search as far for an open day). */
const SEARCH_LIMIT_DAYS = 800;

export function beijingDay(instant: number): string {
  return new Date(instant + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Issues of one open sales day, without computing them (the length of a day's seed chain). The
 * operator's calendar changes which days are open, never how many issues an open day has.
 */
export function issuesPerDay(drawType: ScheduleInput): number {
  return compileSchedule(typeof drawType === 'string' ? scheduleOf(drawType) : drawType).issuesPerDay;
}

export function isPeriodic(drawType: string): boolean {
  return !getDrawType(drawType).instant && findSchedule(drawType) !== undefined;
}

interface SalesDayIssues {
  salesDay: string;
  /** Every issue of the sales day (a platform day's seed chain covers all of them). */
  all: ScheduledIssue[];
  /** Issues to insert: drawn after now, on sale by the horizon (may be none). */
  due: ScheduledIssue[];
  /** Every issue of the day opens by the horizon: nothing is left to generate for it later. */
  complete: boolean;
}

/**
 * Sales days already generated in full (`drawType:salesDay`): every issue of the day opens within
 * the look-ahead, so later runs skip the day instead of recomputing its issues. One per scheduler
 * (per database). Only open days with issues get here. The operator's calendar may change while a
 * process runs, but never for such a day in a way that needs it generated again: closing it cancels
 * its issues in the database (nothing left to generate), and a change that would renumber or reopen
 * a day whose issues exist is refused (calendar-changes.ts).
 */
export type GeneratedDays = Set<string>;

/**
 * The sales days with issues drawn after `now` whose sales open by `horizon`. From yesterday's sales
 * day (XYFT's runs past midnight) forward; a later open day never opens before an earlier one, so
 * the walk stops at the first open day that opens after the horizon, walking past closed days
 * (a week of Spring Festival) on the way.
 */
export function salesDaysToGenerate(drawType: ScheduleInput, now: number, horizon: number, done: GeneratedDays = new Set()): SalesDayIssues[] {
  const code = typeof drawType === 'string' ? drawType : drawType.drawType;
  const days: SalesDayIssues[] = [];
  for (let offset = -1; offset <= SEARCH_LIMIT_DAYS; offset++) {
    const salesDay = beijingDay(now + offset * DAY_MS);
    if (done.has(`${code}:${salesDay}`)) continue;
    const all = issuesOfSalesDay(drawType, salesDay);
    if (all.length === 0) continue;
    if (all[0]!.opensAt > horizon) break;
    const due = all.filter((issue) => issue.drawAt > now && issue.opensAt <= horizon);
    days.push({ salesDay, all, due, complete: all[all.length - 1]!.opensAt <= horizon });
  }
  return days;
}

/**
 * Inserts the due issues of every draw type. `committed` says which draw types are drawn from a seed
 * chain (sources.ts, isCommittedDraw): their issues are inserted with their commitment. An issue of
 * such a type that exists without one (generated while the simulated feed was not configured, or
 * before it was committed) gets it here as long as its sales have not opened; one already on sale
 * stays uncommitted and is never drawn from a seed (scheduler.ts): cancelled and refunded instead.
 */
export async function generateIssues(
  pool: pg.Pool,
  drawTypes: readonly string[],
  committed: (drawType: string) => boolean,
  now: number,
  aheadMs = GENERATE_AHEAD_MS,
  done: GeneratedDays = new Set(),
): Promise<number> {
  let created = 0;
  const horizon = now + aheadMs;
  // The calendar cannot change while this run inserts (calendar.ts, CALENDAR_LOCK): a day closed
  // meanwhile either waits for the run (and then cancels what it inserted) or is read by it.
  const lock = await pool.connect();
  let broken = false;
  try {
    await lock.query('SELECT pg_advisory_lock_shared($1)', [CALENDAR_LOCK]);
    try {
      const calendar = await loadCalendar(lock);
      for (const drawType of drawTypes) {
        if (!isPeriodic(drawType)) continue;
        const schedule = effectiveSchedule(drawType, calendar)!;
        const withCommitment = committed(drawType);
        for (const { salesDay, all, due, complete } of salesDaysToGenerate(schedule, now, horizon, done)) {
          if (due.length > 0) {
            const chain = withCommitment ? await dayChain(pool, drawType, salesDay, all) : null;
            created += await insertIssues(lock, due, (issue) => (chain ? issueCommitmentOf(chain, issue.sequence) : null));
          }
          if (complete) done.add(`${drawType}:${salesDay}`);
        }
      }
    } finally {
      await lock.query('SELECT pg_advisory_unlock_shared($1)', [CALENDAR_LOCK]).catch(() => (broken = true));
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    lock.release(broken);
  }
  // Days that ended long ago are never walked again.
  const oldest = beijingDay(now - 2 * DAY_MS);
  for (const key of done) if (key.slice(key.indexOf(':') + 1) < oldest) done.delete(key);
  return created;
}

/**
 * Inserts the issues; returns how many were new. Existing ones of a committed draw type that are still
 * waiting without a commitment get theirs (a separate guarded UPDATE: it locks only those rows, never
 * an issue on sale that bets hold).
 */
async function insertIssues(client: pg.PoolClient, issues: readonly ScheduledIssue[], commitment: (issue: ScheduledIssue) => string | null): Promise<number> {
  const commitments = issues.map(commitment);
  const result = await client.query(
    `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, commitment)
     SELECT t, n, d::date, s, to_timestamp(o / 1000.0), to_timestamp(c / 1000.0), to_timestamp(w / 1000.0), m
       FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::bigint[], $6::bigint[], $7::bigint[], $8::text[])
            AS i(t, n, d, s, o, c, w, m)
     ON CONFLICT (draw_type, issue_number) DO NOTHING`,
    [
      issues.map((i) => i.drawType),
      issues.map((i) => i.issueNumber),
      issues.map((i) => i.salesDay),
      issues.map((i) => i.sequence),
      issues.map((i) => i.opensAt),
      issues.map((i) => i.closesAt),
      issues.map((i) => i.drawAt),
      commitments,
    ],
  );
  const created = result.rowCount ?? 0;
  if (created < issues.length && commitments.some((c) => c !== null)) {
    // The state is re-read under the row lock, so this never races the opening of sales.
    await client.query(
      `UPDATE draw_issues d SET commitment = i.m
         FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[]) AS i(t, n, day, s, m)
        WHERE d.draw_type = i.t AND d.issue_number = i.n AND d.sales_day = i.day::date AND d.sequence = i.s
          AND d.commitment IS NULL AND d.state = 'SCHEDULED' AND i.m IS NOT NULL`,
      [issues.map((i) => i.drawType), issues.map((i) => i.issueNumber), issues.map((i) => i.salesDay), issues.map((i) => i.sequence), commitments],
    );
  }
  return created;
}
