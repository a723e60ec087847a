import { Button, Group, Stack, TextInput } from '@mantine/core';
import { lazy, memo, Suspense, useState } from 'react';
import { usePreference } from '../../../lib/preferences/use-preference.ts';
import { checkAmount, chipLabel, chipValues } from './chips.ts';

const ChipSettings = lazy(() => import('./ChipSettings.tsx'));

interface ChipBarProps {
  amountText: string;
  onAmount: (text: string) => void;
}

/** The five chips (spec §3.4 boardChips) as quick amounts; they live in the bet bar, always in reach. */
export const ChipButtons = memo(function ChipButtons({ amountText, onAmount }: ChipBarProps) {
  const [stored] = usePreference('boardChips');
  const check = checkAmount(amountText);
  return (
    <div className="jl-chips" role="group" aria-label="筹码">
      {chipValues(stored).map((value, i) => (
        <button
          key={i}
          type="button"
          className="jl-chip"
          data-slot={i}
          aria-pressed={check.ok && check.yuan === value}
          aria-label={`筹码 ${value} 元`}
          onClick={() => onAmount(String(value))}
        >
          {chipLabel(value)}
        </button>
      ))}
    </div>
  );
});

/** The amount per bet (the chips set it), 加倍, 清零 and the chips' settings. */
export const ChipBar = memo(function ChipBar({ amountText, onAmount }: ChipBarProps) {
  const [editing, setEditing] = useState(false);
  const check = checkAmount(amountText);
  return (
    <Stack gap="xs" data-testid="chip-bar">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="每注金额（元）"
          inputMode="numeric"
          w={140}
          value={amountText}
          onChange={(event) => onAmount(event.currentTarget.value)}
          error={check.ok ? undefined : check.message}
          data-testid="board-amount"
        />
        <Button variant="default" onClick={() => onAmount(String(check.ok ? check.yuan * 2 : 1))}>
          加倍
        </Button>
        <Button variant="subtle" color="gray" onClick={() => onAmount('')}>
          清零
        </Button>
        <Button variant="subtle" onClick={() => setEditing(true)}>
          设置筹码
        </Button>
      </Group>
      {editing && (
        <Suspense fallback={null}>
          <ChipSettings onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </Stack>
  );
});
