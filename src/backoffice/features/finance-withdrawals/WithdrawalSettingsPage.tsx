// 提现设置: limits, fees, the automatic audit's thresholds and the enabled payout kinds. Saving is an
// audited write with a reason; roles that may only read see the form disabled.
import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PAYOUT_KIND_NAMES, PAYOUT_KINDS, type PayoutKind } from '../../../shared/api/withdrawals.ts';
import type { WithdrawalSettings } from '../../../shared/backoffice/finance-withdrawals.ts';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { ReasonModal } from '../../components/ReasonModal.tsx';
import { useOperator } from '../../lib/operator.ts';
import { COUNT_FIELDS, FIELD_LABELS, fromValues, MONEY_FIELDS, toValues, type SettingsValues } from './settings-form.ts';
import { refreshWithdrawals, saveSettings, settingsQuery } from './queries.ts';

export default function WithdrawalSettingsPage() {
  const settings = useQuery(settingsQuery());
  return (
    <Stack maw={900}>
      <Title order={2}>提现设置</Title>
      {settings.data ? (
        <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
      ) : settings.error ? (
        <ErrorBlock error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <LoadingBlock />
      )}
    </Stack>
  );
}

function SettingsForm({ settings }: { settings: WithdrawalSettings }) {
  const queryClient = useQueryClient();
  const { can } = useOperator();
  const editable = can('finance.settings.manage');
  const [values, setValues] = useState<SettingsValues>(() => toValues(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<WithdrawalSettings | null>(null);
  const set = (field: keyof SettingsValues, value: string | PayoutKind[]) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = fromValues(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setPending(checked.settings);
  };
  const field = (name: (typeof MONEY_FIELDS)[number] | (typeof COUNT_FIELDS)[number]) => (
    <TextInput key={name} label={FIELD_LABELS[name]} value={values[name]} onChange={(event) => set(name, event.currentTarget.value)} error={errors[name]} inputMode="decimal" />
  );
  return (
    <form onSubmit={submit} noValidate aria-label="提现设置">
      <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack>
          {!editable && <Alert color="gray">当前角色只能查看提现设置。</Alert>}
          <Card withBorder>
            <Title order={4} mb="sm">
              金额与次数
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>{[...MONEY_FIELDS.slice(0, 4), 'dailyCountLimit' as const, 'feeRateBp' as const].map(field)}</SimpleGrid>
          </Card>
          <Card withBorder>
            <Title order={4} mb="sm">
              自动审核规则
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>{(['auditAmountThreshold', 'largeAmountThreshold', 'newAccountHours', 'winRatioBp', 'maxAccountsPerKind'] as const).map(field)}</SimpleGrid>
          </Card>
          <Card withBorder>
            <Checkbox.Group label="开放的提现方式" value={values.enabledKinds} onChange={(kinds) => set('enabledKinds', kinds as PayoutKind[])} error={errors.enabledKinds}>
              <Group mt="xs">
                {PAYOUT_KINDS.map((kind) => (
                  <Checkbox key={kind} value={kind} label={PAYOUT_KIND_NAMES[kind]} />
                ))}
              </Group>
            </Checkbox.Group>
          </Card>
          {editable && (
            <Group>
              <Button type="submit">保存</Button>
              <Text size="xs" c="dimmed">
                保存须填写原因，记入审计日志
              </Text>
            </Group>
          )}
        </Stack>
      </fieldset>
      <ReasonModal
        opened={pending !== null}
        title="保存提现设置"
        confirmLabel="保存"
        onClose={() => setPending(null)}
        onConfirm={async (reason) => {
          if (!pending) return;
          await saveSettings(pending, reason);
          notifications.show({ color: 'teal', message: '提现设置已保存' });
          await refreshWithdrawals(queryClient);
        }}
      />
    </form>
  );
}
