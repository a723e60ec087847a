// The agent centre's commission and bonuses (issue 19 item 6): level-difference commission, bonus
// contracts (日工资 DW / 分红 BON) and the income config. Paths, bodies and answers shared by the PWA
// and the server. Amounts are integers of 0.0001 元; rates are basis points (1 = 0.01 %); days are
// Beijing calendar days 'YYYY-MM-DD'.
import { z } from 'zod';
import { BONUS_FREQUENCIES, BONUS_STATUSES } from '../enums.ts';
import { calendarDate } from '../validation/calendar-date.ts';
import { PRIZE_GROUP_MAX } from '../agent/prize-groups.ts';

export const AGENT_COMMISSION_PATHS = {
  commission: '/ajax/agent/commission',
  contracts: '/ajax/agent/bonus/contracts',
  contract: (memberId: number | string, kind: string) => `/ajax/agent/bonus/contracts/${memberId}/${kind}`,
  results: '/ajax/agent/bonus/results',
  approve: (id: number | string) => `/ajax/agent/bonus/results/${id}/approve`,
  reject: (id: number | string) => `/ajax/agent/bonus/results/${id}/reject`,
  incomeConfig: '/ajax/income-config',
  testRun: '/ajax/test/agent-commission/run',
} as const;

export const BONUS_KINDS = ['DW', 'BON'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];
export const BONUS_KIND_NAMES: Record<BonusKind, string> = { DW: '日工资', BON: '分红' };
export const BONUS_FREQUENCY_NAMES: Record<(typeof BONUS_FREQUENCIES)[number], string> = {
  DAILY: '每日',
  SEMI_MONTHLY: '每半月',
  MONTHLY: '每月',
};
export const BONUS_STATUS_NAMES: Record<(typeof BONUS_STATUSES)[number], string> = {
  PAID: '已发放',
  REJECTED: '已拒绝',
  WAITING_FOR_APPROVAL: '待审核',
  NOT_ACHIEVED: '未达标',
};
export const COMMISSION_RUN_STATUS_NAMES = { RUNNING: '进行中', COMPLETED: '已发放', STOPPED: '已停止' } as const;
export type CommissionRunStatus = keyof typeof COMMISSION_RUN_STATUS_NAMES;

/** What a basis-point rate may be: 日工资 is a share of volume, 分红 a share of the team's loss. */
export const MAX_RATE_BP: Record<BonusKind, number> = { DW: 300, BON: 5000 };
export const MAX_TIERS = 10;
/** A tier's volume threshold: at most 10 亿元. */
const MAX_VOLUME = 100_000_000_000_000;

export const DATE_MESSAGE = '请选择有效的日期';
export const RANGE_ORDER_MESSAGE = '开始日期不能晚于结束日期';
const dateField = calendarDate(DATE_MESSAGE).optional();

export const CommissionQuerySchema = z
  .object({ from: dateField, to: dateField })
  .refine((q) => !(q.from && q.to && q.from > q.to), { message: RANGE_ORDER_MESSAGE, path: ['from'] });
export type CommissionQuery = z.infer<typeof CommissionQuerySchema>;

export const CommissionSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({ stake: z.number(), commission: z.number(), orders: z.number() }),
  members: z.array(z.object({ memberId: z.number(), username: z.string(), orders: z.number(), stake: z.number(), commission: z.number() })),
  runs: z.array(
    z.object({ runId: z.number(), status: z.enum(['RUNNING', 'COMPLETED', 'STOPPED']), finishedAt: z.string().nullable(), stake: z.number(), commission: z.number() }),
  ),
});
export type CommissionSummary = z.infer<typeof CommissionSummarySchema>;

const RATE_MESSAGE = '比例须为 0.01% 至上限之间';
export const BonusTierSchema = z.object({
  /** The team's settled bet volume needed in the period (0.0001 元). */
  volume: z.number({ error: '请输入有效的团队投注额' }).int({ error: '请输入有效的团队投注额' }).min(0, { error: '请输入有效的团队投注额' }).max(MAX_VOLUME, { error: '团队投注额过大' }),
  /** Members of the team with a settled bet in the period. */
  activeMembers: z.number({ error: '请输入有效的活跃人数' }).int({ error: '请输入有效的活跃人数' }).min(0, { error: '请输入有效的活跃人数' }).max(100_000, { error: '活跃人数过大' }),
  rate: z.number({ error: RATE_MESSAGE }).int({ error: RATE_MESSAGE }).min(1, { error: RATE_MESSAGE }).max(10_000, { error: RATE_MESSAGE }),
});
export type BonusTier = z.infer<typeof BonusTierSchema>;

export const BonusKindSchema = z.enum(BONUS_KINDS, { error: '奖金类型无效' });

export const ContractBodySchema = z.object({
  frequency: z.enum(BONUS_FREQUENCIES, { error: '请选择发放周期' }),
  tiers: z
    .array(BonusTierSchema, { error: '请设置档位' })
    .min(1, { error: '至少设置一个档位' })
    .max(MAX_TIERS, { error: `最多 ${MAX_TIERS} 个档位` })
    .refine((tiers) => tiers.every((t, i) => i === 0 || (t.volume >= tiers[i - 1]!.volume && t.activeMembers >= tiers[i - 1]!.activeMembers && t.rate > tiers[i - 1]!.rate)), {
      message: '档位须按门槛从低到高排列，比例逐档提高',
    }),
});
export type ContractBody = z.infer<typeof ContractBodySchema>;

