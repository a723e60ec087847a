// Bench issues written directly into draw_issues (the scheduler is off in every bench), so that an
// issue stays on sale for the whole run, or is DRAWN with a known result.
import type pg from 'pg';

export interface BenchIssue {
  id: number;
  drawType: string;
  issueNumber: string;
}

const beijingDay = (instant: number) => new Date(instant + 8 * 3_600_000).toISOString().slice(0, 10);

/** An issue on sale from a minute ago until `openForMs` from now. */
export async function insertOpenIssue(pool: pg.Pool, drawType: string, issueNumber: string, openForMs: number): Promise<BenchIssue> {
  const now = Date.now();
  return insertIssue(pool, { drawType, issueNumber, state: 'OPEN', opensAt: now - 60_000, closesAt: now + openForMs, drawAt: now + openForMs + 30_000 });
}

/** An issue whose sales closed and whose result is in: what settlement starts from. */
export async function insertDrawnIssue(pool: pg.Pool, drawType: string, issueNumber: string, result: readonly number[]): Promise<BenchIssue> {
  const now = Date.now();
  return insertIssue(pool, { drawType, issueNumber, state: 'DRAWN', opensAt: now - 120_000, closesAt: now - 60_000, drawAt: now - 30_000, result });
}

async function insertIssue(
  pool: pg.Pool,
  issue: { drawType: string; issueNumber: string; state: string; opensAt: number; closesAt: number; drawAt: number; result?: readonly number[] },
): Promise<BenchIssue> {
  const found = await pool.query<{ id: number }>(
    `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state, result,
                              result_source, drawn_at)
     VALUES ($1, $2, $3::date, 1, to_timestamp($4 / 1000.0), to_timestamp($5 / 1000.0), to_timestamp($6 / 1000.0), $7, $8::int[],
             CASE WHEN $8::int[] IS NULL THEN NULL ELSE 'bench' END, CASE WHEN $8::int[] IS NULL THEN NULL ELSE now() END)
     RETURNING id`,
    [issue.drawType, issue.issueNumber, beijingDay(issue.opensAt), issue.opensAt, issue.closesAt, issue.drawAt, issue.state, issue.result ?? null],
  );
  return { id: found.rows[0]!.id, drawType: issue.drawType, issueNumber: issue.issueNumber };
}
