// 团队返点: my level-difference commission over a date range — totals, per member, per batch.
import { Alert, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { COMMISSION_RUN_STATUS_NAMES } from '../../../../shared/api/agent-commission.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { errorMessage } from '../../../lib/api/errors.ts';
import { beijingDay } from './format.ts';
import { commissionQueryOptions } from './commission-queries.ts';

export function RebateTab() {
  const [from, setFrom] = useState(beijingDay(6));
  const [to, setTo] = useState(beijingDay(0));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const summary = useQuery({ ...commissionQueryOptions(from, to), enabled: valid });
  return (
    <Stack gap="sm" data-testid="agent-rebate-tab">
      <Group grow>
        <TextInput type="date" label="开始日期" value={from} max={to} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput type="date" label="结束日期" value={to} min={from} onChange={(e) => setTo(e.currentTarget.value)} />
      </Group>
      {!valid && <Text c="red" size="sm">开始日期不能晚于结束日期</Text>}
      {summary.isPending && valid && <Loader size="sm" />}
      {summary.isError && <Alert color="red">{errorMessage(summary.error)}</Alert>}
      {summary.data && (
        <>
          <Group justify="space-between" data-testid="commission-totals">
            <Text size="sm">团队投注 {formatMoney(summary.data.totals.stake)}</Text>
            <Text size="sm" fw={600}>
              返点佣金 <span data-testid="commission-total">{formatMoney(summary.data.totals.commission)}</span>
            </Text>
          </Group>
          <Text fw={600} size="sm">成员明细</Text>
          {summary.data.members.length === 0 ? (
            <Text c="dimmed" size="sm">所选日期内暂无佣金</Text>
          ) : (
            <Table striped data-testid="commission-members">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>成员</Table.Th>
                  <Table.Th>投注额</Table.Th>
                  <Table.Th>佣金</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.data.members.map((m) => (
                  <Table.Tr key={m.memberId}>
                    <Table.Td>{m.username}</Table.Td>
                    <Table.Td>{formatMoney(m.stake)}</Table.Td>
                    <Table.Td>{formatMoney(m.commission)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Text fw={600} size="sm">发放批次</Text>
          {summary.data.runs.length === 0 ? (
            <Text c="dimmed" size="sm">暂无批次</Text>
          ) : (
            <Table data-testid="commission-runs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>批次</Table.Th>
                  <Table.Th>状态</Table.Th>
                  <Table.Th>佣金</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.data.runs.map((r) => (
                  <Table.Tr key={r.runId}>
                    <Table.Td>
                      {r.runId}
                      {r.finishedAt && <Text size="xs" c="dimmed">{new Date(r.finishedAt).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' })}</Text>}
                    </Table.Td>
                    <Table.Td>{COMMISSION_RUN_STATUS_NAMES[r.status]}</Table.Td>
                    <Table.Td>{formatMoney(r.commission)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