/** A contract's rates may not exceed its kind's ceiling (checked with the kind known). */
export function tiersWithinCeiling(kind: BonusKind, tiers: readonly BonusTier[]): boolean {
  return tiers.every((t) => t.rate <= MAX_RATE_BP[kind]);
}

/** The rate a contract gives at a period's figures: the best tier reached, 0 when none. */
export function rateAt(tiers: readonly BonusTier[], volume: number, activeMembers: number): number {
  let rate = 0;
  for (const t of tiers) if (volume >= t.volume && activeMembers >= t.activeMembers && t.rate > rate) rate = t.rate;
  return rate;
}

/**
 * Never more generous than the upline's own: at every tier's threshold the member's rate is at most
 * what the upline's contract gives there (both rate functions only step up at their tiers, so
 * checking the member's tier points is enough).
 */
export function withinOwnContract(member: readonly BonusTier[], own: readonly BonusTier[]): boolean {
  return member.every((t) => t.rate <= rateAt(own, t.volume, t.activeMembers));
}

export const ContractSchema = z.object({
  id: z.number(),
  customerId: z.number(),
  username: z.string(),
  kind: z.enum(BONUS_KINDS),
  frequency: z.enum(BONUS_FREQUENCIES),
  tiers: z.array(BonusTierSchema),
  updatedAt: z.string(),
});
export type Contract = z.infer<typeof ContractSchema>;

export const ContractsAnswerSchema = z.object({
  /** My own contracts (what bounds the ones I set). */
  own: z.array(ContractSchema),
  members: z.array(z.object({ memberId: z.number(), username: z.string(), type: z.string(), contracts: z.array(ContractSchema) })),
});
export type ContractsAnswer = z.infer<typeof ContractsAnswerSchema>;

export const BonusResultSchema = z.object({
  id: z.number(),
  customerId: z.number(),
  username: z.string(),
  kind: z.enum(BONUS_KINDS),
  frequency: z.enum(BONUS_FREQUENCIES),
  periodStart: z.string(),
  periodEnd: z.string(),
  teamVolume: z.number(),
  activeMembers: z.number(),
  teamLoss: z.number(),
  rate: z.number(),
  /** rate × the team's figure (团队应得). */
  grossAmount: z.number(),
  /** The gross of the direct members' contracts of the same kind and frequency (下级契约扣除). */
  memberDeduction: z.number(),
  /** What is paid: grossAmount − memberDeduction, never below 0 (level difference). */
  amount: z.number(),
  status: z.enum(BONUS_STATUSES),
  decidedAt: z.string().nullable(),
});
export type BonusResult = z.infer<typeof BonusResultSchema>;

export const BonusResultsQuerySchema = z.object({
  status: z.enum(BONUS_STATUSES, { error: '状态无效' }).optional(),
});
export const BonusResultListSchema = z.object({ items: z.array(BonusResultSchema) });

const RESULT_MESSAGE = '该奖金记录不存在';
export const ResultIdParamsSchema = z.object({
  id: z.coerce.number({ error: RESULT_MESSAGE }).int({ error: RESULT_MESSAGE }).min(1, { error: RESULT_MESSAGE }).max(Number.MAX_SAFE_INTEGER, { error: RESULT_MESSAGE }),
});
const MEMBER_MESSAGE = '该会员不存在或不在您的团队中';
export const ContractParamsSchema = z.object({
  memberId: z.coerce.number({ error: MEMBER_MESSAGE }).int({ error: MEMBER_MESSAGE }).min(1, { error: MEMBER_MESSAGE }).max(Number.MAX_SAFE_INTEGER, { error: MEMBER_MESSAGE }),
  kind: BonusKindSchema,
});

/** Prize-group categories and their top group (mirrors the lottery limits' defaults). */
export const REBATE_CATEGORIES = [
  { category: 'SSC', name: '时时彩', min: 1700, max: 1960 },
  { category: 'TAKE_5_OF_11', name: '11选5', min: 1700, max: 1960 },
  { category: 'PK10', name: 'PK拾', min: 1700, max: 1960 },
  { category: 'QUICK_3', name: '快3', min: 1700, max: 1960 },
  { category: 'THREE_D', name: '3D/排列', min: 1700, max: 1800 },
] as const;

/** A category's figures for a customer's group: top bet group, and the rebate betting at the lowest. */
export function categoryRebate(prizeGroup: number, category: { min: number; max: number }) {
  const topGroup = Math.min(prizeGroup, category.max);
  return { topGroup, maxRebatePercent: Math.max(0, prizeGroup - category.min) / 20 };
}

export const IncomeConfigSchema = z.object({
  prizeGroup: z.number(),
  platformTop: z.literal(PRIZE_GROUP_MAX),
  categories: z.array(z.object({ category: z.string(), name: z.string(), topGroup: z.number(), maxRebatePercent: z.number() })),
  contracts: z.array(ContractSchema),
  results: z.array(BonusResultSchema),
});
export type IncomeConfig = z.infer<typeof IncomeConfigSchema>;

export const ActionAnswerSchema = z.object({ result: BonusResultSchema });
export const TestRunAnswerSchema = z.object({ runId: z.number(), status: z.string(), orders: z.number(), transfers: z.number(), amount: z.number() });
