// The back office's deposit endpoints (/ajax/backoffice/finance/...): search, the offline confirmation
// queue with confirm and reject, and the deposit method configuration. Writes run in withOperatorWrite
// with their audit row; the player's live events follow the commit.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConfirmDepositBodySchema,
  DepositActionResultSchema,
  DepositIdParamsSchema,
  DepositMethodConfigListSchema,
  DepositMethodConfigSchema,
  DepositMethodParamsSchema,
  DepositSearchQuerySchema,
  FINANCE_DEPOSIT_PATHS,
  FinanceDepositListSchema,
  RejectDepositBodySchema,
  UpdateDepositMethodSchema,
} from '../../../shared/backoffice/finance-deposits.ts';
import type { Permission } from '../../../shared/backoffice/permissions.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import { gatewayFor } from '../../payments/registry.ts';
import { publishAfterCommit } from '../../wallet/deposits/events.ts';
import { listMethods, loadMethod, type DepositMethodRow } from '../../wallet/deposits/methods.ts';
import { sandboxCheck } from '../../wallet/deposits/routes.ts';
import { DEPOSIT_NOT_FOUND } from '../../wallet/deposits/views.ts';
import { operatorOf, withOperatorWrite } from '../core/api.ts';
import { confirmOfflineDeposit, depositMethodConfigOf, rejectOfflineDeposit, updateDepositMethod } from './deposits-actions.ts';
import { financeDeposit, searchDeposits } from './deposits-search.ts';

const rule = (permission: Permission) => ({ operator: { permission } });
const at = (path: string) => `${BACKOFFICE_API}${path}`;

function methodConfig(row: DepositMethodRow) {
  return { code: row.code, name: row.name, group: row.group_code, kind: row.kind, ...depositMethodConfigOf(row), updatedAt: row.updated_at.toISOString() };
}

export async function financeDepositRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const gateway = () => gatewayFor(ctx.config.payments);
  const isSandbox = sandboxCheck(gateway);

  r.get(
    at(FINANCE_DEPOSIT_PATHS.deposits),
    { config: rule('finance.deposits.read'), schema: { querystring: DepositSearchQuerySchema, response: { 200: FinanceDepositListSchema } } },
    async (request) => searchDeposits(pool, request.query, isSandbox),
  );

  r.get(
    at(FINANCE_DEPOSIT_PATHS.queue),
    { config: rule('finance.deposits.read'), schema: { querystring: DepositSearchQuerySchema, response: { 200: FinanceDepositListSchema } } },
    async (request) => searchDeposits(pool, { ...request.query, kind: 'OFFLINE', status: 'WAITING_FOR_AUDIT' }, isSandbox, 'oldest'),
  );

  const answer = async (id: number) => {
    const deposit = await financeDeposit(pool, id, isSandbox);
    if (!deposit) throw errors.notFound(DEPOSIT_NOT_FOUND);
    return { deposit };
  };

  r.post(
    at('/finance/deposits/:id/confirm'),
    { config: rule('finance.deposits.confirm'), schema: { params: DepositIdParamsSchema, body: ConfirmDepositBodySchema, response: { 200: DepositActionResultSchema } } },
    async (request) => {
      const operator = operatorOf(request);
      const events = await withOperatorWrite(ctx, request, (client, audit) =>
        confirmOfflineDeposit(client, audit, operator, request.params.id, request.body.receivedAmount, request.body.note),
      );
      publishAfterCommit(ctx, events, request.log);
      return answer(request.params.id);
    },
  );

  r.post(
    at('/finance/deposits/:id/reject'),
    { config: rule('finance.deposits.confirm'), schema: { params: DepositIdParamsSchema, body: RejectDepositBodySchema, response: { 200: DepositActionResultSchema } } },
    async (request) => {
      const operator = operatorOf(request);
      const events = await withOperatorWrite(ctx, request, (client, audit) => rejectOfflineDeposit(client, audit, operator, request.params.id, request.body.reason.trim()));
      publishAfterCommit(ctx, events, request.log);
      return answer(request.params.id);
    },
  );

  r.get(
    at(FINANCE_DEPOSIT_PATHS.methods),
    { config: rule('finance.settings.read'), schema: { response: { 200: DepositMethodConfigListSchema } } },
    async () => {
      let info = { code: 'unknown', label: '未配置', sandbox: false };
      try {
        const current = gateway();
        info = { code: current.code, label: current.label, sandbox: current.sandbox };
      } catch {
        // The gateway is not configured: the methods are still shown.
      }
      return { methods: (await listMethods(pool, { enabledOnly: false })).map(methodConfig), gateway: info };
    },
  );

  r.put(
    at('/finance/deposit-methods/:code'),
    { config: rule('finance.settings.manage'), schema: { params: DepositMethodParamsSchema, body: UpdateDepositMethodSchema, response: { 200: DepositMethodConfigSchema } } },
    async (request) => {
      await withOperatorWrite(ctx, request, (client, audit) => updateDepositMethod(client, audit, request.params.code, request.body));
      return methodConfig((await loadMethod(pool, request.params.code))!);
    },
  );
}
