import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { drawTypeOptions } from './draw-type-options.ts';
import { beijingToday, DATE_PRESET_LABELS, datePresetRange, type DatePreset, type OrderFilters } from './order-filters.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from './order-labels.ts';

const STATUS_OPTIONS = [{ value: '', label: '全部状态' }, ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }))];

export function OrderFiltersBar({ filters, onChange }: { filters: OrderFilters; onChange: (change: Partial<OrderFilters>) => void }) {
  const drawTypes = useMemo(() => [{ value: '', label: '全部彩种' }, ...drawTypeOptions()], []);
  const today = beijingToday(Date.now());
  const applyPreset = (preset: DatePreset | null) => onChange(preset ? datePresetRange(preset, Date.now()) : { from: undefined, to: undefined });
  return (
    <div data-testid="order-filters">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <NativeSelect label="彩种" data={drawTypes} value={filters.drawType ?? ''} onChange={(e) => onChange({ drawType: e.currentTarget.value })} data-testid="filter-drawType" />
        <NativeSelect
          label="状态"
          data={STATUS_OPTIONS}
          value={filters.status ?? ''}
          onChange={(e) => onChange({ status: (e.currentTarget.value || undefined) as OrderStatus | undefined })}
          data-testid="filter-status"
        />
        <TextInput label="开始日期" type="date" max={today} value={filters.from ?? ''} onChange={(e) => onChange({ from: e.currentTarget.value })} data-testid="filter-from" />
        <TextInput label="结束日期" type="date" max={today} value={filters.to ?? ''} onChange={(e) => onChange({ to: e.currentTarget.value })} data-testid="filter-to" />
      </SimpleGrid>
      <Group gap={4} mt="xs" role="group" aria-label="日期范围（北京时间）">
        {(Object.keys(DATE_PRESET_LABELS) as DatePreset[]).map((preset) => {
          const range = datePresetRange(preset, Date.now());
          const active = filters.from === range.from && filters.to === range.to;
          return (
            <Button key={preset} size="compact-sm" variant={active ? 'filled' : 'default'} onClick={() => applyPreset(preset)} aria-pressed={active}>
              {DATE_PRESET_LABELS[preset]}
            </Button>
          );
        })}
        <Button size="compact-sm" variant={!filters.from && !filters.to ? 'filled' : 'default'} onClick={() => applyPreset(null)} aria-pressed={!filters.from && !filters.to}>
          全部日期
        </Button>
      </Group>
    </div>
  );
}
