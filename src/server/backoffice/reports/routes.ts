// The back office's reports: the sales report per business day and per draw type (JSON and CSV),
// and the ledger reconciliation — its runs, and running it now.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import {
  DailyReportSchema,
  DrawTypeReportSchema,
  ProviderReportSchema,
  ReconciliationListQuerySchema,
  ReconciliationListSchema,
  ReportRangeQuerySchema,
  REPORTS_PATHS,
  RunReconciliationResponseSchema,
  type ReportRangeQuery,
} from '../../../shared/backoffice/reports.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import { operatorOf, withOperatorWrite } from '../core/api.ts';
import { toCsv } from './csv.ts';
import { scheduleReconciliation, tryReconciliationLock } from './reconciliation-schedule.ts';
import { listReconciliationRuns, recentReconciliationRuns, runReconciliation } from './reconciliation-runs.ts';
import { DAILY_COLUMNS, DRAW_TYPE_COLUMNS, RECONCILIATION_COLUMNS, TOTAL_LABEL } from './report-csv.ts';
import { dailyReport, drawTypeReport, type ReportRange } from './sales-report.ts';
import { providerReport } from './provider-report.ts';

const read = { operator: { permission: 'reports.read' as const } };
const CSV_RECONCILIATION_RUNS = 1000;

function rangeOf(query: ReportRangeQuery): ReportRange {
  if (query.drawType !== undefined && !findDrawType(query.drawType)) throw errors.validation('彩种不存在', { drawType: '彩种不存在' });
  return { from: query.from, to: query.to, drawType: query.drawType };
}

function sendCsv(reply: FastifyReply, name: string, body: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .send(body);
}

async function takeReconciliationLock(client: pg.PoolClient): Promise<void> {
  if (!(await tryReconciliationLock(client))) throw errors.conflict('对账正在进行中，请稍后查看结果');
}

export async function reportRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const path = (p: string) => `${BACKOFFICE_API}${p}`;
  if (ctx.config.drawScheduler) scheduleReconciliation(app, pool, ctx.singletons);

  r.get(
    path(REPORTS_PATHS.providers),
    { config: read, schema: { querystring: ReportRangeQuerySchema, response: { 200: ProviderReportSchema } } },
    async (request) => providerReport(pool, rangeOf(request.query)),
  );

  r.get(
    path(REPORTS_PATHS.daily),
    { config: read, schema: { querystring: ReportRangeQuerySchema, response: { 200: DailyReportSchema } } },
    async (request) => dailyReport(pool, rangeOf(request.query)),
  );

  r.get(path(REPORTS_PATHS.dailyCsv), { config: read, schema: { querystring: ReportRangeQuerySchema } }, async (request, reply) => {
    const range = rangeOf(request.query);
    const report = await dailyReport(pool, range);
    const rows = [...report.rows, { ...report.total, day: TOTAL_LABEL }];
    const name = `daily-report_${range.from}_${range.to}${range.drawType ? `_${range.drawType}` : ''}`;
    return sendCsv(reply, name, toCsv(DAILY_COLUMNS, rows));
  });

  r.get(
    path(REPORTS_PATHS.drawTypes),
    { config: read, schema: { querystring: ReportRangeQuerySchema, response: { 200: DrawTypeReportSchema } } },
    async (request) => drawTypeReport(pool, rangeOf(request.query)),
  );

  r.get(path(REPORTS_PATHS.drawTypesCsv), { config: read, schema: { querystring: ReportRangeQuerySchema } }, async (request, reply) => {
    const range = rangeOf(request.query);
    const report = await drawTypeReport(pool, range);
    const rows = [...report.rows, { ...report.total, drawType: '', drawTypeName: TOTAL_LABEL }];
    return sendCsv(reply, `draw-type-report_${range.from}_${range.to}`, toCsv(DRAW_TYPE_COLUMNS, rows));
  });

  r.get(
    path(REPORTS_PATHS.reconciliation),
    { config: read, schema: { querystring: ReconciliationListQuerySchema, response: { 200: ReconciliationListSchema } } },
    async (request) => listReconciliationRuns(pool, request.query.page),
  );

  r.get(path(REPORTS_PATHS.reconciliationCsv), { config: read }, async (_request, reply) => {
    const runs = await recentReconciliationRuns(pool, CSV_RECONCILIATION_RUNS);
    return sendCsv(reply, 'reconciliation-runs', toCsv(RECONCILIATION_COLUMNS, runs));
  });

  r.post(
    path(REPORTS_PATHS.reconciliation),
    {
      config: { operator: { permission: 'reports.reconcile' } },
      schema: { body: z.unknown().optional(), response: { 200: RunReconciliationResponseSchema } },
    },
    async (request) => {
      const operator = operatorOf(request);
      const run = await withOperatorWrite(ctx, request, async (client, audit) => {
        await takeReconciliationLock(client);
        const recorded = await runReconciliation(client, { kind: 'OPERATOR', operatorId: operator.id, username: operator.username });
        await audit({
          action: 'ledger.reconcile',
          targetType: 'reconciliation_run',
          targetId: recorded.id,
          before: null,
          after: { ok: recorded.ok, totalOfEntries: recorded.totalOfEntries, mismatchCount: recorded.mismatchCount },
        });
        return recorded;
      });
      return { run };
    },
  );
}
