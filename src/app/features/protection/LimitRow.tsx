import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PROTECTION_PATHS, SetLimitBodySchema, type LimitStatus, type SetLimitBody } from '../../../shared/api/accounts.ts';
import { formatMoney } from '../../../shared/money.ts';
import { firstError, readAmount } from '../../../shared/validation/index.ts';
import { toastError } from '../../lib/notify.ts';
import { formatBeijingTime } from './format.ts';
import { LIMIT_KIND_LABELS, LIMIT_PERIOD_LABELS } from './labels.ts';
import { useProtectionAction } from './use-protection-action.ts';

/** One limit (e.g. 每日亏损限额): what is in force, what is used, a pending raise, and the change form. */
export function LimitRow({ limit }: { limit: LimitStatus }) {
  const [text, setText] = useState('');
  const save = useProtectionAction<SetLimitBody>(PROTECTION_PATHS.limits, '限额已提交');
  const label = `${LIMIT_PERIOD_LABELS[limit.period]}${LIMIT_KIND_LABELS[limit.kind]}`;
  const testId = `limit-${limit.kind}-${limit.period}`;

  const submit = () => {
    // An unreadable amount is NaN, which the shared schema refuses with its own message.
    const body = { kind: limit.kind, period: limit.period, amount: readAmount(text.trim()) ?? Number.NaN };
    const problem = firstError(SetLimitBodySchema, body);
    if (problem) return toastError(problem);
    save.mutate(body, { onSuccess: () => setText('') });
  };

  return (
    <Stack gap={4} data-testid={testId}>
      <Group justify="space-between" wrap="wrap">
        <Text fw={500}>{label}</Text>
        <Text size="sm" data-testid={`${testId}-current`}>
          {limit.amount === null ? '未设置' : `${formatMoney(limit.amount)}（本期已用 ${formatMoney(limit.used)}）`}
        </Text>
      </Group>
      {limit.pending && (
        <Text size="sm" c="orange" data-testid={`${testId}-pending`}>
          待生效：{limit.pending.amount === null ? '取消限额' : formatMoney(limit.pending.amount)}，将于 {formatBeijingTime(limit.pending.effectiveAt)}（北京时间）生效
        </Text>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          aria-label={`${label}（元）`}
          placeholder="输入新限额（元）"
          inputMode="decimal"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button onClick={submit} loading={save.isPending}>
          保存
        </Button>
        {limit.amount !== null && (
          <Button variant="default" onClick={() => save.mutate({ kind: limit.kind, period: limit.period, amount: null })} disabled={save.isPending}>
            取消限额
          </Button>
        )}
      </Group>
    </Stack>
  );
}
