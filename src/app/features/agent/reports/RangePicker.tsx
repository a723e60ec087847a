import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { clampRange, DATE_PRESET_LABELS, pickerWindow, presetRange, type DatePreset } from './date-presets.ts';
import type { DateRange } from './report-queries.ts';

/** Preset buttons and two date fields (Beijing days, the last three months). */
export function RangePicker({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const { min, max } = pickerWindow();
  const set = (patch: Partial<DateRange>) => {
    const next = { ...value, ...patch };
    if (next.from && next.to) onChange(clampRange(next));
  };
  return (
    <div data-testid="report-range">
      <Group gap={4} role="group" aria-label="日期范围（北京时间）">
        {(Object.keys(DATE_PRESET_LABELS) as DatePreset[]).map((preset) => {
          const range = presetRange(preset);
          const active = value.from === range.from && value.to === range.to;
          return (
            <Button key={preset} size="compact-sm" variant={active ? 'filled' : 'default'} aria-pressed={active} onClick={() => onChange(range)}>
              {DATE_PRESET_LABELS[preset]}
            </Button>
          );
        })}
      </Group>
      <SimpleGrid cols={2} spacing="xs" mt="xs">
        <TextInput label="开始日期" type="date" min={min} max={max} value={value.from} onChange={(event) => set({ from: event.currentTarget.value })} />
        <TextInput label="结束日期" type="date" min={min} max={max} value={value.to} onChange={(event) => set({ to: event.currentTarget.value })} />
      </SimpleGrid>
    </div>
  );
}
