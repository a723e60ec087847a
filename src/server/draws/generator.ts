// Issues are generated ahead of time: every periodic draw type's issues of the current and the next
// sales day that are not drawn yet. Idempotent (unique draw type + 期号), so every process may run it.
import type pg from 'pg';
import { getDrawType } from '../../shared/catalogue/draw-types.ts';
import { chainCommitment, findSchedule, issuesOfSalesDay, type ScheduledIssue } from '../../shared/draws/index.ts';
import { dayChain } from './seed-chains.ts';

const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;

export function beijingDay(instant: number): string {
  return new Date(instant + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** Sales days whose issues may still be drawn after `now` (XYFT's day runs past midnight). */
function salesDaysAround(now: number): string[] {
  return [-1, 0, 1].map((offset) => beijingDay(now + offset * DAY_MS));
}

export function isPeriodic(drawType: string): boolean {
  return !getDrawType(drawType).instant && findSchedule(drawType) !== undefined;
}

export async function generateIssues(pool: pg.Pool, drawTypes: readonly string[], now: number): Promise<number> {
  let created = 0;
  for (const drawType of drawTypes) {
    if (!isPeriodic(drawType)) continue;
    const platform = getDrawType(drawType).source === 'platform';
    for (const salesDay of salesDaysAround(now)) {
      const all = issuesOfSalesDay(drawType, salesDay);
      const pending = all.filter((issue) => issue.drawAt > now);
      if (pending.length === 0) continue;
      const chain = platform ? await dayChain(pool, drawType, salesDay, all.length) : null;
      created += await insertIssues(pool, pending, (issue) => (chain ? chainCommitment(chain, issue.sequence) : null));
    }
  }
  return created;
}

async function insertIssues(
  pool: pg.Pool,
  issues: readonly ScheduledIssue[],
  commitment: (issue: ScheduledIssue) => string | null,
): Promise<number> {
  const result = await pool.query(
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
      issues.map(commitment),
    ],
  );
  return result.rowCount ?? 0;
}
