import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { COOLING_OFF_WEEKS, PROTECTION_PATHS, SELF_EXCLUSION_MONTHS, type ProtectionStatus } from '../../../shared/api/accounts.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { formatBeijingTime } from './format.ts';
import { useProtectionAction } from './use-protection-action.ts';

interface ExclusionKind {
  title: string;
  unit: string;
  range: { min: number; max: number };
  path: string;
  body: (count: number) => object;
  until: (status: ProtectionStatus) => number | null;
  explanation: string;
  testId: string;
}

const KINDS: ExclusionKind[] = [
  {
    title: '冷静期',
    unit: '周',
    range: COOLING_OFF_WEEKS,
    path: PROTECTION_PATHS.coolingOff,
    body: (weeks) => ({ weeks }),
    until: (status) => status.coolingOffUntil,
    explanation: '冷静期内不能投注或充值，仍可登录查看余额、记录并提现。冷静期可以延长，不能提前结束。',
    testId: 'cooling-off',
  },
  {
    title: '自我排除',
    unit: '个月',
    range: SELF_EXCLUSION_MONTHS,
    path: PROTECTION_PATHS.selfExclusion,
    body: (months) => ({ months }),
    until: (status) => status.selfExcludedUntil,
    explanation: '自我排除期间不能投注或充值，仍可登录查看余额、记录并提现。期限可以延长，不能缩短或撤销。',
    testId: 'self-exclusion',
  },
];

/** Cooling-off and self-exclusion, each behind a confirmation that says it cannot be undone. */
export function ExclusionControls({ status }: { status: ProtectionStatus }) {
  return (
    <Stack gap="lg">
      {status.blocked && (
        <Alert color="orange" data-testid="protection-blocked">
          您当前处于{status.selfExcludedUntil ? '自我排除期' : '冷静期'}，
          {formatBeijingTime((status.selfExcludedUntil ?? status.coolingOffUntil) as number)}（北京时间）前不能投注或充值。
        </Alert>
      )}
      {KINDS.map((kind) => (
        <ExclusionControl key={kind.testId} kind={kind} until={kind.until(status)} />
      ))}
    </Stack>
  );
}

function ExclusionControl({ kind, until }: { kind: ExclusionKind; until: number | null }) {
  const [count, setCount] = useState<number>(kind.range.min);
  const [confirming, setConfirming] = useState(false);
  const save = useProtectionAction<object>(kind.path, `${kind.title}已生效`);
  return (
    <Stack gap="xs" data-testid={kind.testId}>
      <Text fw={500}>{kind.title}</Text>
      <Text size="sm" c="dimmed">
        {kind.explanation}
      </Text>
      {until !== null && <Text size="sm">当前{kind.title}至 {formatBeijingTime(until)}（北京时间）</Text>}
      <Group gap="xs" align="flex-end">
        <NumberInput
          label={`期限（${kind.unit}）`}
          min={kind.range.min}
          max={kind.range.max}
          allowDecimal={false}
          clampBehavior="strict"
          value={count}
          onChange={(value) => setCount(typeof value === 'number' ? value : kind.range.min)}
          w={140}
        />
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          {until !== null ? `延长${kind.title}` : `开启${kind.title}`}
        </Button>
      </Group>
      <Dialog opened={confirming} onClose={() => setConfirming(false)} title={`确认${kind.title}`} size="sm" testId={`${kind.testId}-confirm`}>
        <Text>
          确定开启 {count} {kind.unit}的{kind.title}吗？期间不能投注或充值，且不能提前结束。
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            取消
          </Button>
          <Button
            color="red"
            loading={save.isPending}
            onClick={() => save.mutate(kind.body(count), { onSuccess: () => setConfirming(false) })}
          >
            确认
          </Button>
        </Group>
      </Dialog>
    </Stack>
  );
}
