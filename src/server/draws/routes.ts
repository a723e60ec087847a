// Draw data for players: current/next issue with server time, recent results, one issue.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CURRENT_DRAWS_MAX,
  CURRENT_DRAWS_PATH,
  CurrentDrawSchema,
  CurrentDrawsQuerySchema,
  CurrentDrawsSchema,
  DrawnIssueSchema,
  HistoryPageSchema,
  HistoryQuerySchema,
  LATEST_RESULTS_PATH,
  LatestResultsSchema,
  ResultsQuerySchema,
  ResultsSchema,
  type CurrentDraw,
  type DrawnIssue,
  type Issue,
  type LatestResults,
} from '../../shared/api/draws.ts';
import { DRAW_TYPES, findDrawType, type DrawTypeInfo } from '../../shared/catalogue/draw-types.ts';
import type { ServerContext } from '../context.ts';
import { errors } from '../http/errors.ts';

// What is public about an issue before its draw: times, state, the per-issue commitment
// SHA-256(seed ‖ 期号) and the day's chain anchor with the issue's position. None of these is, or
// yields, a seed of an issue not drawn yet (docs/fairness.md, "What is published when").
const ISSUE_COLUMNS = `draw_type, issue_number, opens_at, closes_at, draw_at, state, commitment, result, result_source,
  seed, beacon, drawn_at, cancel_reason, sequence,
  (SELECT c.anchor FROM seed_chains c
    WHERE c.draw_type = draw_issues.draw_type AND c.sales_day = draw_issues.sales_day AND draw_issues.commitment IS NOT NULL
  ) AS chain_anchor`;

interface IssueRow {
  draw_type: string;
  issue_number: string;
  opens_at: Date;
  closes_at: Date;
  draw_at: Date;
  state: Issue['state'];
  commitment: string | null;
  result: number[] | null;
  result_source: string | null;
  seed: string | null;
  beacon: string | null;
  drawn_at: Date | null;
  cancel_reason: string | null;
  sequence: number;
  chain_anchor: string | null;
}

const toIssue = (r: IssueRow): Issue => ({
  drawType: r.draw_type,
  issueNumber: r.issue_number,
  opensAt: r.opens_at.getTime(),
  closesAt: r.closes_at.getTime(),
  drawAt: r.draw_at.getTime(),
  state: r.state,
  commitment: r.commitment,
  chain: r.chain_anchor === null ? null : { anchor: r.chain_anchor, position: r.sequence },
});

const toDrawn = (r: IssueRow): DrawnIssue => ({
  ...toIssue(r),
  result: r.result,
  resultSource: r.result_source,
  // A seed is secret until its issue is drawn (a cancelled issue's seed is never shown).
  seed: r.state === 'DRAWN' || r.state === 'SETTLED' ? r.seed : null,
  beacon: r.beacon,
  drawnAt: r.drawn_at?.getTime() ?? null,
  cancelReason: r.cancel_reason,
});

const DrawTypeParams = z.object({ drawType: z.string().min(1).max(32) });

/** Every visitor of the lobby asks for the latest results: one query per this many milliseconds serves them all. */
const LATEST_CACHE_MS = 2_000;
const PERIODIC_CODES = DRAW_TYPES.filter((d) => !d.instant).map((d) => d.code);

interface LatestRow {
  draw_type: string;
  issue_number: string;
  draw_at: Date;
  result: number[];
  committed: boolean;
}

