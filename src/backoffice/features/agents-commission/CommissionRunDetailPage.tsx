// One commission run: its totals, the per-(agent, member, day) lines, and 停止 while it is running
// (a stopped run pays nothing; the orders it claimed stay with it).
import { Alert, Badge, Button, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { COMMISSION_RUN_STATUS_NAMES } from '../../../shared/api/agent-commission.ts';
import { formatMoneyGrouped } from '../../../shared/money.ts';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useOperator } from '../../lib/operator.ts';
import { RUN_STATUS_COLORS } from './CommissionRunsPage.tsx';
import { refreshCommission, runQuery, stopRun } from './queries.ts';

export default function CommissionRunDetailPage() {
  const { runId = '' } = useParams({ strict: false }) as { runId?: string };
  const id = Number(runId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const detail = useQuery({ ...runQuery(id), enabled: valid });
  const { can } = useOperator();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const stop = useMutation({
    mutationFn: () => stopRun(id, reason),
    onSuccess: () => notifications.show({ color: 'teal', message: '批次已停止' }),
    onError: (e) => notifications.show({ color: 'red', title: '停止失败', message: errorMessage(e) }),
    onSettled: () => void refreshCommission(queryClient),
  });
  if (!valid) return <Alert color="red">该佣金批次不存在</Alert>;
  if (detail.isPending) return <LoadingBlock />;
  if (detail.isError) return <ErrorBlock error={detail.error} onRetry={() => void detail.refetch()} />;
  const { run, lines } = detail.data;
  return (
    <Stack>
      <Group>
        <Title order={3}>佣金批次 {run.id}</Title>
        <Badge color={RUN_STATUS_COLORS[run.status]} data-testid="commission-run-status">
          {COMMISSION_RUN_STATUS_NAMES[run.status]}
        </Badge>
      </Group>
      <Text size="sm">
        注单 {run.orders} · 投注额 {formatMoneyGrouped(run.stake)} · 发放 {formatMoneyGrouped(run.amount)}（{run.transfers} 个代理）· 开始 {formatDateTime(run.startedAt)} · 结束{' '}
        {formatDateTime(run.finishedAt)}
      </Text>
      {run.status === 'STOPPED' && (
        <Alert color="red">
          已由 {run.stoppedBy} 停止：{run.stopReason}。本批次已领取的注单不再发放佣金。
        </Alert>
      )}
      {run.status === 'RUNNING' && can('agents.commission.manage') && (
        <Group align="flex-end">
          <Textarea label="停止原因" value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={1} w={320} maxLength={200} />
          <Button color="red" onClick={() => stop.mutate()} loading={stop.isPending} disabled={reason.trim() === ''} data-testid="commission-run-stop">
            停止批次
          </Button>
        </Group>
      )}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>代理</Table.Th>
            <Table.Th>成员</Table.Th>
            <Table.Th>日期</Table.Th>
            <Table.Th>注单数</Table.Th>
            <Table.Th>投注额</Table.Th>
            <Table.Th>佣金</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={`${l.agentId}:${l.memberId}:${l.day}`}>
              <Table.Td>{l.agentUsername}</Table.Td>
              <Table.Td>{l.memberUsername}</Table.Td>
              <Table.Td>{l.day}</Table.Td>
              <Table.Td>{l.orders}</Table.Td>
              <Table.Td>{formatMoneyGrouped(l.stake)}</Table.Td>
              <Table.Td>{l.commission === null ? '未发放' : formatMoneyGrouped(l.commission)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {lines.length === 0 && <Text c="dimmed">本批次没有佣金明细</Text>}
    </Stack>
  );
}
