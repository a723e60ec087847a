// The sales report, aggregated in PostgreSQL: per business day or per draw type over a date range.
// An order's business day is its issue's sales day (销售日, docs/draws.md); an instant (秒开) order,
// which has no issue, belongs to the Beijing date it was placed. Trial accounts are left out.
// Definitions of every figure: docs/backoffice/reports.md.
import type pg from 'pg';
import { withTransaction } from '../../db/pool.ts';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { parseDay, formatDay } from '../../../shared/draws/schedule/beijing-time.ts';
import type { DailyReport, DrawTypeReport, SalesFigures } from '../../../shared/backoffice/reports.ts';
import { expectedPayout, type StakeGroup } from './theoretical-return.ts';

export type ReportGrouping = 'day' | 'drawType';

export interface ReportRange {
  from: string;
  to: string;
  /** Only this draw type's orders. */
  drawType?: string | undefined;
}

const SETTLED = `status IN ('WON', 'LOST')`;
const BUSINESS = `status IN ('PENDING', 'WON', 'LOST')`;

/**
 * The orders of the range with their business day: those on issues of the range's sales days, and
 * the instant ones placed in the range. $1 from, $2 to, $3 the draw type (when filtered).
 */
function ordersOfRange(range: ReportRange, statusFilter: string): string {
  const drawType = range.drawType ? 'AND o.draw_type = $3' : '';
  return `
    SELECT i.sales_day AS day, o.id, o.customer_id, o.draw_type, o.play_mode, o.issue_number, o.status,
           o.total_stake, o.payout, o.rebate, o.created_at
      FROM draw_issues i JOIN order_outcomes o ON o.issue_id = i.id
     WHERE i.sales_day BETWEEN $1::date AND $2::date AND o.${statusFilter} ${drawType}
    UNION ALL
    SELECT (o.created_at AT TIME ZONE 'Asia/Shanghai')::date, o.id, o.customer_id, o.draw_type, o.play_mode, o.issue_number,
           o.status, o.total_stake, o.payout, o.rebate, o.created_at
      FROM orders o
     WHERE o.issue_id IS NULL AND o.${statusFilter} ${drawType}
       AND o.created_at >= $1::date::timestamp AT TIME ZONE 'Asia/Shanghai'
       AND o.created_at < ($2::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`;
}

/**
 * One report statement in a transaction of its own, without JIT compilation: it costs these
 * statements more (about half a second on the benchmark) than it could save them.
 */
async function report<Row extends pg.QueryResultRow>(db: pg.Pool, sql: string, values: unknown[]): Promise<pg.QueryResult<Row>> {
  return withTransaction(db, async (client) => {
    await client.query('SET LOCAL jit = off');
    return client.query<Row>(sql, values);
  });
}

function params(range: ReportRange): unknown[] {
  return range.drawType ? [range.from, range.to, range.drawType] : [range.from, range.to];
}

interface FigureRow {
  key: string | null;
  orders: number;
  turnover: number;
  pending_stake: number;
  payouts: number;
  rebates: number;
  active_players: number;
}

/**
 * The money figures and active players per group, plus the range's total (key null). Each player's
 * orders are summed per group first (a hash aggregate, no sort), so that active players are a count
 * of rows, and over the range a count of distinct players among far fewer rows than orders.
 */
