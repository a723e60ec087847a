// Draw data for players: current/next issue with server time, recent results, one issue.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CurrentDrawSchema,
  DrawnIssueSchema,
  ResultsQuerySchema,
  ResultsSchema,
  type DrawnIssue,
  type Issue,
} from '../../shared/api/draws.ts';
import { findDrawType } from '../../shared/catalogue/draw-types.ts';
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

export async function drawRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const knownDrawType = (code: string) => {
    const info = findDrawType(code);
    if (!info) throw errors.notFound('彩种不存在');
    return info;
  };

  r.get(
    '/ajax/draws/:drawType/current',
    { schema: { params: DrawTypeParams, response: { 200: CurrentDrawSchema } } },
    async (request, reply) => {
      const info = knownDrawType(request.params.drawType);
      const now = ctx.clock.now();
      reply.header('cache-control', 'no-store');
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
    },
  );

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
