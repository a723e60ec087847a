// 服务商沙箱故障: the sandbox provider's fault controls (decisions §10), one set per provider code,
// each change audited with the faults before and after. A provider served by a real adapter has none.
import { Alert, Button, Group, NativeSelect, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { INACTIVE_PROVIDERS, THIRD_PARTY_PROVIDERS } from '../../../shared/enums.ts';
import { PROVIDER_FAULT_LABELS, ProviderFaultsSchema, type ProviderFaults } from '../../../shared/providers/sandbox-faults.ts';
import { useOperator } from '../../lib/operator.ts';
import { ReportQueryState } from '../reports/ReportQueryState.tsx';
import { faultsQuery, refreshProviders, saveFaults } from './queries.ts';

const PROVIDERS = THIRD_PARTY_PROVIDERS.filter((p) => !INACTIVE_PROVIDERS.includes(p));
const SWITCHES = ['down', 'balanceFails', 'recordsTwice', 'recordsOutOfOrder', 'wrongSignature'] as const;

export default function ProviderFaultsPage() {
  const [provider, setProvider] = useState<string>('PP');
  const state = useQuery(faultsQuery(provider));
  return (
    <Stack maw={640}>
      <Title order={2}>服务商沙箱故障</Title>
      <NativeSelect label="平台" data={PROVIDERS} value={provider} onChange={(e) => setProvider(e.currentTarget.value)} w={200} />
      <ReportQueryState isPending={state.isPending} error={state.error} />
      {state.data &&
        (!state.data.sandbox ? (
          <Alert color="blue">该平台接入的是真实服务商，没有故障控制。</Alert>
        ) : !state.data.reachable || !state.data.faults ? (
          <Alert color="red" data-testid="provider-sandbox-unreachable">沙箱服务商无法连接，请确认沙箱服务已启动后刷新本页。</Alert>
        ) : (
          // Keyed by the provider only: a refetch must not throw away what the operator is editing.
          <FaultsForm key={provider} provider={provider} initial={state.data.faults} />
        ))}
    </Stack>
  );
}

function FaultsForm({ provider, initial }: { provider: string; initial: ProviderFaults }) {
  const queryClient = useQueryClient();
  const { can } = useOperator();
  const [draft, setDraft] = useState<ProviderFaults>(initial);
  const [reason, setReason] = useState('');
  const checked = ProviderFaultsSchema.safeParse(draft);
  const save = useMutation({
    mutationFn: () => saveFaults(provider, draft, reason.trim()),
    // The draft is what was saved: it stays as it is (no reset that could race the operator's next edit).
    onSuccess: () => {
      notifications.show({ color: 'teal', message: '故障设置已保存' });
      return refreshProviders(queryClient);
    },
    onError: (error) => notifications.show({ color: 'red', title: '保存失败', message: errorMessage(error) }),
  });
  const set = <K extends keyof ProviderFaults>(key: K, value: ProviderFaults[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const readOnly = !can('providers.manage');
  return (
    <Stack gap="sm" data-testid="provider-faults">
      {SWITCHES.map((key) => (
        <Switch key={key} label={PROVIDER_FAULT_LABELS[key]} checked={draft[key]} disabled={readOnly} onChange={(e) => set(key, e.currentTarget.checked)} />
      ))}
      <NativeSelect
        label={PROVIDER_FAULT_LABELS.transferTimeout}
        disabled={readOnly}
        data={[
          { value: 'OFF', label: '正常' },
          { value: 'SUCCEED', label: '超时后成功' },
          { value: 'FAIL', label: '超时后失败' },
        ]}
        value={draft.transferTimeout}
        onChange={(e) => set('transferTimeout', e.currentTarget.value as ProviderFaults['transferTimeout'])}
      />
      <NativeSelect
        label={PROVIDER_FAULT_LABELS.duplicateReference}
        disabled={readOnly}
        data={[
          { value: 'REPLAY', label: '返回首次结果' },
          { value: 'REJECT', label: '拒绝' },
        ]}
        value={draft.duplicateReference}
        onChange={(e) => set('duplicateReference', e.currentTarget.value as ProviderFaults['duplicateReference'])}
      />
      <NumberInput label={PROVIDER_FAULT_LABELS.delayMs} min={0} max={120_000} allowDecimal={false} disabled={readOnly} value={draft.delayMs} onChange={(v) => set('delayMs', typeof v === 'number' ? v : 0)} />
      {!checked.success && <Text c="red" size="sm">请输入有效的数值</Text>}
      {!readOnly && (
        <>
          <TextInput label="操作原因（记入审计日志，必填）" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={200} />
          <Group>
            <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!checked.success || reason.trim().length < 2}>
              保存
            </Button>
            <Button variant="default" onClick={() => setDraft(initial)}>
              还原
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
