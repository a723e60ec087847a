import type { BonusTier } from '../../../shared/api/agent-commission.ts';
import { formatMoneyGrouped } from '../../../shared/money.ts';

export const percent = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;
export const tierText = (t: BonusTier) => `团队投注≥${formatMoneyGrouped(t.volume)}、活跃≥${t.activeMembers}人：${percent(t.rate)}`;
