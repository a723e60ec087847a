// The back office's 代理佣金与奖金 (issue 19 item 6, docs/agents/commission.md): every commission run and
// its detail, stopping a run, primary agents' bonus contracts, and every bonus result, primary agents'
// approved or rejected here. Every write runs in withOperatorWrite with its audit row.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminBonusResultListSchema,
  AdminContractBodySchema,
  AdminContractParamsSchema,
  AdminResultsQuerySchema,
  AGENT_COMMISSION_ADMIN_PATHS,
  BonusIdParamsSchema,
  CommissionRunDetailSchema,
  CommissionRunListSchema,
  DecideBodySchema,
  PrimaryContractsSchema,
  RUN_NOT_FOUND,
  RunIdParamsSchema,
  RunsQuerySchema,
  StopRunBodySchema,
} from '../../../shared/backoffice/agent-commission.ts';
import { ContractSchema } from '../../../shared/api/agent-commission.ts';
import type { Permission } from '../../../shared/backoffice/permissions.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import { decideResult, RESULT_NOT_FOUND, resultById } from '../../agents/commission/bonus.ts';
import { stopCommissionRun } from '../../agents/commission/batch.ts';
import { setContract } from '../../agents/commission/contracts.ts';
import { operatorOf, withOperatorWrite } from '../core/api.ts';
import { allResults, isPrimaryAgent, listRuns, primaryContracts, runById, runDetail } from './commission/queries.ts';

const rule = (permission: Permission) => ({ operator: { permission } });
const at = (path: string) => `${BACKOFFICE_API}${path}`;

export async function agentCommissionAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;

  r.get(
    at(AGENT_COMMISSION_ADMIN_PATHS.runs),
    { config: rule('agents.commission.read'), schema: { querystring: RunsQuerySchema, response: { 200: CommissionRunListSchema } } },
    async (request) => listRuns(pool, request.query.page, request.query.status),
  );

  r.get(
    at(AGENT_COMMISSION_ADMIN_PATHS.run(':id')),
    { config: rule('agents.commission.read'), schema: { params: RunIdParamsSchema, response: { 200: CommissionRunDetailSchema } } },
    async (request) => {
      const run = await runById(pool, request.params.id);
      if (!run) throw errors.notFound(RUN_NOT_FOUND);
      return runDetail(pool, run);
    },
  );

  r.post(
    at(AGENT_COMMISSION_ADMIN_PATHS.stop(':id')),
    { config: rule('agents.commission.manage'), schema: { params: RunIdParamsSchema, body: StopRunBodySchema, response: { 200: CommissionRunDetailSchema } } },
    async (request) => {
      const operator = operatorOf(request);
      await withOperatorWrite(ctx, request, async (client, audit) => {
        const before = await runById(client, request.params.id);
        const outcome = await stopCommissionRun(client, request.params.id, operator.username, request.body.reason);
        if (outcome === 'NOT_FOUND') throw errors.notFound(RUN_NOT_FOUND);
        if (outcome === 'COMPLETED') throw errors.conflict('该批次已发放，不能停止');
        if (outcome === 'ALREADY_STOPPED') throw errors.conflict('该批次已停止');
        await audit({
          action: 'agent_commission.stop',
          targetType: 'agent_commission_run',
          targetId: request.params.id,
          before,
          after: await runById(client, request.params.id),
          reason: request.body.reason,
        });
      });
      return runDetail(pool, (await runById(pool, request.params.id))!);
    },
  );

  r.get(
    at(AGENT_COMMISSION_ADMIN_PATHS.contracts),
    { config: rule('agents.commission.read'), schema: { response: { 200: PrimaryContractsSchema } } },
    async () => primaryContracts(pool),
  );

  r.put(
    at(AGENT_COMMISSION_ADMIN_PATHS.contract(':customerId', ':kind')),
    { config: rule('agents.commission.manage'), schema: { params: AdminContractParamsSchema, body: AdminContractBodySchema, response: { 200: ContractSchema } } },
    async (request) => {
      const operator = operatorOf(request);
      const { customerId, kind } = request.params;
      if (!(await isPrimaryAgent(pool, customerId))) throw errors.notFound('该总代不存在');
      return withOperatorWrite(ctx, request, async (client, audit) => {
        const { before, after } = await setContract(client, { kind: 'operator', username: operator.username }, customerId, kind, request.body);
        await audit({ action: 'agent_bonus.contract', targetType: 'customer', targetId: customerId, before, after });
        return after;
      });
    },
  );

  r.get(
    at(AGENT_COMMISSION_ADMIN_PATHS.results),
    { config: rule('agents.commission.read'), schema: { querystring: AdminResultsQuerySchema, response: { 200: AdminBonusResultListSchema } } },
    async (request) => allResults(pool, request.query.status),
  );

  const decide = (approve: boolean) => async (request: FastifyRequest<{ Params: { id: number }; Body: { reason?: string | undefined } }>) => {
    const operator = operatorOf(request);
    const found = await resultById(pool, request.params.id);
    if (!found) throw errors.notFound(RESULT_NOT_FOUND);
    // Operators decide primary agents' own bonuses; the others belong to their upline agent.
    if (!(await isPrimaryAgent(pool, found.customerId))) throw errors.conflict('该奖金由上级代理审核');
    await withOperatorWrite(ctx, request, async (client, audit) => {
      await decideResult(client, found.id, approve, { kind: 'operator', username: operator.username });
      await audit({
        action: approve ? 'agent_bonus.approve' : 'agent_bonus.reject',
        targetType: 'agent_bonus_result',
        targetId: found.id,
        before: found,
        after: await resultById(client, found.id),
        reason: request.body?.reason ?? null,
      });
    });
    const after = (await resultById(pool, found.id))!;
    return { ...after, primary: true };
  };
  const decideSchema = { params: BonusIdParamsSchema, body: DecideBodySchema.optional(), response: { 200: AdminBonusResultListSchema.shape.items.element } };
  r.post(at(AGENT_COMMISSION_ADMIN_PATHS.approve(':id')), { config: rule('agents.commission.manage'), schema: decideSchema }, decide(true));
  r.post(at(AGENT_COMMISSION_ADMIN_PATHS.reject(':id')), { config: rule('agents.commission.manage'), schema: decideSchema }, decide(false));
}
