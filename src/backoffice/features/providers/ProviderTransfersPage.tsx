// 转账确认队列: transfers to and from provider wallets, those still being confirmed first. A transfer
// opens with its resolution history; 立即查询 asks the provider about it now (the same step the
// automatic job runs: the provider's answer decides, never a guess). A transfer the provider's answers
// contradict is left to 人工处理: one operator files the outcome, a second approves it in 审批.
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import type { AdminTransfer } from '../../../shared/backoffice/providers.ts';
import { INACTIVE_PROVIDERS, THIRD_PARTY_PROVIDERS } from '../../../shared/enums.ts';
import { useOperator } from '../../lib/operator.ts';
import { dateTime, money } from '../reports/format.ts';
import { actorLabel, DIRECTION_LABELS, ORIGIN_LABELS, OUTCOME_LABELS, STATUS_COLORS, STATUS_LABELS } from './labels.ts';
import { refreshProviders, resolveNow, settleManually, transferQuery, transfersQuery } from './queries.ts';

const PROVIDERS = THIRD_PARTY_PROVIDERS.filter((p) => !INACTIVE_PROVIDERS.includes(p));
const at = (iso: string | null) => dateTime(iso);

export default function ProviderTransfersPage() {
  const [status, setStatus] = useState('OPEN');
  const [provider, setProvider] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const filters = { page, ...(status ? { status } : {}), ...(provider ? { provider } : {}) };
  const { data, error, isPending } = useQuery(transfersQuery(filters));
  return (
    <Stack>
      <Title order={2}>转账确认队列</Title>
      <Text size="sm" c="dimmed">结果未确认的转账金额保持冻结，由自动任务按流水号向服务商查询后入账或退回；服务商从未收到的转账超过判定时间后退回。</Text>
      <Group align="end">
        <NativeSelect
          label="状态"
          value={status}
          onChange={(e) => { setStatus(e.currentTarget.value); setPage(1); }}
          data={[{ value: 'OPEN', label: '待确认' }, { value: '', label: '全部' }, ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
        />
        <NativeSelect label="平台" value={provider} onChange={(e) => { setProvider(e.currentTarget.value); setPage(1); }} data={[{ value: '', label: '全部' }, ...PROVIDERS]} />
      </Group>
      {isPending ? (
        <Loader aria-label="加载中" />
      ) : error ? (
        <Alert color="red" title="加载失败">{errorMessage(error)}</Alert>
      ) : data.items.length === 0 ? (
        <Text c="dimmed">没有符合条件的转账</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>编号</Table.Th>
                  <Table.Th>玩家</Table.Th>
                  <Table.Th>平台</Table.Th>
                  <Table.Th>方向</Table.Th>
                  <Table.Th>金额</Table.Th>
                  <Table.Th>状态</Table.Th>
                  <Table.Th>查询次数</Table.Th>
                  <Table.Th>创建时间</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((t) => (
                  <Table.Tr key={t.id} data-testid="provider-transfer-row" style={{ cursor: 'pointer' }} onClick={() => setOpenId(t.id)}>
                    <Table.Td>{t.id}</Table.Td>
                    <Table.Td>{t.username}</Table.Td>
                    <Table.Td>{t.provider}</Table.Td>
                    <Table.Td>{DIRECTION_LABELS[t.direction]}</Table.Td>
                    <Table.Td>¥{money(t.amount)}</Table.Td>
                    <Table.Td><Badge color={STATUS_COLORS[t.status]}>{STATUS_LABELS[t.status]}</Badge></Table.Td>
                    <Table.Td>{t.checks}</Table.Td>
                    <Table.Td>{at(t.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.totalPages > 1 && <Pagination total={data.totalPages} value={page} onChange={setPage} />}
        </>
      )}
      <Drawer opened={openId !== null} onClose={() => setOpenId(null)} title="转账详情" position="right" size="lg">
        {openId !== null && <TransferDetail id={openId} />}
      </Drawer>
    </Stack>
  );
}

function TransferDetail({ id }: { id: number }) {
  const { data, error, isPending } = useQuery(transferQuery(id));
  const { can } = useOperator();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const resolve = useMutation({
    mutationFn: () => resolveNow(id, reason.trim()),
    onSuccess: (detail) => {
      notifications.show({ color: 'teal', message: `查询完成：${STATUS_LABELS[detail.transfer.status]}` });
      setReason('');
      return refreshProviders(queryClient);
    },
    onError: (e) => notifications.show({ color: 'red', title: '查询失败', message: errorMessage(e) }),
  });
  if (isPending) return <Loader aria-label="加载中" />;
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  const t: AdminTransfer = data.transfer;
  const open = t.status === 'PENDING' || t.status === 'IN_DOUBT';
  return (
    <Stack>
      <Text>流水号：{t.reference}</Text>
      <Text>玩家：{t.username}（{t.customerId}）</Text>
      <Text>{t.provider} · {DIRECTION_LABELS[t.direction]} · ¥{money(t.amount)} · {ORIGIN_LABELS[t.origin] ?? t.origin}</Text>
      <Group><Text>状态：</Text><Badge color={STATUS_COLORS[t.status]}>{STATUS_LABELS[t.status]}</Badge></Group>
      {open && (t.needsManual ? <Alert color="orange" title="需人工核对">{t.lastError}</Alert> : <Text size="sm">下次自动查询：{at(t.nextCheckAt)}</Text>)}
      <Title order={4}>处理记录</Title>
      <Timeline bulletSize={14} lineWidth={2}>
        {data.events.map((e, i) => (
          <Timeline.Item key={i} title={`${OUTCOME_LABELS[e.outcome] ?? e.outcome} · ${actorLabel(e.actor)}`}>
            <Text size="xs" c="dimmed">{at(e.at)}</Text>
            {e.detail && <Text size="xs">{e.detail}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
      {open && can('providers.transfers.resolve') && (
        <Stack gap="xs">
          <TextInput label="操作原因（记入审计日志，必填）" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={200} />
          <Button onClick={() => resolve.mutate()} loading={resolve.isPending} disabled={reason.trim().length < 2}>
            立即查询服务商
          </Button>
        </Stack>
      )}
      {t.needsManual && can('providers.transfers.resolve') && <ManualSettle id={id} />}
    </Stack>
  );
}

/** 人工处理: after checking with the provider, the outcome is filed for a second operator (four-eyes). */
function ManualSettle({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<'SUCCESS' | 'FAILED'>('FAILED');
  const [reason, setReason] = useState('');
  const file = useMutation({
    mutationFn: () => settleManually(id, outcome, reason.trim()),
    onSuccess: ({ approvalId }) => {
      notifications.show({ color: 'teal', message: `已提交审批 #${approvalId}，待另一位操作员批准` });
      setReason('');
      return refreshProviders(queryClient);
    },
    onError: (e) => notifications.show({ color: 'red', title: '提交失败', message: errorMessage(e) }),
  });
  return (
    <Stack gap="xs">
      <Title order={4}>人工处理</Title>
      <Text size="sm" c="dimmed">向服务商核实后选择结果：成功则按原金额入账，失败则退回冻结的金额。提交后须另一位操作员在审批中批准。</Text>
      <SegmentedControl
        value={outcome}
        onChange={(v) => setOutcome(v as 'SUCCESS' | 'FAILED')}
        data={[
          { value: 'FAILED', label: '按失败处理（退回）' },
          { value: 'SUCCESS', label: '按成功处理（入账）' },
        ]}
      />
      <TextInput label="核实情况（记入审计日志，必填）" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={200} />
      <Button color="orange" onClick={() => file.mutate()} loading={file.isPending} disabled={reason.trim().length < 2}>
        提交人工处理
      </Button>
    </Stack>
  );
}
