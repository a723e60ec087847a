// Back office 财务: the daily cash report (JSON and CSV, finance.reports.read) and the sandbox
// gateway's fault controls (sandbox-routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CashReportQuerySchema, CashReportSchema, FINANCE_REPORTS_PATHS } from '../../../shared/backoffice/finance-reports.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { toCsv } from '../reports/csv.ts';
import { TOTAL_LABEL } from '../reports/report-csv.ts';
import { cashReport } from './reports-cash.ts';
import { CASH_COLUMNS } from './reports-csv.ts';
import { sandboxRoutes } from './sandbox-routes.ts';

const read = { operator: { permission: 'finance.reports.read' as const } };

export async function financeReportRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const path = (p: string) => `${BACKOFFICE_API}${p}`;

  r.get(
    path(FINANCE_REPORTS_PATHS.cash),
    { config: read, schema: { querystring: CashReportQuerySchema, response: { 200: CashReportSchema } } },
    async (request) => cashReport(pool, request.query),
  );

  r.get(path(FINANCE_REPORTS_PATHS.cashCsv), { config: read, schema: { querystring: CashReportQuerySchema } }, async (request, reply) => {
    const { from, to } = request.query;
    const report = await cashReport(pool, { from, to });
    const rows = [...report.rows, { ...report.total, day: TOTAL_LABEL, heldAtDayEnd: null }];
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="cash-report_${from}_${to}.csv"`)
      .send(toCsv(CASH_COLUMNS, rows));
  });

  await sandboxRoutes(app, ctx);
}
