// 日现金报表: per Beijing day, deposits credited, withdrawals requested, paid and returned, the money
// held for withdrawals at day end, manual adjustments and the net cash flow — all from the ledger.
import { Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CashRow } from '../../../shared/backoffice/finance-reports.ts';
import { CsvButton } from '../reports/CsvButton.tsx';
import { money, recentDays } from '../reports/format.ts';
import { RangeForm } from '../reports/RangeForm.tsx';
import { fieldErrorsOf, ReportQueryState } from '../reports/ReportQueryState.tsx';
import { ReportTable, type Column } from '../reports/ReportTable.tsx';
import { cashCsvHref, cashReportQuery, type CashRange } from './queries.ts';

type Row = Omit<CashRow, 'heldAtDayEnd'> & { heldAtDayEnd: number | null };

const amount = (pick: (r: Row) => number) => (r: Row) => money(pick(r));

const COLUMNS: Column<Row>[] = [
  { key: 'day', header: '日期', cell: (r) => r.day },
  { key: 'depositCount', header: '充值笔数', numeric: true, cell: (r) => r.depositCount },
  { key: 'depositAmount', header: '充值入账', numeric: true, cell: amount((r) => r.depositAmount) },
  { key: 'depositFees', header: '充值手续费', numeric: true, cell: amount((r) => r.depositFees) },
  { key: 'requestedCount', header: '提现申请笔数', numeric: true, cell: (r) => r.requestedCount },
  { key: 'requestedAmount', header: '提现申请', numeric: true, cell: amount((r) => r.requestedAmount) },
  { key: 'withdrawalCount', header: '出款笔数', numeric: true, cell: (r) => r.withdrawalCount },
  { key: 'withdrawalAmount', header: '出款', numeric: true, cell: amount((r) => r.withdrawalAmount) },
  { key: 'withdrawalFees', header: '提现手续费', numeric: true, cell: amount((r) => r.withdrawalFees) },
  { key: 'returnedCount', header: '退回笔数', numeric: true, cell: (r) => r.returnedCount },
  { key: 'returnedAmount', header: '提现退回', numeric: true, cell: amount((r) => r.returnedAmount) },
  { key: 'held', header: '日终冻结', numeric: true, cell: (r) => (r.heldAtDayEnd === null ? '' : money(r.heldAtDayEnd)) },
  { key: 'manualCredits', header: '人工加款', numeric: true, cell: amount((r) => r.manualCredits) },
  { key: 'manualDebits', header: '人工扣款', numeric: true, cell: amount((r) => r.manualDebits) },
  { key: 'net', header: '现金净流入', numeric: true, cell: amount((r) => r.netCashFlow) },
];

export default function CashReportPage() {
  const [range, setRange] = useState<CashRange>(() => recentDays(7));
  const report = useQuery({ ...cashReportQuery(range), placeholderData: keepPreviousData });
  return (
    <Stack>
      <Title order={2}>日现金报表</Title>
      <Text c="dimmed" size="sm">
        按北京时间自然日汇总，全部取自账本：充值入账为玩家到账金额；出款为从冻结中付出的金额（含手续费）；日终冻结为当日结束时仍在审核或出款中的提现；现金净流入 = 收到的充值 − 付出的出款。
      </Text>
      <Group justify="space-between" align="flex-end">
        <RangeForm value={range} onSubmit={(next) => setRange({ from: next.from, to: next.to })} serverErrors={fieldErrorsOf(report.error)} />
        <CsvButton href={cashCsvHref(range)} />
      </Group>
      <ReportQueryState isPending={report.isPending} error={report.error} />
      {report.data && (
        <ReportTable caption="日现金报表" columns={COLUMNS} rows={report.data.rows} rowKey={(r) => r.day} total={{ ...report.data.total, day: '', heldAtDayEnd: null }} />
      )}
    </Stack>
  );
}
