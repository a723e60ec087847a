// The agent's commission and bonuses (issue 19 item 6, docs/agents/commission.md): 团队返点 and 团队奖金
// (agent-only, scoped by the team tree), the income config (any non-trial customer), the periodic
// jobs, and in tests a route that runs one commission batch now.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActionAnswerSchema,
  AGENT_COMMISSION_PATHS,
  BonusResultListSchema,
  BonusResultsQuerySchema,
  CommissionQuerySchema,
  CommissionSummarySchema,
  ContractBodySchema,
  ContractParamsSchema,
  ContractsAnswerSchema,
  ContractSchema,
  IncomeConfigSchema,
  ResultIdParamsSchema,
  TestRunAnswerSchema,
} from '../../../shared/api/agent-commission.ts';
import type { ServerContext } from '../../context.ts';
import { withTransaction } from '../../db/pool.ts';
import { requireSession, type AccessRule } from '../../session/access.ts';
import { assertDirectMember, notInTeam } from '../tree.ts';
import { runCommissionBatch, waitForRunsInFlight } from './batch.ts';
import { decideResult, resultById, runBonusJob } from './bonus.ts';
import { setContract } from './contracts.ts';
import { JOB_INTERVAL_MS, startCommissionLoop } from './jobs.ts';
import { createMemberWithBet, MemberBetsSchema } from './testing.ts';
import { agentContracts, commissionSummary, incomeConfig, memberResults } from './views.ts';

const agentOnly: AccessRule = { tier: 'agentOnly' };
const nonTrial: AccessRule = { tier: 'nonTrial', operation: '查看收益设置' };

export async function agentCommissionRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const agentOf = async (request: FastifyRequest) => (await requireSession(ctx, request)).customer.id;

  let loop: { stop(): Promise<void> } | null = null;
  // Under NODE_ENV=test the batch runs only when a test asks (the testing route below).
  app.addHook('onReady', async () => {
    if (ctx.config.env !== 'test') loop = startCommissionLoop(pool, JOB_INTERVAL_MS, app.log, ctx.singletons);
  });
  app.addHook('preClose', async () => {
    await loop?.stop();
  });

  r.get(
    AGENT_COMMISSION_PATHS.commission,
    { config: { access: agentOnly }, schema: { querystring: CommissionQuerySchema, response: { 200: CommissionSummarySchema } } },
    async (request) => commissionSummary(pool, await agentOf(request), request.query),
  );

  r.get(
    AGENT_COMMISSION_PATHS.contracts,
    { config: { access: agentOnly }, schema: { response: { 200: ContractsAnswerSchema } } },
    async (request) => agentContracts(pool, await agentOf(request)),
  );

  r.put(
    AGENT_COMMISSION_PATHS.contract(':memberId', ':kind'),
    { config: { access: agentOnly }, schema: { params: ContractParamsSchema, body: ContractBodySchema, response: { 200: ContractSchema } } },
    async (request) => {
      const agentId = await agentOf(request);
      await assertDirectMember(pool, agentId, request.params.memberId);
      const { after } = await withTransaction(pool, (client) =>
        setContract(client, { kind: 'agent', agentId }, request.params.memberId, request.params.kind, request.body),
      );
      return after;
    },
  );

  r.get(
    AGENT_COMMISSION_PATHS.results,
    { config: { access: agentOnly }, schema: { querystring: BonusResultsQuerySchema, response: { 200: BonusResultListSchema } } },
    async (request) => memberResults(pool, await agentOf(request), request.query.status),
  );

  const decide = (approve: boolean) => async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const agentId = await agentOf(request);
    const found = await resultById(pool, request.params.id);
    if (!found) throw notInTeam();
    await assertDirectMember(pool, agentId, found.customerId);
    await withTransaction(pool, (client) => decideResult(client, found.id, approve, { kind: 'agent', agentId }));
    return { result: (await resultById(pool, found.id))! };
  };
  const decideSchema = { params: ResultIdParamsSchema, response: { 200: ActionAnswerSchema } };
  r.post(AGENT_COMMISSION_PATHS.approve(':id'), { config: { access: agentOnly }, schema: decideSchema }, decide(true));
  r.post(AGENT_COMMISSION_PATHS.reject(':id'), { config: { access: agentOnly }, schema: decideSchema }, decide(false));

  r.get(AGENT_COMMISSION_PATHS.incomeConfig, { config: { access: nonTrial }, schema: { response: { 200: IncomeConfigSchema } } }, async (request) => {
    const session = await requireSession(ctx, request);
    return incomeConfig(pool, session.customer.id, session.customer.prize_group);
  });

  if (ctx.config.env === 'test') {
    // Browser tests: one commission batch (no settle lag) and the bonus job, now.
    r.post(
      AGENT_COMMISSION_PATHS.testRun,
      { schema: { body: z.object({ bonusAt: z.number().int().min(0).max(8_640_000_000_000_000).optional() }).optional(), response: { 200: TestRunAnswerSchema } } },
      async (request) => {
        // Runs of other tests may hold some of the bets: wait for them, and finish any that died.
        const result = await runCommissionBatch(pool, { settleLagMs: 0 });
        await waitForRunsInFlight(pool);
        await runCommissionBatch(pool, { settleLagMs: 0 });
        await runBonusJob(pool, request.body?.bonusAt ?? Date.now());
        return result;
      },
    );
    r.post('/ajax/test/agent-commission/member-bets', { schema: { body: MemberBetsSchema } }, async (request) => createMemberWithBet(pool, request.body));
  }
}
