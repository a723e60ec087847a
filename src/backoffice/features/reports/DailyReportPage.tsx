// 日报表: the sales figures per business day of a range, with the range's totals.
import { Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REPORTS_PATHS, type DailyRow } from '../../../shared/backoffice/reports.ts';
import { CsvButton } from './CsvButton.tsx';
import { recentDays } from './format.ts';
import { csvHref, dailyReportQuery, type RangeQuery } from './queries.ts';
import { RangeForm } from './RangeForm.tsx';
import { fieldErrorsOf, ReportQueryState } from './ReportQueryState.tsx';
import { ReportTable, type Column } from './ReportTable.tsx';
import { figureColumns } from './sales-columns.tsx';

const COLUMNS: Column<DailyRow>[] = [
  { key: 'day', header: '日期', cell: (r) => r.day },
  ...figureColumns<DailyRow>(),
  { key: 'new', header: '新注册', numeric: true, cell: (r) => r.newPlayers },
];

export default function DailyReportPage() {
  const [range, setRange] = useState<RangeQuery>(() => recentDays(7));
  const report = useQuery({ ...dailyReportQuery(range), placeholderData: keepPreviousData });

  return (
    <Stack>
      <Title order={2}>日报表</Title>
      <Text c="dimmed" size="sm">
        按销售日（北京时间）汇总；有效投注、派奖与返点只计已结算注单，毛利 = 有效投注 − 派奖 − 返点。
      </Text>
      <Group justify="space-between" align="flex-end">
        <RangeForm value={range} onSubmit={setRange} withDrawType serverErrors={fieldErrorsOf(report.error)} />
        <CsvButton href={csvHref(REPORTS_PATHS.dailyCsv, { ...range })} />
      </Group>
      <ReportQueryState isPending={report.isPending} error={report.error} />
      {report.data && (
        <ReportTable
          caption="日报表"
          columns={COLUMNS}
          rows={report.data.rows}
          rowKey={(r) => r.day}
          total={{ ...report.data.total, day: '' }}
        />
      )}
    </Stack>
  );
}
