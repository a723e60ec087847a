// The columns of each report table as CSV: the same figures and Chinese headers as the pages, money
// in 元 with up to four decimals (exact: a 0.0001-元 integer divided by 10,000 prints as its decimal).
import type { DailyRow, DrawTypeRow, ReconciliationRun, SalesFigures } from '../../../shared/backoffice/reports.ts';
import { UNITS_PER_YUAN } from '../../../shared/money.ts';
import type { CsvColumn } from './csv.ts';

const yuan = (amount: number) => amount / UNITS_PER_YUAN;
const percent = (ratio: number | null) => (ratio === null ? null : Math.round(ratio * 1_000_000) / 10_000);

function figureColumns<Row extends SalesFigures>(): CsvColumn<Row>[] {
  return [
    { header: '结算注单数', value: (r) => r.orders },
    { header: '有效投注(元)', value: (r) => yuan(r.turnover) },
    { header: '未结算投注(元)', value: (r) => yuan(r.pendingStake) },
    { header: '派奖(元)', value: (r) => yuan(r.payouts) },
    { header: '返点(元)', value: (r) => yuan(r.rebates) },
    { header: '毛利(元)', value: (r) => yuan(r.grossGamingRevenue) },
    { header: '实际返奖率(%)', value: (r) => percent(r.actualRtp) },
    { header: '理论派奖(元)', value: (r) => yuan(r.expectedPayouts) },
    { header: '理论返奖率(%)', value: (r) => percent(r.theoreticalRtp) },
    { header: '活跃玩家', value: (r) => r.activePlayers },
  ];
}

export type DailyCsvRow = Omit<DailyRow, 'day'> & { day: string };

export const DAILY_COLUMNS: CsvColumn<DailyCsvRow>[] = [
  { header: '日期', value: (r) => r.day },
  ...figureColumns<DailyCsvRow>(),
  { header: '新注册', value: (r) => r.newPlayers },
];

export type DrawTypeCsvRow = SalesFigures & { drawType: string; drawTypeName: string };

export const DRAW_TYPE_COLUMNS: CsvColumn<DrawTypeCsvRow>[] = [
  { header: '彩种代码', value: (r) => r.drawType },
  { header: '彩种', value: (r) => r.drawTypeName },
  ...figureColumns<DrawTypeCsvRow>(),
];

export const RECONCILIATION_COLUMNS: CsvColumn<ReconciliationRun>[] = [
  { header: '编号', value: (r) => r.id },
  { header: '开始时间', value: (r) => r.startedAt },
  { header: '完成时间', value: (r) => r.finishedAt },
  { header: '发起', value: (r) => (r.trigger === 'SCHEDULER' ? '定时任务' : (r.operatorUsername ?? '')) },
  { header: '结果', value: (r) => (r.ok ? '一致' : '不一致') },
  { header: '分录合计(元)', value: (r) => yuan(r.totalOfEntries) },
  { header: '不一致项', value: (r) => r.mismatchCount },
  { header: '不平衡转账', value: (r) => r.mismatches.unbalancedTransfers.join(' ') },
  { header: '余额不符账户', value: (r) => r.mismatches.driftingAccounts.map((a) => a.accountId).join(' ') },
  { header: '负余额账户', value: (r) => r.mismatches.negativeAccounts.join(' ') },
  { header: '无分录转账', value: (r) => r.mismatches.emptyTransfers.join(' ') },
];

export const TOTAL_LABEL = '合计';
