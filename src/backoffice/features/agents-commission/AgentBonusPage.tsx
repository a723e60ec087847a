// 代理奖金: primary agents' 日工资 / 分红 contracts (set by operators), and every bonus result —
// primary agents' own approved or rejected here, the others by their upline agent.
import { Badge, Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import {
  BONUS_FREQUENCY_NAMES,
  BONUS_KIND_NAMES,
  BONUS_KINDS,
  BONUS_STATUS_NAMES,
  ContractBodySchema,
  type BonusKind,
} from '../../../shared/api/agent-commission.ts';
import { BONUS_FREQUENCIES, BONUS_STATUSES, type BonusFrequency, type BonusStatus } from '../../../shared/enums.ts';
import { formatMoneyGrouped, parseYuan } from '../../../shared/money.ts';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useOperator } from '../../lib/operator.ts';
import { percent, tierText } from './labels.ts';
import { contractsQuery, decideBonus, refreshCommission, resultsQuery, saveContract } from './queries.ts';

function ContractForm({ customerId, onDone }: { customerId: number; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<BonusKind>('DW');
  const [frequency, setFrequency] = useState<BonusFrequency>('DAILY');
  const [tiers, setTiers] = useState('0,1,1');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveContract>[2]) => saveContract(customerId, kind, body),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: '契约已保存' });
      void refreshCommission(queryClient);
      onDone();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const submit = () => {
    try {
      const parsed = ContractBodySchema.safeParse({
        frequency,
        tiers: tiers
          .split(/[;\n；]/)
          .filter((line) => line.trim() !== '')
          .map((line) => {
            const [volume = '', active = '', rate = ''] = line.split(/[,，]/).map((s) => s.trim());
            return { volume: parseYuan(volume), activeMembers: Number(active), rate: Math.round(Number(rate) * 100) };
          }),
      });
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '契约格式有误');
      setError(null);
      save.mutate(parsed.data);
    } catch {
      setError('档位格式：团队投注(元),活跃人数,比例(%)，多个档位用分号分隔');
    }
  };
  return (
    <Stack gap={6}>
      <Group grow>
        <NativeSelect label="类型" value={kind} onChange={(e) => setKind(e.currentTarget.value as BonusKind)} data={BONUS_KINDS.map((k) => ({ value: k, label: BONUS_KIND_NAMES[k] }))} />
        <NativeSelect
          label="发放周期"
          value={frequency}
          onChange={(e) => setFrequency(e.currentTarget.value as BonusFrequency)}
          data={BONUS_FREQUENCIES.map((f) => ({ value: f, label: BONUS_FREQUENCY_NAMES[f] }))}
        />
      </Group>
      <TextInput label="档位（团队投注元,活跃人数,比例%；多个用分号分隔）" value={tiers} onChange={(e) => setTiers(e.currentTarget.value)} data-testid="bo-contract-tiers" />
      {error && <Text c="red" size="sm">{error}</Text>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>取消</Button>
        <Button onClick={submit} loading={save.isPending} data-testid="bo-contract-save">保存</Button>
      </Group>
    </Stack>
  );
}

export default function AgentBonusPage() {
  const { can } = useOperator();
  const manage = can('agents.commission.manage');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<BonusStatus | ''>('WAITING_FOR_APPROVAL');
  const [editing, setEditing] = useState<number | null>(null);
  const contracts = useQuery(contractsQuery());
  const results = useQuery(resultsQuery(status || undefined));
  const decide = useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) => decideBonus(id, approve),
    onSuccess: (_, { approve }) => notifications.show({ color: 'teal', message: approve ? '已通过，奖金已发放' : '已拒绝' }),
    onError: (e) => notifications.show({ color: 'red', title: '操作失败', message: errorMessage(e) }),
    onSettled: () => void refreshCommission(queryClient),
  });
  return (
    <Stack>
      <Title order={3}>总代契约</Title>
      {contracts.isPending ? (
        <LoadingBlock />
      ) : contracts.isError ? (
        <ErrorBlock error={contracts.error} onRetry={() => void contracts.refetch()} />
      ) : (
        contracts.data.items.map((p) => (
          <Card key={p.customerId} withBorder padding="sm">
            <Group justify="space-between">
              <Text fw={600}>
                {p.username}（奖金组 {p.prizeGroup}）
              </Text>
              {manage && editing !== p.customerId && (
                <Button size="compact-sm" variant="light" onClick={() => setEditing(p.customerId)}>
                  设置契约
                </Button>
              )}
            </Group>
            {p.contracts.length === 0 && <Text size="sm" c="dimmed">未设置契约</Text>}
            {p.contracts.map((c) => (
              <Text key={c.kind} size="sm">
                {BONUS_KIND_NAMES[c.kind]}（{BONUS_FREQUENCY_NAMES[c.frequency]}）：{c.tiers.map(tierText).join('；')}
              </Text>
            ))}
            {editing === p.customerId && <ContractForm customerId={p.customerId} onDone={() => setEditing(null)} />}
          </Card>
        ))
      )}
      <Group justify="space-between">
        <Title order={3}>奖金记录</Title>
        <NativeSelect
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as BonusStatus | '')}
          data={[{ value: '', label: '全部状态' }, ...BONUS_STATUSES.map((s) => ({ value: s, label: BONUS_STATUS_NAMES[s] }))]}
          aria-label="状态"
        />
      </Group>
      {results.isPending ? (
        <LoadingBlock />
      ) : results.isError ? (
        <ErrorBlock error={results.error} onRetry={() => void results.refetch()} />
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>代理</Table.Th>
              <Table.Th>类型</Table.Th>
              <Table.Th>周期</Table.Th>
              <Table.Th>团队投注</Table.Th>
              <Table.Th>团队亏损</Table.Th>
              <Table.Th>比例</Table.Th>
              <Table.Th>金额</Table.Th>
              <Table.Th>状态</Table.Th>
              <Table.Th>操作</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.data.items.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  {r.username} {r.primary && <Badge size="xs">总代</Badge>}
                </Table.Td>
                <Table.Td>{BONUS_KIND_NAMES[r.kind]}</Table.Td>
                <Table.Td>{r.periodStart === r.periodEnd ? r.periodStart : `${r.periodStart} 至 ${r.periodEnd}`}</Table.Td>
                <Table.Td>{formatMoneyGrouped(r.teamVolume)}</Table.Td>
                <Table.Td>{formatMoneyGrouped(r.teamLoss)}</Table.Td>
                <Table.Td>{percent(r.rate)}</Table.Td>
                <Table.Td>{formatMoneyGrouped(r.amount)}</Table.Td>
                <Table.Td>{BONUS_STATUS_NAMES[r.status]}</Table.Td>
                <Table.Td>
                  {manage && r.primary && r.status === 'WAITING_FOR_APPROVAL' ? (
                    <Group gap={4}>
                      <Button size="compact-xs" onClick={() => decide.mutate({ id: r.id, approve: true })}>通过</Button>
                      <Button size="compact-xs" variant="default" onClick={() => decide.mutate({ id: r.id, approve: false })}>拒绝</Button>
                    </Group>
                  ) : r.primary ? '—' : '由上级代理审核'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {results.data?.items.length === 0 && <Text c="dimmed">暂无奖金记录</Text>}
    </Stack>
  );
}
