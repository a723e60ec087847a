// 红包活动: every red packet with its state, claims and spent vs budget; create one (budget, count,
// fixed or random split within bounds, window, conditions, stake multiple); pause, resume or end one
// (ending returns the unclaimed budget and reveals the seed). Writes need campaigns.manage.
import { Alert, Badge, Button, Checkbox, Chip, Group, Loader, NumberInput, Paper, SegmentedControl, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import {
  CreateRedPacketBodySchema,
  RED_PACKET_STATE_LABELS,
  type AdminRedPacket,
  type CreateRedPacketBody,
  type RedPacketAction,
} from '../../../shared/api/red-packets.ts';
import { VIP_LEVELS, type VipLevel } from '../../../shared/enums.ts';
import { formatMoney, UNITS_PER_YUAN } from '../../../shared/money.ts';
import { RED_PACKET_RULE_LABELS, type RedPacketRule } from '../../../shared/red-packets/split.ts';
import { useOperator } from '../../lib/operator.ts';
import { beijingText, fromBeijingInput, toBeijingInput } from '../content/beijing-time.ts';
import { actOnRedPacket, createRedPacket, redPacketQuery, redPacketsQuery, refreshRedPackets } from './queries.ts';

const VIP_LABELS: Record<VipLevel, string> = { NOT_VIP: '非VIP', VIP_1: 'VIP1', VIP_2: 'VIP2' };
const toUnits = (yuan: number | string) => Math.round(Number(yuan) * UNITS_PER_YUAN);

interface Draft {
  title: string;
  description: string;
  budget: number | string;
  count: number | string;
  rule: RedPacketRule;
  min: number | string;
  max: number | string;
  startsAt: string;
  endsAt: string;
  vipLevels: VipLevel[];
  minDepositToday: number | string;
  registeredBeforeStart: boolean;
  stakeMultiple: number | string;
  reason: string;
}

const emptyDraft = (): Draft => ({
  title: '',
  description: '',
  budget: 100,
  count: 10,
  rule: 'RANDOM',
  min: 1,
  max: 20,
  startsAt: toBeijingInput(new Date().toISOString()),
  endsAt: toBeijingInput(new Date(Date.now() + 86_400_000).toISOString()),
  vipLevels: [],
  minDepositToday: 0,
  registeredBeforeStart: false,
  stakeMultiple: 1,
  reason: '',
});

function bodyOf(draft: Draft): CreateRedPacketBody {
  return {
    title: draft.title,
    description: draft.description,
    budget: toUnits(draft.budget),
    count: Number(draft.count),
    rule: draft.rule,
    min: draft.rule === 'RANDOM' ? toUnits(draft.min) : null,
    max: draft.rule === 'RANDOM' ? toUnits(draft.max) : null,
    startsAt: fromBeijingInput(draft.startsAt) ?? '',
    endsAt: fromBeijingInput(draft.endsAt) ?? '',
    conditions: { vipLevels: draft.vipLevels, minDepositToday: toUnits(draft.minDepositToday || 0), registeredBeforeStart: draft.registeredBeforeStart },
    stakeMultipleBp: Math.round(Number(draft.stakeMultiple) * 10_000),
    ...(draft.reason.trim() ? { reason: draft.reason.trim() } : {}),
  };
}

function CreateForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const create = useMutation({
    mutationFn: createRedPacket,
    onSuccess: async () => {
      await refreshRedPackets(queryClient);
      onDone();
    },
  });
  const submit = () => {
    const body = bodyOf(draft);
    const parsed = CreateRedPacketBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'form'), issue.message])));
      return;
    }
    setErrors({});
    create.mutate(body);
  };
  return (
    <Paper withBorder p="md" data-testid="red-packet-create">
      <Stack>
        <TextInput label="标题" value={draft.title} onChange={(e) => set('title', e.currentTarget.value)} error={errors.title} maxLength={40} required />
        <Textarea label="说明（纯文本）" value={draft.description} onChange={(e) => set('description', e.currentTarget.value)} error={errors.description} maxLength={200} autosize minRows={2} />
        <Group grow align="start">
          <NumberInput label="总额（元）" value={draft.budget} onChange={(v) => set('budget', v)} decimalScale={2} min={0.01} error={errors.budget} />
          <NumberInput label="个数" value={draft.count} onChange={(v) => set('count', v)} allowDecimal={false} min={1} max={10_000} error={errors.count} />
        </Group>
        <SegmentedControl
          value={draft.rule}
          onChange={(v) => set('rule', v as RedPacketRule)}
          data={(['RANDOM', 'FIXED'] as const).map((rule) => ({ value: rule, label: RED_PACKET_RULE_LABELS[rule] }))}
        />
        {draft.rule === 'RANDOM' && (
          <Group grow align="start">
            <NumberInput label="单个最小（元）" value={draft.min} onChange={(v) => set('min', v)} decimalScale={2} min={0.01} error={errors.min} />
            <NumberInput label="单个最大（元）" value={draft.max} onChange={(v) => set('max', v)} decimalScale={2} min={0.01} error={errors.max} />
          </Group>
        )}
        <Group grow align="start">
          <TextInput type="datetime-local" label="开始时间（北京时间）" value={draft.startsAt} onChange={(e) => set('startsAt', e.currentTarget.value)} error={errors.startsAt} />
          <TextInput type="datetime-local" label="结束时间（北京时间）" value={draft.endsAt} onChange={(e) => set('endsAt', e.currentTarget.value)} error={errors.endsAt} />
        </Group>
        <div>
          <Text size="sm" fw={500}>VIP 等级（不选：全部）</Text>
          <Chip.Group multiple value={draft.vipLevels} onChange={(v) => set('vipLevels', v as VipLevel[])}>
            <Group gap="xs">
              {VIP_LEVELS.map((level) => (
                <Chip key={level} value={level}>{VIP_LABELS[level]}</Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
        <Group grow align="start">
          <NumberInput label="今日充值至少（元，0 为不限）" value={draft.minDepositToday} onChange={(v) => set('minDepositToday', v)} decimalScale={2} min={0} error={errors.conditions} />
          <NumberInput label="打码倍数" value={draft.stakeMultiple} onChange={(v) => set('stakeMultiple', v)} decimalScale={2} min={0} max={100} error={errors.stakeMultipleBp} />
        </Group>
        <Checkbox label="仅限开始时间前注册的会员" checked={draft.registeredBeforeStart} onChange={(e) => set('registeredBeforeStart', e.currentTarget.checked)} />
        <TextInput label="原因（记入审计日志，可选）" value={draft.reason} onChange={(e) => set('reason', e.currentTarget.value)} error={errors.reason} />
        {create.isError && <Alert color="red">{errorMessage(create.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>取消</Button>
          <Button onClick={submit} loading={create.isPending} data-testid="red-packet-create-submit">创建红包</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Claims({ id }: { id: number }) {
  const { data, error, isPending } = useQuery(redPacketQuery(id));
  if (isPending) return <Loader size="xs" />;
  if (error) return <Text c="red" size="sm">{errorMessage(error)}</Text>;
  if (data.claims.length === 0) return <Text size="sm" c="dimmed">暂无领取</Text>;
  return (
    <Table withTableBorder>
      <Table.Thead>
        <Table.Tr><Table.Th>顺序</Table.Th><Table.Th>会员</Table.Th><Table.Th>金额</Table.Th><Table.Th>时间</Table.Th></Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.claims.map((c) => (
          <Table.Tr key={c.seq}><Table.Td>{c.seq}</Table.Td><Table.Td>{c.username}</Table.Td><Table.Td>{formatMoney(c.amount)}</Table.Td><Table.Td>{beijingText(c.claimedAt)}</Table.Td></Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const ACTION_LABELS: Record<RedPacketAction, string> = { pause: '暂停', resume: '恢复', end: '结束' };

function PacketRow({ packet, canManage }: { packet: AdminRedPacket; canManage: boolean }) {
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState(false);
  const [reason, setReason] = useState('');
  const act = useMutation({
    mutationFn: (action: RedPacketAction) => actOnRedPacket(packet.id, action, reason),
    onSettled: () => refreshRedPackets(queryClient),
  });
  const actions: RedPacketAction[] = packet.state === 'ENDED' ? [] : packet.state === 'PAUSED' ? ['resume', 'end'] : ['pause', 'end'];
  return (
    <>
      <Table.Tr data-testid="red-packet-row" data-id={packet.id}>
        <Table.Td>{packet.id}</Table.Td>
        <Table.Td>
          <Text fw={600} size="sm">{packet.title}</Text>
          <Text size="xs" c="dimmed">{RED_PACKET_RULE_LABELS[packet.rule]}{packet.rule === 'RANDOM' && packet.min !== null && packet.max !== null ? ` ${formatMoney(packet.min)}–${formatMoney(packet.max)}` : ''}</Text>
        </Table.Td>
        <Table.Td><Badge>{RED_PACKET_STATE_LABELS[packet.state]}</Badge></Table.Td>
        <Table.Td>{packet.claimed}/{packet.count}</Table.Td>
        <Table.Td>{formatMoney(packet.spent)} / {formatMoney(packet.budget)}</Table.Td>
        <Table.Td><Text size="xs">{beijingText(packet.startsAt)}<br />{beijingText(packet.endsAt)}</Text></Table.Td>
        <Table.Td>
          <Group gap={4}>
            <Button size="compact-xs" variant="subtle" onClick={() => setExpanded((e) => !e)}>{expanded ? '收起' : '领取记录'}</Button>
            {canManage && actions.map((action) => (
              <Button key={action} size="compact-xs" color={action === 'end' ? 'red' : undefined} variant="light" loading={act.isPending && act.variables === action} onClick={() => act.mutate(action)} data-testid={`red-packet-${action}`}>
                {ACTION_LABELS[action]}
              </Button>
            ))}
          </Group>
          {act.isError && <Text size="xs" c="red" role="alert">{errorMessage(act.error)}</Text>}
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr>
          <Table.Td colSpan={7}>
            <Stack gap="xs">
              <Text size="xs" style={{ wordBreak: 'break-all' }}>承诺：{packet.commitment}　种子：{packet.seed ?? '结束后公开'}</Text>
              {canManage && packet.state !== 'ENDED' && <TextInput size="xs" label="操作原因（可选）" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maw={400} />}
              <Claims id={packet.id} />
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

export default function RedPacketsPage() {
  const { data, error, isPending } = useQuery(redPacketsQuery());
  const { can } = useOperator();
  const [creating, setCreating] = useState(false);
  const canManage = can('campaigns.manage');
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>红包活动</Title>
        {canManage && !creating && <Button onClick={() => setCreating(true)} data-testid="red-packet-new">新建红包</Button>}
      </Group>
      <Text size="sm" c="dimmed">
        创建时预算从平台红包账户转入该红包的专用账户，金额按可验证的种子一次拆好；每位会员限领一次。结束（领完、到期或手动结束）后未领预算退回，种子公开，玩家可在验证页核对。
      </Text>
      {creating && <CreateForm onDone={() => setCreating(false)} />}
      {isPending ? (
        <Loader aria-label="加载中" />
      ) : error ? (
        <Alert color="red" title="加载失败">{errorMessage(error)}</Alert>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>编号</Table.Th><Table.Th>标题</Table.Th><Table.Th>状态</Table.Th><Table.Th>已领</Table.Th><Table.Th>已发 / 预算</Table.Th><Table.Th>时间</Table.Th><Table.Th>操作</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.packets.map((packet) => <PacketRow key={packet.id} packet={packet} canManage={canManage} />)}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
