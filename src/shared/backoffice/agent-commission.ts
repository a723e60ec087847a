// The back office's 代理佣金与奖金 (issue 19 item 6): every commission run with its per-(agent, member,
// day) detail, stopping a run, primary agents' bonus contracts, and every bonus result (primary
// agents' decided here). Paths under BACKOFFICE_API; amounts in 0.0001 元.
import { z } from 'zod';
import { BONUS_STATUSES } from '../enums.ts';
import { BonusKindSchema, BonusResultSchema, ContractBodySchema, ContractSchema } from '../api/agent-commission.ts';
import { charLength, textRule } from '../validation/field-rule.ts';

export const AGENT_COMMISSION_ADMIN_PATHS = {
  runs: '/agents/commission/runs',
  run: (id: number | string) => `/agents/commission/runs/${id}`,
  stop: (id: number | string) => `/agents/commission/runs/${id}/stop`,
  contracts: '/agents/bonus/contracts',
  contract: (customerId: number | string, kind: string) => `/agents/bonus/contracts/${customerId}/${kind}`,
  results: '/agents/bonus/results',
  approve: (id: number | string) => `/agents/bonus/results/${id}/approve`,
  reject: (id: number | string) => `/agents/bonus/results/${id}/reject`,
} as const;

const idOf = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(Number.MAX_SAFE_INTEGER, { error: message });

export const RUN_NOT_FOUND = '该佣金批次不存在';
export const RunIdParamsSchema = z.object({ id: idOf(RUN_NOT_FOUND) });
export const BonusIdParamsSchema = z.object({ id: idOf('该奖金记录不存在') });
export const AdminContractParamsSchema = z.object({ customerId: idOf('该总代不存在'), kind: BonusKindSchema });

export const RunsQuerySchema = z.object({
  page: z.coerce.number({ error: '页码无效' }).int({ error: '页码无效' }).min(1, { error: '页码无效' }).max(100_000, { error: '页码无效' }).default(1),
  status: z.enum(['RUNNING', 'COMPLETED', 'STOPPED'], { error: '状态无效' }).optional(),
});
export const RUNS_PAGE_SIZE = 50;

export const CommissionRunSchema = z.object({
  id: z.number(),
  status: z.enum(['RUNNING', 'COMPLETED', 'STOPPED']),
  cutoff: z.string(),
  orders: z.number(),
  stake: z.number(),
  transfers: z.number(),
  amount: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  stoppedBy: z.string().nullable(),
  stopReason: z.string().nullable(),
});
export type CommissionRun = z.infer<typeof CommissionRunSchema>;
export const CommissionRunListSchema = z.object({ items: z.array(CommissionRunSchema), total: z.number(), page: z.number() });

export const CommissionRunDetailSchema = z.object({
  run: CommissionRunSchema,
  lines: z.array(
    z.object({
      agentId: z.number(),
      agentUsername: z.string(),
      memberId: z.number(),
      memberUsername: z.string(),
      day: z.string(),
      orders: z.number(),
      stake: z.number(),
      /** null until the run pays (a stopped run never does). */
      commission: z.number().nullable(),
    }),
  ),
});
export type CommissionRunDetail = z.infer<typeof CommissionRunDetailSchema>;

export const reasonRule = textRule({ label: '原因', checks: [{ test: (text) => charLength(text) <= 200, message: '原因最多 200 个字' }] });
export const StopRunBodySchema = z.object({ reason: reasonRule.required });
export const DecideBodySchema = z.object({ reason: reasonRule.optional });

export const PrimaryContractsSchema = z.object({
  items: z.array(z.object({ customerId: z.number(), username: z.string(), prizeGroup: z.number(), contracts: z.array(ContractSchema) })),
});
export const AdminContractBodySchema = ContractBodySchema;

export const AdminResultsQuerySchema = z.object({
  status: z.enum(BONUS_STATUSES, { error: '状态无效' }).optional(),
});
export const AdminBonusResultSchema = BonusResultSchema.extend({ primary: z.boolean() });
export const AdminBonusResultListSchema = z.object({ items: z.array(AdminBonusResultSchema) });
