// What the back office reads about draws: every periodic draw type with its result source and feed
// status, one type's issue calendar per sales day, one issue in detail. A seed appears only for an
// issue already drawn (as /ajax/draws and /verify show it); the chains' terminal seeds are never read.
import type pg from 'pg';
import { DRAW_TYPES, getDrawType } from '../../../shared/catalogue/draw-types.ts';
import type { CalendarIssue, DrawCalendarView, DrawTypeStatus, IssueCalendar, IssueDetail } from '../../../shared/backoffice/draws.ts';
import { scheduleOf } from '../../../shared/draws/index.ts';
import { calendarDaysOf, calendarOwner } from '../../draws/calendar.ts';
import { errors } from '../../http/errors.ts';
import { beijingDay, isPeriodic } from '../../draws/generator.ts';
import { takesManualResults } from '../../draws/manual-results.ts';
import { drawSourceOf, type FeedMode } from '../../draws/sources.ts';
import { pendingResultIssues, resultRequestsOf } from './result-requests.ts';

const PERIODIC = DRAW_TYPES.filter((d) => isPeriodic(d.code)).map((d) => d.code);

export function periodicDrawType(code: string): string {
  if (!PERIODIC.includes(code)) throw errors.notFound('彩种不存在');
  return code;
}

const ms = (at: Date | null) => (at === null ? null : at.getTime());

export async function drawTypeStatuses(pool: pg.Pool, mode: FeedMode, now: number): Promise<DrawTypeStatus[]> {
  const last = await pool.query<{ code: string; issue_number: string | null; result: number[] | null; result_source: string | null; draw_at: Date | null; drawn_at: Date | null }>(
    `SELECT c.code, i.issue_number, i.result, i.result_source, i.draw_at, i.drawn_at
       FROM unnest($1::text[]) AS c(code)
       LEFT JOIN LATERAL (SELECT issue_number, result, result_source, draw_at, drawn_at FROM draw_issues
                           WHERE draw_type = c.code AND state IN ('DRAWN', 'SETTLED') ORDER BY draw_at DESC LIMIT 1) i ON true`,
    [PERIODIC],
  );
  const awaiting = await pool.query<{ draw_type: string; n: number; oldest: Date }>(
    `SELECT draw_type, count(*)::int AS n, min(draw_at) AS oldest FROM draw_issues
      WHERE state = 'CLOSED' AND draw_at <= to_timestamp($1 / 1000.0) GROUP BY draw_type`,
    [now],
  );
  const enabled = await pool.query<{ draw_type: string; enabled: boolean }>('SELECT draw_type, enabled FROM own_games');
  const waiting = new Map(awaiting.rows.map((r) => [r.draw_type, r]));
  const enabledByType = new Map(enabled.rows.map((r) => [r.draw_type, r.enabled]));
  return last.rows.map((row) => {
    const info = getDrawType(row.code);
    const wait = waiting.get(row.code);
    const lastResult =
      row.issue_number !== null && row.result !== null && row.draw_at !== null
        ? { issueNumber: row.issue_number, result: row.result, resultSource: row.result_source, drawAt: row.draw_at.getTime(), drawnAt: ms(row.drawn_at) }
        : null;
    return {
      code: info.code,
      name: info.name,
      source: drawSourceOf(info.code, mode),
      enabled: enabledByType.get(info.code) ?? false,
      manualEntry: takesManualResults(info.code),
      lastResult,
      lagMs: lastResult?.drawnAt != null ? Math.max(0, lastResult.drawnAt - lastResult.drawAt) : null,
      awaiting: wait?.n ?? 0,
      oldestAwaitingDrawAt: wait ? wait.oldest.getTime() : null,
    };
  });
}

interface IssueRow {
  id: number;
  issue_number: string;
  sequence: number;
  state: CalendarIssue['state'];
  opens_at: Date;
  closes_at: Date;
  draw_at: Date;
  drawn_at: Date | null;
  result: number[] | null;
  result_source: string | null;
  cancel_reason: string | null;
  commitment: string | null;
  seed: string | null;
  beacon: string | null;
  sales_day: string;
}

const ISSUE_COLUMNS = `id, issue_number, sequence, state, opens_at, closes_at, draw_at, drawn_at, result, result_source, cancel_reason,
  commitment, seed, beacon, to_char(sales_day, 'YYYY-MM-DD') AS sales_day`;

function toCalendarIssue(row: IssueRow, pending: ReadonlySet<number>): CalendarIssue {
  const drawn = row.state === 'DRAWN' || row.state === 'SETTLED';
  return {
    issueNumber: row.issue_number,
    sequence: row.sequence,
    state: row.state,
    opensAt: row.opens_at.getTime(),
    closesAt: row.closes_at.getTime(),
    drawAt: row.draw_at.getTime(),
    drawnAt: ms(row.drawn_at),
    result: row.result,
    resultSource: row.result_source,
    cancelReason: row.cancel_reason,
    commitment: row.commitment,
    // A seed is secret until its issue is drawn; a cancelled issue's seed is never shown.
    seed: drawn ? row.seed : null,
    pendingResult: pending.has(row.id),
  };
}

