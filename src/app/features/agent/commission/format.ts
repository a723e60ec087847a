// Display helpers of the commission pages.
import { BONUS_FREQUENCY_NAMES, BONUS_KIND_NAMES, type BonusTier, type Contract } from '../../../../shared/api/agent-commission.ts';
import { formatMoney } from '../../../../shared/money.ts';

/** Basis points as a percentage: 150 → "1.5%". */
export const percent = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;

export const tierText = (t: BonusTier) =>
  `团队投注≥${formatMoney(t.volume)}${t.activeMembers > 0 ? `、活跃≥${t.activeMembers}人` : ''}：${percent(t.rate)}`;

export const contractTitle = (c: Pick<Contract, 'kind' | 'frequency'>) => `${BONUS_KIND_NAMES[c.kind]}（${BONUS_FREQUENCY_NAMES[c.frequency]}）`;

/** Beijing calendar day `daysAgo` days before today. */
export function beijingDay(daysAgo = 0): string {
  return new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}
