// 彩种报表: the sales figures of a range per draw type, with the range's totals.
import { Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REPORTS_PATHS, type DrawTypeRow } from '../../../shared/backoffice/reports.ts';
import { CsvButton } from './CsvButton.tsx';
import { recentDays } from './format.ts';
import { csvHref, drawTypeReportQuery, type RangeQuery } from './queries.ts';
import { RangeForm } from './RangeForm.tsx';
import { fieldErrorsOf, ReportQueryState } from './ReportQueryState.tsx';
import { ReportTable, type Column } from './ReportTable.tsx';
import { figureColumns } from './sales-columns.tsx';

const COLUMNS: Column<DrawTypeRow>[] = [
  { key: 'drawType', header: '彩种', cell: (r) => r.drawTypeName },
  ...figureColumns<DrawTypeRow>(),
];

export default function DrawTypeReportPage() {
  const [range, setRange] = useState<RangeQuery>(() => recentDays(7));
  const report = useQuery({ ...drawTypeReportQuery(range), placeholderData: keepPreviousData });

  return (
    <Stack>
      <Title order={2}>彩种报表</Title>
      <Text c="dimmed" size="sm">
        所选销售日内各彩种的汇总，按有效投注从高到低排列；活跃玩家按彩种分别去重，合计行为全部彩种去重。
      </Text>
      <Group justify="space-between" align="flex-end">
        <RangeForm value={range} onSubmit={setRange} serverErrors={fieldErrorsOf(report.error)} />
        <CsvButton href={csvHref(REPORTS_PATHS.drawTypesCsv, { from: range.from, to: range.to })} />
      </Group>
      <ReportQueryState isPending={report.isPending} error={report.error} />
      {report.data && (
        <ReportTable
          caption="彩种报表"
          columns={COLUMNS}
          rows={report.data.rows}
          rowKey={(r) => r.drawType}
          pageSize={20}
          total={{ ...report.data.total, drawType: '', drawTypeName: '' }}
        />
      )}
    </Stack>
  );
}