export async function drawRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const knownDrawType = (code: string) => {
    const info = findDrawType(code);
    if (!info) throw errors.notFound('彩种不存在');
    return info;
  };

  // Only drawn issues, whose seeds are public anyway; the answer carries no seed at all.
  let latestCache: { at: number; body: LatestResults } | null = null;
  r.get(LATEST_RESULTS_PATH, { schema: { response: { 200: LatestResultsSchema } } }, async (_request, reply) => {
    const now = ctx.clock.now();
    reply.header('cache-control', `public, max-age=${LATEST_CACHE_MS / 1000}`);
    if (latestCache && now >= latestCache.at && now - latestCache.at < LATEST_CACHE_MS) return latestCache.body;
    const rows = await pool.query<LatestRow>(
      `SELECT l.draw_type, l.issue_number, l.draw_at, l.result, l.commitment IS NOT NULL AS committed
         FROM unnest($1::text[]) AS t(code)
         CROSS JOIN LATERAL (
           SELECT draw_type, issue_number, draw_at, result, commitment FROM draw_issues
            WHERE draw_type = t.code AND state IN ('DRAWN', 'SETTLED') AND result IS NOT NULL
              AND draw_at <= to_timestamp($2 / 1000.0)
            ORDER BY draw_at DESC LIMIT 1
         ) l`,
      [PERIODIC_CODES, now],
    );
    const body: LatestResults = {
      serverTime: now,
      results: rows.rows.map((row) => ({
        drawType: row.draw_type,
        issueNumber: row.issue_number,
        drawAt: row.draw_at.getTime(),
        result: row.result,
        verifiable: row.committed,
      })),
    };
    latestCache = { at: now, body };
    return body;
  });

  r.get(
    '/ajax/draws/:drawType/history',
    { schema: { params: DrawTypeParams, querystring: HistoryQuerySchema, response: { 200: HistoryPageSchema } } },
    async (request) => {
      const info = knownDrawType(request.params.drawType);
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 20;
      const now = ctx.clock.now();
      const where = `draw_type = $1 AND state IN ('DRAWN', 'SETTLED', 'CANCELLED') AND draw_at <= to_timestamp($2 / 1000.0)`;
      const counted = await pool.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM (SELECT 1 FROM draw_issues WHERE ${where} LIMIT $3) kept`,
        [info.code, now, info.historyDrawCount],
      );
      const total = counted.rows[0]?.total ?? 0;
      const offset = (page - 1) * pageSize;
      const limit = Math.max(0, Math.min(pageSize, total - offset));
      const rows =
        limit === 0
          ? { rows: [] as IssueRow[] }
          : await pool.query<IssueRow>(
              `SELECT ${ISSUE_COLUMNS} FROM draw_issues WHERE ${where} ORDER BY draw_at DESC LIMIT $3 OFFSET $4`,
              [info.code, now, limit, offset],
            );
      return { drawType: info.code, page, pageSize, total, results: rows.rows.map(toDrawn) };
    },
  );

  /** The issue on sale, the next one, the one being drawn and the latest result of one draw type. */
  const currentDraw = async (info: DrawTypeInfo, now: number): Promise<CurrentDraw> => {
    if (info.instant) return { serverTime: now, current: null, next: null, latest: null, drawing: null };
    const upcoming = await pool.query<IssueRow>(
      `SELECT ${ISSUE_COLUMNS} FROM draw_issues
        WHERE draw_type = $1 AND state IN ('SCHEDULED', 'OPEN') AND closes_at > to_timestamp($2 / 1000.0)
        ORDER BY draw_at LIMIT 2`,
      [info.code, now],
    );
    const latest = await pool.query<IssueRow>(
      `SELECT ${ISSUE_COLUMNS} FROM draw_issues WHERE draw_type = $1 AND state IN ('DRAWN', 'SETTLED')
        ORDER BY draw_at DESC LIMIT 1`,
      [info.code],
    );
    const drawing = await pool.query<IssueRow>(
      `SELECT ${ISSUE_COLUMNS} FROM draw_issues
        WHERE draw_type = $1 AND state IN ('OPEN', 'CLOSED') AND closes_at <= to_timestamp($2 / 1000.0)
        ORDER BY draw_at DESC LIMIT 1`,
      [info.code, now],
    );
    const [current, next] = upcoming.rows.map(toIssue);
    return {
      serverTime: now,
      current: current ?? null,
      next: next ?? null,
      latest: latest.rows[0] ? toDrawn(latest.rows[0]) : null,
      drawing: drawing.rows[0] ? toIssue(drawing.rows[0]) : null,
    };
  };

  r.get(
    '/ajax/draws/:drawType/current',
    { schema: { params: DrawTypeParams, response: { 200: CurrentDrawSchema } } },
    async (request, reply) => {
      const info = knownDrawType(request.params.drawType);
      reply.header('cache-control', 'no-store');
      return currentDraw(info, ctx.clock.now());
    },
  );

  r.get(CURRENT_DRAWS_PATH, { schema: { querystring: CurrentDrawsQuerySchema, response: { 200: CurrentDrawsSchema } } }, async (request, reply) => {
    const codes = [...new Set(request.query.types.split(','))];
    if (codes.length > CURRENT_DRAWS_MAX) throw errors.validation(`一次最多查询 ${CURRENT_DRAWS_MAX} 个彩种`);
    const infos = codes.map((code) => findDrawType(code)).filter((info): info is DrawTypeInfo => info !== undefined);
    const now = ctx.clock.now();
    reply.header('cache-control', 'no-store');
    const answers = await Promise.all(infos.map((info) => currentDraw(info, now)));
    return { serverTime: now, draws: Object.fromEntries(infos.map((info, k) => [info.code, answers[k]!])) };
  });

  r.get(
    '/ajax/draws/:drawType/results',
    { schema: { params: DrawTypeParams, querystring: ResultsQuerySchema, response: { 200: ResultsSchema } } },
    async (request) => {
      const info = knownDrawType(request.params.drawType);
      const count = Math.min(request.query.count ?? 30, info.historyDrawCount);
      const rows = await pool.query<IssueRow>(
        `SELECT ${ISSUE_COLUMNS} FROM draw_issues WHERE draw_type = $1 AND state IN ('DRAWN', 'SETTLED', 'CANCELLED')
            AND draw_at <= to_timestamp($3 / 1000.0)
          ORDER BY draw_at DESC LIMIT $2`,
        [info.code, count, ctx.clock.now()],
      );
      return { drawType: info.code, results: rows.rows.map(toDrawn) };
    },
  );

  r.get(
    '/ajax/draws/:drawType/issues/:issueNumber',
    {
      schema: {
        params: DrawTypeParams.extend({ issueNumber: z.string().min(1).max(32) }),
        response: { 200: DrawnIssueSchema },
      },
    },
    async (request) => {
      const info = knownDrawType(request.params.drawType);
      const rows = await pool.query<IssueRow>(
        `SELECT ${ISSUE_COLUMNS} FROM draw_issues WHERE draw_type = $1 AND issue_number = $2`,
        [info.code, request.params.issueNumber],
      );
      if (!rows.rows[0]) throw errors.notFound('期号不存在');
      return toDrawn(rows.rows[0]);
    },
  );
}
