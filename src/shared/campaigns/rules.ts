// Campaign rules shared by the server, the PWA and the back office (docs/campaigns/campaigns.md): the
// rule parameters of each claim subtype (a zod union discriminated by subtype), the reward and how
// often a customer may claim. RED_PACKET campaigns live in their own tables (red packets), not here.
import { z } from 'zod';
import type { CampaignClaimSubtype } from '../enums.ts';
import type { Money } from '../money.ts';

export const CAMPAIGN_SUBTYPES = [
  'REGISTER', 'FIRST_DEPOSIT', 'DEPOSIT_AGAIN', 'RANGED_DEPOSIT', 'DAILY_DEPOSIT', 'WEEKLY_DEPOSIT', 'EVERY_DEPOSIT',
  'DAILY_BET', 'WEEKLY_BET', 'MONTHLY_BET', 'LIMITED_BET', 'FIRST_LOSS_COMPENSATION', 'LOGIN', 'MISSION', 'MANUAL', 'PROMOTION',
] as const satisfies readonly Exclude<CampaignClaimSubtype, 'RED_PACKET'>[];
export type CampaignSubtype = (typeof CAMPAIGN_SUBTYPES)[number];

export const SUBTYPE_LABELS: Record<CampaignSubtype, string> = {
  REGISTER: '注册礼金',
  FIRST_DEPOSIT: '首充优惠',
  DEPOSIT_AGAIN: '二次充值',
  RANGED_DEPOSIT: '充值区间',
  DAILY_DEPOSIT: '每日充值',
  WEEKLY_DEPOSIT: '每周充值',
  EVERY_DEPOSIT: '每笔充值',
  DAILY_BET: '每日投注',
  WEEKLY_BET: '每周投注',
  MONTHLY_BET: '每月投注',
  LIMITED_BET: '指定彩种投注',
  FIRST_LOSS_COMPENSATION: '首亏补偿',
  LOGIN: '登录有礼',
  MISSION: '任务活动',
  MANUAL: '人工派发',
  PROMOTION: '推广活动',
};

/** How often one customer may claim: once, once per Beijing day/week/month, or once per deposit. */
export const CLAIM_LIMITS = ['ONCE', 'DAILY', 'WEEKLY', 'MONTHLY', 'PER_DEPOSIT'] as const;
export type ClaimLimit = (typeof CLAIM_LIMITS)[number];
export const CLAIM_LIMIT_LABELS: Record<ClaimLimit, string> = {
  ONCE: '每人一次',
  DAILY: '每天一次',
  WEEKLY: '每周一次',
  MONTHLY: '每月一次',
  PER_DEPOSIT: '每笔充值一次',
};

export const RULE_MESSAGES = {
  amount: '金额必须是大于 0 的整数单位',
  tiers: '请至少设置一个充值区间',
  tierOrder: '区间的最低金额不能大于最高金额',
  drawTypes: '请至少选择一个彩种',
  days: '天数必须在 1 到 31 之间',
  mission: '任务至少需要一个条件',
  rate: '比例必须在 0.01% 到 1000% 之间',
} as const;

const amount = z.number({ error: RULE_MESSAGES.amount }).int(RULE_MESSAGES.amount).positive(RULE_MESSAGES.amount).max(1e13, RULE_MESSAGES.amount);
const days = z.number({ error: RULE_MESSAGES.days }).int(RULE_MESSAGES.days).min(1, RULE_MESSAGES.days).max(31, RULE_MESSAGES.days);
const rangedLimit = z.enum(['ONCE', 'DAILY']).default('ONCE');

export const RangedTierSchema = z
  .object({ minDeposit: amount, maxDeposit: amount, bonus: amount })
  .refine((tier) => tier.minDeposit <= tier.maxDeposit, { message: RULE_MESSAGES.tierOrder });
export type RangedTier = z.infer<typeof RangedTierSchema>;

