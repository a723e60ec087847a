import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { usePreference } from '../../../lib/preferences/use-preference.ts';
import { preferences, PreferenceValidationError } from '../../../lib/preferences/store.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { checkMultiplier } from './multiplier.ts';
import { memo } from 'react';

interface MultiplierInputProps {
  text: string;
  methodMax: number;
  onChange: (text: string) => void;
}

function saveCustom(value: number) {
  try {
    preferences.set('customBetMultiplier', value);
    toastSuccess(`已将 ${value} 倍设为自定义倍数`);
  } catch (error) {
    if (error instanceof PreferenceValidationError) toastError(error.message);
    else throw error;
  }
}

/** 倍数 with −/+, the recent multipliers and the player's custom multiplier (spec §3.4). */
export const MultiplierInput = memo(function MultiplierInput({ text, methodMax, onChange }: MultiplierInputProps) {
  const [recent] = usePreference('recentBetMultipliers');
  const [custom] = usePreference('customBetMultiplier');
  const check = checkMultiplier(text, methodMax);
  const step = (delta: number) => {
    const current = check.ok ? check.value : 1;
    onChange(String(Math.min(Math.max(current + delta, 1), methodMax)));
  };
  return (
    <Stack gap={4}>
      <Group gap={4} wrap="nowrap" align="flex-end">
        <ActionIcon variant="default" size="lg" aria-label="减少倍数" onClick={() => step(-1)}>
          −
        </ActionIcon>
        <TextInput
          label="倍数"
          inputMode="numeric"
          w={96}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={check.ok ? undefined : check.message}
          data-testid="multiplier"
        />
        <ActionIcon variant="default" size="lg" aria-label="增加倍数" onClick={() => step(1)}>
          +
        </ActionIcon>
      </Group>
      <Group gap={4} wrap="wrap">
        {recent.length > 0 && (
          <Text size="xs" c="dimmed">
            最近
          </Text>
        )}
        {recent.map((m) => (
          <Button key={m} size="compact-xs" variant="default" aria-label={`使用最近倍数 ${m} 倍`} onClick={() => onChange(String(m))}>
            {m}倍
          </Button>
        ))}
        {custom !== null && (
          <Button size="compact-xs" variant="light" aria-label={`使用自定义倍数 ${custom} 倍`} onClick={() => onChange(String(custom))}>
            自定义 {custom}倍
          </Button>
        )}
        <Button size="compact-xs" variant="subtle" disabled={!check.ok} onClick={() => check.ok && saveCustom(check.value)}>
          设为自定义
        </Button>
      </Group>
    </Stack>
  );
});
