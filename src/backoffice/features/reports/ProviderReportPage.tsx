// 第三方报表: per provider, the settled bet records pulled from it and the transfers to and from its
// wallets over a range of days, with the range's totals.
import { Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProviderReportRow } from '../../../shared/backoffice/reports.ts';
import { money, recentDays } from './format.ts';
import { providerReportQuery, type RangeQuery } from './queries.ts';
import { RangeForm } from './RangeForm.tsx';
import { fieldErrorsOf, ReportQueryState } from './ReportQueryState.tsx';
import { ReportTable, type Column } from './ReportTable.tsx';

const COLUMNS: Column<ProviderReportRow>[] = [
  { key: 'provider', header: '服务商', cell: (r) => r.provider },
  { key: 'records', header: '结算注单数', numeric: true, cell: (r) => r.records },
  { key: 'stake', header: '投注', numeric: true, cell: (r) => money(r.stake) },
  { key: 'validStake', header: '有效投注', numeric: true, cell: (r) => money(r.validStake) },
  { key: 'payout', header: '派彩', numeric: true, cell: (r) => money(r.payout) },
  { key: 'playerLoss', header: '毛利', numeric: true, cell: (r) => money(r.playerLoss) },
  { key: 'transfersIn', header: '转入服务商', numeric: true, cell: (r) => money(r.transfersIn) },
  { key: 'transfersOut', header: '转回主钱包', numeric: true, cell: (r) => money(r.transfersOut) },
  { key: 'players', header: '活跃玩家', numeric: true, cell: (r) => r.players },
];

export default function ProviderReportPage() {
  const [range, setRange] = useState<RangeQuery>(() => recentDays(7));
  const report = useQuery({ ...providerReportQuery(range), placeholderData: keepPreviousData });
  return (
    <Stack>
      <Title order={2}>第三方报表</Title>
      <Text c="dimmed" size="sm">
        所选日期内各服务商已结算的注单（按结算日）与成功的转账（按服务商确认日）；毛利 = 投注 − 派彩；试玩账号不计。
      </Text>
      <RangeForm value={range} onSubmit={setRange} serverErrors={fieldErrorsOf(report.error)} />
      <ReportQueryState isPending={report.isPending} error={report.error} />
      {report.data && (
        <ReportTable caption="第三方报表" columns={COLUMNS} rows={report.data.rows} rowKey={(r) => r.provider} total={report.data.total} />
      )}
    </Stack>
  );
}