async function orderFigures(db: pg.Pool, range: ReportRange, grouping: ReportGrouping): Promise<Map<string | null, FigureRow>> {
  const key = grouping === 'day' ? 'o.day' : 'o.draw_type';
  const found = await report<FigureRow & { total: boolean; players_in_range: number }>(
    db,
    `WITH o AS (${ordersOfRange(range, BUSINESS)}),
     per_player AS (
       SELECT ${key} AS key, o.customer_id,
              count(*) FILTER (WHERE o.${SETTLED}) AS orders,
              sum(o.total_stake) FILTER (WHERE o.${SETTLED}) AS turnover,
              sum(o.total_stake) FILTER (WHERE o.status = 'PENDING') AS pending_stake,
              sum(o.payout) FILTER (WHERE o.${SETTLED}) AS payouts,
              sum(o.rebate) FILTER (WHERE o.${SETTLED}) AS rebates
         FROM o JOIN customers c ON c.id = o.customer_id
        WHERE c.test_mode IS NULL
        GROUP BY 1, 2)
     SELECT ${grouping === 'day' ? "to_char(key, 'YYYY-MM-DD')" : 'key'} AS key, GROUPING(key) = 1 AS total,
            coalesce(sum(orders), 0)::int AS orders,
            coalesce(sum(turnover), 0)::bigint AS turnover,
            coalesce(sum(pending_stake), 0)::bigint AS pending_stake,
            coalesce(sum(payouts), 0)::bigint AS payouts,
            coalesce(sum(rebates), 0)::bigint AS rebates,
            count(*)::int AS active_players,
            (SELECT count(*) FROM (SELECT DISTINCT customer_id FROM per_player) AS d)::int AS players_in_range
       FROM per_player
      GROUP BY GROUPING SETS ((key), ())`,
    params(range),
  );
  return new Map(
    found.rows.map((row) => (row.total ? [null, { ...row, active_players: row.players_in_range }] : [row.key, row])),
  );
}

interface StakeRow {
  day: string;
  draw_type: string;
  play_mode: 'REGULAR' | 'BOARD';
  code: string;
  prize_group: number | null;
  selection: unknown;
  issue_number: string;
  placed_at: number;
  stake: number;
}

/**
 * Settled stakes grouped by what their expected payout depends on: regular bets by method and prize
 * group; board bets (rarer, and keyed by their selection) also by selection and by the odds version
 * in force when they were placed (games/settings.ts) — any placing time of a group finds it again.
 */
async function settledStakes(db: pg.Pool, range: ReportRange): Promise<StakeRow[]> {
  const regular = report<StakeRow>(
    db,
    `WITH o AS (${ordersOfRange(range, SETTLED)})
     SELECT to_char(o.day, 'YYYY-MM-DD') AS day, o.draw_type, 'REGULAR' AS play_mode, b.code, b.prize_group, NULL AS selection,
            max(o.issue_number) AS issue_number, 0::float8 AS placed_at, sum(b.stake)::bigint AS stake
       FROM o JOIN customers c ON c.id = o.customer_id JOIN order_bets b ON b.order_id = o.id
      WHERE c.test_mode IS NULL AND o.play_mode = 'REGULAR'
      GROUP BY o.day, o.draw_type, b.code, b.prize_group`,
    params(range),
  );
  const board = report<StakeRow>(
    db,
    `WITH o AS (${ordersOfRange(range, SETTLED)})
     SELECT to_char(o.day, 'YYYY-MM-DD') AS day, o.draw_type, 'BOARD' AS play_mode, b.code, NULL::int AS prize_group, b.selection,
            max(o.issue_number) AS issue_number, (extract(epoch FROM max(o.created_at)) * 1000)::float8 AS placed_at,
            sum(b.stake)::bigint AS stake
       FROM o JOIN customers c ON c.id = o.customer_id JOIN order_bets b ON b.order_id = o.id
       LEFT JOIN LATERAL (
         SELECT s.id FROM game_board_settings s
          WHERE s.draw_type = o.draw_type AND s.effective_at <= o.created_at
          ORDER BY s.effective_at DESC, s.id DESC LIMIT 1) AS odds ON true
      WHERE c.test_mode IS NULL AND o.play_mode = 'BOARD'
      GROUP BY o.day, o.draw_type, b.code, b.selection, odds.id`,
    params(range),
  );
  const [regularRows, boardRows] = await Promise.all([regular, board]);
  return [...regularRows.rows, ...boardRows.rows];
}

