// 沙箱故障: which gateway is configured; for the sandbox, its fault controls (decisions §10), each
// change audited on the server. A real gateway has none, and the page says so.
import { Alert, Badge, Button, Group, NativeSelect, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { SandboxFaultsSchema, type SandboxFaults } from '../../../shared/payments/sandbox-faults.ts';
import { ReportQueryState } from '../reports/ReportQueryState.tsx';
import { sandboxQuery, saveSandboxFaults, SANDBOX_KEY } from './queries.ts';

const SWITCHES: [keyof SandboxFaults, string][] = [
  ['down', '网关停机（商户接口全部返回 503）'],
  ['payoutTimeout', '出款请求超时（之后仍会处理）'],
  ['duplicateNotifications', '每条回调发送两次'],
  ['reorderNotifications', '回调乱序（新的先发）'],
  ['wrongSignature', '回调签名错误'],
];

const NUMBERS: [keyof SandboxFaults, string, number, number][] = [
  ['delayMs', '接口延迟（毫秒）', 0, 120_000],
  ['notificationDelayMs', '首次回调延迟（毫秒）', 0, 600_000],
  ['paidAmountOffset', '实付金额偏差（0.0001 元，负数为少付）', -1_000_000_000, 1_000_000_000],
];

export default function SandboxFaultsPage() {
  const state = useQuery(sandboxQuery());
  return (
    <Stack maw={640}>
      <Title order={2}>沙箱故障</Title>
      <ReportQueryState isPending={state.isPending} error={state.error} />
      {state.data && (
        <>
          <Group>
            <Text>当前支付网关：{state.data.gateway.label}</Text>
            <Badge color={state.data.gateway.sandbox ? 'orange' : 'blue'}>{state.data.gateway.sandbox ? '沙箱' : '真实网关'}</Badge>
          </Group>
          {!state.data.reachable ? (
            <Alert color="red" data-testid="sandbox-unreachable">
              沙箱支付网关无法连接，请确认沙箱服务已启动后刷新本页。
            </Alert>
          ) : state.data.faults ? (
            // Not keyed by the data: a save or a refetch must not throw away an edit begun meanwhile.
            <FaultsForm initial={state.data.faults} />
          ) : (
            <Alert color="blue" data-testid="no-fault-controls">
              当前配置的是真实支付网关，没有故障控制。
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}

function FaultsForm({ initial }: { initial: SandboxFaults }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SandboxFaults>(initial);
  const checked = SandboxFaultsSchema.safeParse(draft);
  const save = useMutation({
    mutationFn: saveSandboxFaults,
    onSuccess: (next) => {
      queryClient.setQueryData(SANDBOX_KEY, next);
      notifications.show({ color: 'teal', message: '沙箱故障设置已保存' });
    },
    onError: (error) => notifications.show({ color: 'red', title: '保存失败', message: errorMessage(error) }),
  });
  const set = <K extends keyof SandboxFaults>(key: K, value: SandboxFaults[K]) => setDraft((current) => ({ ...current, [key]: value }));
  return (
    <Stack gap="sm" data-testid="sandbox-faults">
      {SWITCHES.map(([key, label]) => (
        <Switch key={key} label={label} checked={draft[key] as boolean} onChange={(e) => set(key, e.currentTarget.checked as never)} />
      ))}
      <NativeSelect
        label="出款结果"
        data={[
          { value: 'PAID', label: '成功' },
          { value: 'FAILED', label: '失败' },
        ]}
        value={draft.payoutOutcome}
        onChange={(e) => set('payoutOutcome', e.currentTarget.value === 'FAILED' ? 'FAILED' : 'PAID')}
      />
      {NUMBERS.map(([key, label, min, max]) => (
        <NumberInput key={key} label={label} min={min} max={max} allowDecimal={false} value={draft[key] as number} onChange={(value) => set(key, (typeof value === 'number' ? value : 0) as never)} />
      ))}
      {!checked.success && <Text c="red" size="sm">请输入有效的数值</Text>}
      <Group>
        <Button onClick={() => checked.success && save.mutate(checked.data)} loading={save.isPending} disabled={!checked.success}>
          保存
        </Button>
        <Button variant="default" onClick={() => setDraft(initial)}>
          还原
        </Button>
      </Group>
    </Stack>
  );
}
