// The bonus cost per campaign: claims paid, their amount and the required stake they added, what
// waits for approval and what was rejected.
import type { ReportRow } from '../../../shared/api/campaigns.ts';
import { SUBTYPE_LABELS } from '../../../shared/campaigns/rules.ts';
import { formatYuan } from '../../../shared/money.ts';
import type { Queryable } from '../../db/pool.ts';
import type { CsvColumn } from '../reports/csv.ts';

export async function bonusCostReport(db: Queryable): Promise<ReportRow[]> {
  const found = await db.query<ReportRow>(
    `SELECT c.id AS "campaignId", c.title, c.subtype, c.budget,
            count(*) FILTER (WHERE cc.status = 'PAID')::int AS "claimsPaid",
            coalesce(sum(cc.amount) FILTER (WHERE cc.status = 'PAID'), 0)::bigint AS "amountPaid",
            coalesce(sum(cc.required_stake) FILTER (WHERE cc.status = 'PAID'), 0)::bigint AS "requiredStakeAdded",
            count(*) FILTER (WHERE cc.status = 'WAITING_FOR_APPROVAL')::int AS "claimsPending",
            coalesce(sum(cc.amount) FILTER (WHERE cc.status = 'WAITING_FOR_APPROVAL'), 0)::bigint AS "amountPending",
            count(*) FILTER (WHERE cc.status = 'REJECTED')::int AS "claimsRejected"
       FROM campaigns c LEFT JOIN campaign_claims cc ON cc.campaign_id = c.id
      GROUP BY c.id ORDER BY c.id DESC LIMIT 1000`,
  );
  return found.rows;
}

const money = (amount: number | null) => (amount === null ? null : formatYuan(amount));

export const REPORT_COLUMNS: readonly CsvColumn<ReportRow>[] = [
  { header: '活动编号', value: (r) => r.campaignId },
  { header: '活动标题', value: (r) => r.title },
  { header: '类型', value: (r) => SUBTYPE_LABELS[r.subtype] },
  { header: '已派发笔数', value: (r) => r.claimsPaid },
  { header: '已派发金额', value: (r) => money(r.amountPaid) },
  { header: '新增打码量', value: (r) => money(r.requiredStakeAdded) },
  { header: '待审核笔数', value: (r) => r.claimsPending },
  { header: '待审核金额', value: (r) => money(r.amountPending) },
  { header: '已拒绝笔数', value: (r) => r.claimsRejected },
  { header: '预算', value: (r) => money(r.budget) },
];