export const CampaignRulesSchema = z.discriminatedUnion('subtype', [
  z.object({ subtype: z.literal('REGISTER') }),
  z.object({ subtype: z.literal('FIRST_DEPOSIT'), minDeposit: amount }),
  z.object({ subtype: z.literal('DEPOSIT_AGAIN'), minDeposit: amount }),
  z.object({ subtype: z.literal('RANGED_DEPOSIT'), tiers: z.array(RangedTierSchema).min(1, RULE_MESSAGES.tiers).max(10), claimLimit: rangedLimit }),
  z.object({ subtype: z.literal('DAILY_DEPOSIT'), minTotal: amount }),
  z.object({ subtype: z.literal('WEEKLY_DEPOSIT'), minTotal: amount }),
  z.object({ subtype: z.literal('EVERY_DEPOSIT'), minDeposit: amount }),
  z.object({ subtype: z.literal('DAILY_BET'), minTurnover: amount }),
  z.object({ subtype: z.literal('WEEKLY_BET'), minTurnover: amount }),
  z.object({ subtype: z.literal('MONTHLY_BET'), minTurnover: amount }),
  z.object({
    subtype: z.literal('LIMITED_BET'),
    minTurnover: amount,
    drawTypes: z.array(z.string().regex(/^[A-Z0-9_]{1,32}$/, RULE_MESSAGES.drawTypes)).min(1, RULE_MESSAGES.drawTypes).max(50),
  }),
  z.object({ subtype: z.literal('FIRST_LOSS_COMPENSATION'), days, minLoss: amount }),
  z.object({ subtype: z.literal('LOGIN'), days }),
  z
    .object({ subtype: z.literal('MISSION'), minOrders: z.number().int().min(0).max(100_000).default(0), minDeposit: z.number().int().min(0).max(1e13).default(0) })
    .refine((m) => m.minOrders > 0 || m.minDeposit > 0, { message: RULE_MESSAGES.mission }),
  z.object({ subtype: z.literal('MANUAL') }),
  z.object({ subtype: z.literal('PROMOTION') }),
]);
export type CampaignRules = z.infer<typeof CampaignRulesSchema>;

export const RewardSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('FIXED'), amount }),
  /** rateBp of the qualifying amount (10000 = 100 %), at most `cap`. */
  z.object({ kind: z.literal('PERCENT'), rateBp: z.number({ error: RULE_MESSAGES.rate }).int(RULE_MESSAGES.rate).min(1, RULE_MESSAGES.rate).max(100_000, RULE_MESSAGES.rate), cap: amount }),
]);
export type Reward = z.infer<typeof RewardSchema>;

export function claimLimitOf(rules: CampaignRules): ClaimLimit {
  switch (rules.subtype) {
    case 'DAILY_DEPOSIT':
    case 'DAILY_BET':
      return 'DAILY';
    case 'WEEKLY_DEPOSIT':
    case 'WEEKLY_BET':
      return 'WEEKLY';
    case 'MONTHLY_BET':
      return 'MONTHLY';
    case 'EVERY_DEPOSIT':
      return 'PER_DEPOSIT';
    case 'RANGED_DEPOSIT':
      return rules.claimLimit;
    default:
      return 'ONCE';
  }
}

/** The bonus for a qualifying amount, floored to 0.0001 元; RANGED_DEPOSIT pays its tier's bonus instead. */
export function rewardFor(reward: Reward, qualifying: Money): Money {
  if (reward.kind === 'FIXED') return reward.amount;
  return Math.min(reward.cap, Math.floor((qualifying * reward.rateBp) / 10_000));
}

/** The RANGED_DEPOSIT tier a deposit falls in (the first that matches), or null. */
export function tierFor(tiers: readonly RangedTier[], deposit: Money): RangedTier | null {
  return tiers.find((tier) => deposit >= tier.minDeposit && deposit <= tier.maxDeposit) ?? null;
}

/** Subtypes whose reward may be a percentage of what qualified (a deposit, turnover, a loss). */
export function percentAllowed(subtype: CampaignSubtype): boolean {
  return !['REGISTER', 'LOGIN', 'MANUAL', 'PROMOTION', 'RANGED_DEPOSIT'].includes(subtype);
}
