// The back office's 财务 area (issue 17 item 5): deposit confirmation and method configuration,
// withdrawal audit and settings, the sandbox gateway's fault controls and the daily cash report.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { financeDepositRoutes } from './deposits-routes.ts';
import { financeReportRoutes } from './reports-routes.ts';
import { financeWithdrawalRoutes } from './withdrawals-routes.ts';

export async function financeRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await financeDepositRoutes(app, ctx);
  await financeWithdrawalRoutes(app, ctx);
  await financeReportRoutes(app, ctx);
}
