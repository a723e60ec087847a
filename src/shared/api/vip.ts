// The VIP programme (issue 22 item 5; docs/campaigns/ranking-and-vip.md): the player's view
// (GET /ajax/vip) and the back office's thresholds, benefits, distribution and bonus runs.
import { z } from 'zod';
import { VIP_LEVELS } from '../enums.ts';
import { reasonText } from '../backoffice/auth.ts';

export const VIP_PATHS = { overview: '/ajax/vip' } as const;
export const VIP_ADMIN_PATHS = {
  levels: '/vip/levels',
  level: (level: string) => `/vip/levels/${level}`,
  distribution: '/vip/distribution',
  bonusRuns: '/vip/bonus-runs',
  run: '/vip/run',
} as const;

const Money = z.number().int();
const VipLevelSchema = z.enum(VIP_LEVELS);

/** One level's rules: how it is reached and kept (either figure of a calendar month) and what it brings. */
export const VipLevelRulesSchema = z.object({
  level: VipLevelSchema,
  rank: z.number().int(),
  qualifyTurnover: Money.nullable(),
  qualifyDeposits: Money.nullable(),
  keepTurnover: Money.nullable(),
  keepDeposits: Money.nullable(),
  monthlyBonus: Money,
  bonusStakeMultipleBp: z.number().int(),
  dailyWithdrawalCount: z.number().int().nullable(),
  dailyWithdrawalAmount: Money.nullable(),
});
export type VipLevelRules = z.infer<typeof VipLevelRulesSchema>;

export const VipProgressSchema = z.object({
  nextLevel: VipLevelSchema.nullable(),
  /** 0–100: the better of the two routes (turnover or deposits) towards the next level. */
  percent: z.number().int().min(0).max(100),
  turnoverNeeded: Money.nullable(),
  depositsNeeded: Money.nullable(),
});

export const VipOverviewSchema = z.object({
  level: VipLevelSchema,
  /** The running calendar month (Asia/Shanghai), e.g. 2026-11. */
  month: z.string(),
  turnover: Money,
  deposits: Money,
  progress: VipProgressSchema,
  levels: z.array(VipLevelRulesSchema),
  bonuses: z.array(z.object({ month: z.string(), level: VipLevelSchema, amount: Money, paidAt: z.string() })),
});
export type VipOverview = z.infer<typeof VipOverviewSchema>;

const optionalMoney = (label: string) =>
  z
    .number({ error: `${label}必须为数字` })
    .int({ error: `${label}必须为整数单位` })
    .min(1, { error: `${label}必须大于 0` })
    .max(1_000_000_000_000, { error: `${label}过大` })
    .nullable();

export const VipLevelUpdateSchema = z.object({
  qualifyTurnover: optionalMoney('升级流水'),
  qualifyDeposits: optionalMoney('升级充值'),
  keepTurnover: optionalMoney('保级流水'),
  keepDeposits: optionalMoney('保级充值'),
  monthlyBonus: z.number({ error: '月礼金必须为数字' }).int({ error: '月礼金必须为整数单位' }).min(0, { error: '月礼金不能为负数' }).max(100_000_000_000, { error: '月礼金过大' }),
  bonusStakeMultipleBp: z.number({ error: '打码倍数必须为数字' }).int({ error: '打码倍数必须为整数' }).min(0, { error: '打码倍数不能为负数' }).max(1_000_000, { error: '打码倍数过大' }),
  dailyWithdrawalCount: z.number({ error: '每日提现次数必须为数字' }).int({ error: '每日提现次数必须为整数' }).min(1, { error: '每日提现次数必须大于 0' }).max(1000, { error: '每日提现次数过大' }).nullable(),
  dailyWithdrawalAmount: optionalMoney('每日提现额度'),
  reason: reasonText,
});
export type VipLevelUpdate = z.infer<typeof VipLevelUpdateSchema>;
export const VipLevelParamsSchema = z.object({ level: z.enum(['VIP_1', 'VIP_2'], { error: '请选择有效的 VIP 等级' }) });

export const VipAdminLevelsSchema = z.object({ levels: z.array(VipLevelRulesSchema) });
export const VipDistributionSchema = z.object({ levels: z.array(z.object({ level: VipLevelSchema, customers: z.number().int() })) });
export const VipBonusRunsSchema = z.object({
  runs: z.array(z.object({ month: z.string(), level: VipLevelSchema, customers: z.number().int(), total: Money })),
});
export const VipRunResultSchema = z.object({ evaluated: z.number().int(), upgraded: z.number().int(), bonusesPaid: z.number().int() });
export const VipRunBodySchema = z.object({ reason: reasonText });

/** The levels' names as players see them (badge, notices, /account/vip). */
export const VIP_LEVEL_NAMES: Record<(typeof VIP_LEVELS)[number], string> = { NOT_VIP: '普通会员', VIP_1: 'VIP1', VIP_2: 'VIP2' };
