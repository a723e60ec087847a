// The daily cash report as CSV: the page's columns and Chinese headers, money in 元 (exact decimals).
import type { CashRow } from '../../../shared/backoffice/finance-reports.ts';
import { UNITS_PER_YUAN } from '../../../shared/money.ts';
import type { CsvColumn } from '../reports/csv.ts';

const yuan = (amount: number) => amount / UNITS_PER_YUAN;

export type CashCsvRow = Omit<CashRow, 'heldAtDayEnd'> & { heldAtDayEnd: number | null };

export const CASH_COLUMNS: CsvColumn<CashCsvRow>[] = [
  { header: '日期', value: (r) => r.day },
  { header: '充值笔数', value: (r) => r.depositCount },
  { header: '充值入账(元)', value: (r) => yuan(r.depositAmount) },
  { header: '充值手续费(元)', value: (r) => yuan(r.depositFees) },
  { header: '提现申请笔数', value: (r) => r.requestedCount },
  { header: '提现申请(元)', value: (r) => yuan(r.requestedAmount) },
  { header: '提现出款笔数', value: (r) => r.withdrawalCount },
  { header: '提现出款(元)', value: (r) => yuan(r.withdrawalAmount) },
  { header: '提现手续费(元)', value: (r) => yuan(r.withdrawalFees) },
  { header: '提现退回笔数', value: (r) => r.returnedCount },
  { header: '提现退回(元)', value: (r) => yuan(r.returnedAmount) },
  { header: '日终冻结(元)', value: (r) => (r.heldAtDayEnd === null ? null : yuan(r.heldAtDayEnd)) },
  { header: '人工加款(元)', value: (r) => yuan(r.manualCredits) },
  { header: '人工扣款(元)', value: (r) => yuan(r.manualDebits) },
  { header: '现金净流入(元)', value: (r) => yuan(r.netCashFlow) },
];
