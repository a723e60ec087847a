// The plan inputs: kind (同倍 / 翻倍 / 利润率), number of issues, multipliers, stop-on-win.
import { Button, Checkbox, Group, NumberInput, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import type { AutobetPlan } from '../../../shared/autobet/plan.ts';
import { PLAN_KIND_LABELS } from './autobet-labels.ts';
import type { PlanFormValues } from './plan-form.ts';

const ISSUE_SHORTCUTS = [5, 10, 20, 50];

interface PlanFormProps {
  kinds: readonly AutobetPlan['kind'][];
  values: PlanFormValues;
  onChange: (values: PlanFormValues) => void;
}

export function PlanForm({ kinds, values, onChange }: PlanFormProps) {
  const set = <K extends keyof PlanFormValues>(key: K) => (value: PlanFormValues[K]) => onChange({ ...values, [key]: value });
  const whole = { allowDecimal: false, allowNegative: false, min: 1, size: 'sm' } as const;
  return (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        aria-label="追号方式"
        value={values.kind}
        onChange={(kind) => onChange({ ...values, kind: kind as AutobetPlan['kind'] })}
        data={kinds.map((kind) => ({ value: kind, label: PLAN_KIND_LABELS[kind] }))}
        data-testid="plan-kind"
      />
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <NumberInput {...whole} label="追号期数" max={120} value={values.issues} onChange={set('issues')} data-testid="plan-issues" />
        {values.kind === 'PROFIT' ? (
          <>
            <NumberInput {...whole} label="最低倍数" value={values.minMultiplier} onChange={set('minMultiplier')} data-testid="plan-min-multiplier" />
            <NumberInput {...whole} label="最低利润率（%）" value={values.profitRate} onChange={set('profitRate')} data-testid="plan-profit-rate" />
          </>
        ) : (
          <NumberInput
            {...whole}
            label={values.kind === 'SAME' ? '每期倍数' : '起始倍数'}
            value={values.multiplier}
            onChange={set('multiplier')}
            data-testid="plan-multiplier"
          />
        )}
        {values.kind === 'DOUBLE' && (
          <>
            <NumberInput {...whole} label="每隔（期）" value={values.every} onChange={set('every')} data-testid="plan-every" />
            <NumberInput {...whole} min={2} label="翻倍倍数" value={values.factor} onChange={set('factor')} data-testid="plan-factor" />
          </>
        )}
      </SimpleGrid>
      <Group gap="xs" role="group" aria-label="快速选择期数">
        {ISSUE_SHORTCUTS.map((issues) => (
          <Button key={issues} size="compact-xs" variant={values.issues === issues ? 'filled' : 'default'} onClick={() => set('issues')(issues)}>
            {issues} 期
          </Button>
        ))}
      </Group>
      <Checkbox
        label="中奖后停止追号"
        checked={values.stopOnWin}
        onChange={(event) => set('stopOnWin')(event.currentTarget.checked)}
        data-testid="plan-stop-on-win"
      />
    </Stack>
  );
}
