// The rules of a campaign in plain Chinese lines (the detail overlay and the back office's preview).
import { formatMoney } from '../money.ts';
import { CLAIM_LIMIT_LABELS, claimLimitOf, type CampaignRules, type Reward } from './rules.ts';

const bp = (value: number) => `${(value / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

function condition(rules: CampaignRules): string {
  switch (rules.subtype) {
    case 'REGISTER': return '活动期间注册的新会员';
    case 'FIRST_DEPOSIT': return `活动期间首次充值满 ${formatMoney(rules.minDeposit)}`;
    case 'DEPOSIT_AGAIN': return `活动期间第二次充值满 ${formatMoney(rules.minDeposit)}`;
    case 'RANGED_DEPOSIT':
      return `单笔充值：${rules.tiers.map((t) => `${formatMoney(t.minDeposit)}~${formatMoney(t.maxDeposit)} 送 ${formatMoney(t.bonus)}`).join('；')}`;
    case 'DAILY_DEPOSIT': return `当日累计充值满 ${formatMoney(rules.minTotal)}`;
    case 'WEEKLY_DEPOSIT': return `本周累计充值满 ${formatMoney(rules.minTotal)}`;
    case 'EVERY_DEPOSIT': return `每笔充值满 ${formatMoney(rules.minDeposit)}`;
    case 'DAILY_BET': return `当日有效投注满 ${formatMoney(rules.minTurnover)}`;
    case 'WEEKLY_BET': return `本周有效投注满 ${formatMoney(rules.minTurnover)}`;
    case 'MONTHLY_BET': return `本月有效投注满 ${formatMoney(rules.minTurnover)}`;
    case 'LIMITED_BET': return `活动期间指定彩种（${rules.drawTypes.join('、')}）有效投注满 ${formatMoney(rules.minTurnover)}`;
    case 'FIRST_LOSS_COMPENSATION': return `首次充值后 ${rules.days} 天内净亏损满 ${formatMoney(rules.minLoss)}`;
    case 'LOGIN': return `活动期间累计登录 ${rules.days} 天`;
    case 'MISSION': {
      const parts = [rules.minOrders > 0 ? `投注 ${rules.minOrders} 单` : null, rules.minDeposit > 0 ? `累计充值 ${formatMoney(rules.minDeposit)}` : null];
      return `活动期间完成任务：${parts.filter(Boolean).join('，')}`;
    }
    case 'MANUAL':
    case 'PROMOTION': return '名单内的会员';
  }
}

export function rewardText(reward: Reward, subtype: CampaignRules['subtype']): string {
  if (subtype === 'RANGED_DEPOSIT') return '按充值区间赠送';
  if (reward.kind === 'FIXED') return `奖励 ${formatMoney(reward.amount)}`;
  return `奖励 ${bp(reward.rateBp)}，最高 ${formatMoney(reward.cap)}`;
}

export function ruleLines(input: { rules: CampaignRules; reward: Reward; stakeMultipleBp: number; needsApproval: boolean }): string[] {
  return [
    `参与条件：${condition(input.rules)}`,
    rewardText(input.reward, input.rules.subtype),
    `领取次数：${CLAIM_LIMIT_LABELS[claimLimitOf(input.rules)]}`,
    `打码要求：奖励金额的 ${(input.stakeMultipleBp / 10_000).toFixed(2).replace(/\.?0+$/, '')} 倍流水后方可提现`,
    input.needsApproval ? '领取后需经审核，审核通过后发放' : '领取后立即到账',
  ];
}