/** What the settled stakes were expected to pay, per group and in total. */
async function expectedPayouts(db: pg.Pool, range: ReportRange, grouping: ReportGrouping): Promise<Map<string | null, number>> {
  const sums = new Map<string | null, number>();
  for (const row of await settledStakes(db, range)) {
    const group: StakeGroup = {
      drawType: row.draw_type,
      playMode: row.play_mode,
      code: row.code,
      prizeGroup: row.prize_group,
      selection: row.selection,
      day: row.day,
      issueNumber: row.issue_number,
      placedAt: row.placed_at,
      stake: row.stake,
    };
    const expected = expectedPayout(group);
    const key = grouping === 'day' ? row.day : row.draw_type;
    sums.set(key, (sums.get(key) ?? 0) + expected);
    sums.set(null, (sums.get(null) ?? 0) + expected);
  }
  return sums;
}

function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

function figuresOf(row: FigureRow | undefined, expected: number): SalesFigures {
  const turnover = row?.turnover ?? 0;
  const payouts = row?.payouts ?? 0;
  const rebates = row?.rebates ?? 0;
  return {
    orders: row?.orders ?? 0,
    turnover,
    pendingStake: row?.pending_stake ?? 0,
    payouts,
    rebates,
    grossGamingRevenue: turnover - payouts - rebates,
    actualRtp: ratio(payouts, turnover),
    expectedPayouts: expected,
    theoreticalRtp: ratio(expected, turnover),
    activePlayers: row?.active_players ?? 0,
  };
}

/** Accounts registered per Beijing day of the range (trial accounts not counted), and in total. */
async function newPlayers(db: pg.Pool, range: ReportRange): Promise<Map<string | null, number>> {
  const found = await report<{ day: string | null; count: number }>(
    db,
    `SELECT to_char((created_at AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM-DD') AS day, count(*)::int AS count
       FROM customers
      WHERE test_mode IS NULL
        AND created_at >= $1::date::timestamp AT TIME ZONE 'Asia/Shanghai'
        AND created_at < ($2::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'
      GROUP BY GROUPING SETS (((created_at AT TIME ZONE 'Asia/Shanghai')::date), ())`,
    [range.from, range.to],
  );
  return new Map(found.rows.map((row) => [row.day, row.count]));
}

function daysOf(range: ReportRange): string[] {
  const days: string[] = [];
  for (let day = parseDay(range.from); day <= parseDay(range.to); day++) days.push(formatDay(day));
  return days;
}

export async function dailyReport(db: pg.Pool, range: ReportRange): Promise<DailyReport> {
  const [figures, expected, registered] = await Promise.all([
    orderFigures(db, range, 'day'),
    expectedPayouts(db, range, 'day'),
    newPlayers(db, range),
  ]);
  return {
    from: range.from,
    to: range.to,
    drawType: range.drawType ?? null,
    rows: daysOf(range).map((day) => ({
      day,
      ...figuresOf(figures.get(day), expected.get(day) ?? 0),
      newPlayers: registered.get(day) ?? 0,
    })),
    total: { ...figuresOf(figures.get(null), expected.get(null) ?? 0), newPlayers: registered.get(null) ?? 0 },
  };
}

export async function drawTypeReport(db: pg.Pool, range: ReportRange): Promise<DrawTypeReport> {
  const [figures, expected] = await Promise.all([orderFigures(db, range, 'drawType'), expectedPayouts(db, range, 'drawType')]);
  const rows = [...figures.keys()]
    .filter((key): key is string => key !== null)
    .map((drawType) => ({
      drawType,
      drawTypeName: findDrawType(drawType)?.name ?? drawType,
      ...figuresOf(figures.get(drawType), expected.get(drawType) ?? 0),
    }))
    .sort((a, b) => b.turnover - a.turnover || b.pendingStake - a.pendingStake || a.drawType.localeCompare(b.drawType));
  return { from: range.from, to: range.to, rows, total: figuresOf(figures.get(null), expected.get(null) ?? 0) };
}
