// 活动成本报表: per campaign, the bonuses paid, the required stake they added, what waits and what was rejected.
import { Alert, Group, Loader, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { CAMPAIGN_ADMIN_PATHS } from '../../../shared/api/campaigns.ts';
import { SUBTYPE_LABELS } from '../../../shared/campaigns/rules.ts';
import { formatMoney } from '../../../shared/money.ts';
import { CsvButton } from '../reports/CsvButton.tsx';
import { reportQuery } from './queries.ts';

export default function ReportPage() {
  const { data, error, isPending } = useQuery(reportQuery());
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>活动成本报表</Title>
        <CsvButton href={CAMPAIGN_ADMIN_PATHS.reportCsv} />
      </Group>
      {isPending ? <Loader aria-label="加载中" /> : null}
      {error ? <Alert color="red">{errorMessage(error)}</Alert> : null}
      {data ? (
        <Table.ScrollContainer minWidth={900}>
          <Table striped data-testid="campaign-report">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>活动</Table.Th>
                <Table.Th>类型</Table.Th>
                <Table.Th>已派发笔数</Table.Th>
                <Table.Th>已派发金额</Table.Th>
                <Table.Th>新增打码量</Table.Th>
                <Table.Th>待审核</Table.Th>
                <Table.Th>已拒绝</Table.Th>
                <Table.Th>预算</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((r) => (
                <Table.Tr key={r.campaignId} data-testid="report-row" data-id={r.campaignId}>
                  <Table.Td>{r.title}</Table.Td>
                  <Table.Td>{SUBTYPE_LABELS[r.subtype]}</Table.Td>
                  <Table.Td>{r.claimsPaid}</Table.Td>
                  <Table.Td data-testid="report-paid">{formatMoney(r.amountPaid)}</Table.Td>
                  <Table.Td>{formatMoney(r.requiredStakeAdded)}</Table.Td>
                  <Table.Td>
                    {r.claimsPending}（{formatMoney(r.amountPending)}）
                  </Table.Td>
                  <Table.Td>{r.claimsRejected}</Table.Td>
                  <Table.Td>{r.budget === null ? '不限' : formatMoney(r.budget)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