async function chainOf(pool: pg.Pool, drawType: string, day: string): Promise<{ anchor: string; length: number } | null> {
  const found = await pool.query<{ anchor: string; length: number }>('SELECT anchor, length FROM seed_chains WHERE draw_type = $1 AND sales_day = $2', [
    drawType,
    day,
  ]);
  return found.rows[0] ?? null;
}

export async function issueCalendar(
  pool: pg.Pool,
  mode: FeedMode,
  input: { drawType: string; day?: string | undefined; page: number; pageSize: number; now: number },
): Promise<IssueCalendar> {
  const info = getDrawType(periodicDrawType(input.drawType));
  const day = input.day ?? beijingDay(input.now);
  const total = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM draw_issues WHERE draw_type = $1 AND sales_day = $2', [info.code, day]);
  const rows = await pool.query<IssueRow>(
    `SELECT ${ISSUE_COLUMNS} FROM draw_issues WHERE draw_type = $1 AND sales_day = $2 ORDER BY sequence, draw_at LIMIT $3 OFFSET $4`,
    [info.code, day, input.pageSize, (input.page - 1) * input.pageSize],
  );
  const pending = await pendingResultIssues(pool, rows.rows.map((r) => r.id));
  return {
    drawType: info.code,
    name: info.name,
    source: drawSourceOf(info.code, mode),
    day,
    // A chain exists only for committed draws (and its anchor is public from the start of the day).
    chain: await chainOf(pool, info.code, day),
    total: total.rows[0]!.n,
    page: input.page,
    pageSize: input.pageSize,
    issues: rows.rows.map((r) => toCalendarIssue(r, pending)),
  };
}

export async function issueDetail(pool: pg.Pool, mode: FeedMode, drawType: string, issueNumber: string): Promise<IssueDetail> {
  const info = getDrawType(periodicDrawType(drawType));
  const found = await pool.query<IssueRow>(`SELECT ${ISSUE_COLUMNS} FROM draw_issues WHERE draw_type = $1 AND issue_number = $2`, [info.code, issueNumber]);
  const row = found.rows[0];
  if (!row) throw errors.notFound('期号不存在');
  const chain = row.commitment === null ? null : await chainOf(pool, info.code, row.sales_day);
  const orders = await pool.query<{ count: number; pending: number; turnover: number; payout: number }>(
    `SELECT count(*)::int AS count, count(*) FILTER (WHERE status = 'PENDING')::int AS pending,
            coalesce(sum(total_stake) FILTER (WHERE status NOT IN ('CUSTOMER_CANCELED', 'SYSTEM_CANCELED')), 0)::bigint AS turnover,
            coalesce(sum(payout), 0)::bigint AS payout
       FROM order_outcomes WHERE issue_id = $1`,
    [row.id],
  );
  const transitions = await pool.query<{ from_state: string; to_state: string; at: Date; note: string | null; actor: string | null }>(
    'SELECT from_state, to_state, at, note, actor FROM draw_issue_transitions WHERE issue_id = $1 ORDER BY at, id',
    [row.id],
  );
  const corrections = await pool.query<{ id: number; previous_result: number[]; corrected_result: number[]; created_at: Date; resettled_at: Date | null }>(
    'SELECT id, previous_result, corrected_result, created_at, resettled_at FROM result_corrections WHERE issue_id = $1 ORDER BY id',
    [row.id],
  );
  const requests = await resultRequestsOf(pool, row.id);
  const pending = new Set(requests.some((r) => r.status === 'PENDING') ? [row.id] : []);
  return {
    drawType: info.code,
    name: info.name,
    source: drawSourceOf(info.code, mode),
    manualEntry: takesManualResults(info.code),
    issue: {
      ...toCalendarIssue(row, pending),
      beacon: row.state === 'DRAWN' || row.state === 'SETTLED' ? row.beacon : null,
      chain: chain === null ? null : { anchor: chain.anchor, position: row.sequence },
    },
    orders: orders.rows[0]!,
    transitions: transitions.rows.map((t) => ({ fromState: t.from_state, toState: t.to_state, at: t.at.getTime(), note: t.note, actor: t.actor })),
    corrections: corrections.rows.map((c) => ({
      id: c.id,
      previousResult: c.previous_result,
      correctedResult: c.corrected_result,
      at: c.created_at.getTime(),
      resettledAt: ms(c.resettled_at),
    })),
    resultRequests: requests,
  };
}

/** The 休市日历 of a periodic draw type: the operator's closed and extra days, newest first. */
export async function drawCalendarView(pool: pg.Pool, drawType: string, now: number): Promise<DrawCalendarView> {
  const info = getDrawType(drawType);
  const days = await calendarDaysOf(pool, drawType);
  return {
    drawType,
    name: info.name,
    editable: info.source === 'feed' && !info.resultOf,
    calendarOf: calendarOwner(drawType),
    numbering: scheduleOf(drawType).issueNumber.kind,
    today: beijingDay(now),
    days: days.map(({ day, kind, reason, createdBy, createdAt }) => ({ day, kind, reason, createdBy, createdAt })),
  };
}
