import type { VipLevelRules } from '../../../../shared/api/vip.ts';
import { formatMoney } from '../../../../shared/money.ts';

const either = (turnover: number | null, deposits: number | null, verb: string): string | null => {
  const routes = [turnover !== null ? `月有效投注满 ${formatMoney(turnover)}` : null, deposits !== null ? `月充值满 ${formatMoney(deposits)}` : null].filter(Boolean);
  return routes.length === 0 ? null : `${verb}：${routes.join(' 或 ')}`;
};

/** What a level asks and brings, from the operator's rules (GET /ajax/vip). */
export function levelLines(rules: VipLevelRules): string[] {
  if (rules.level === 'NOT_VIP') return ['享受平台全部基础服务', '可参加面向全体会员的活动'];
  const lines = [either(rules.qualifyTurnover, rules.qualifyDeposits, '升级条件'), either(rules.keepTurnover, rules.keepDeposits, '保级条件')];
  if (rules.monthlyBonus > 0) lines.push(`每月礼金 ${formatMoney(rules.monthlyBonus)}（${rules.bonusStakeMultipleBp / 10_000} 倍打码）`);
  if (rules.dailyWithdrawalCount !== null) lines.push(`每日提现 ${rules.dailyWithdrawalCount} 次`);
  if (rules.dailyWithdrawalAmount !== null) lines.push(`每日提现额度 ${formatMoney(rules.dailyWithdrawalAmount)}`);
  return lines.filter((line): line is string => line !== null);
}
