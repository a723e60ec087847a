import { NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { GROUP_OPTIONS, isTransactionGroup, statementWindow, type StatementFilters } from './statement-filters.ts';

/** Type group and Beijing date range, bounded by the 30-day window (spec §9). */
export function StatementFiltersBar({
  filters,
  problem,
  onChange,
}: {
  filters: StatementFilters;
  problem: string | null;
  onChange: (change: Partial<StatementFilters>) => void;
}) {
  const { earliest, today } = statementWindow(Date.now());
  return (
    <div data-testid="statement-filters">
      <SimpleGrid cols={{ base: 3 }} spacing="xs">
        <NativeSelect
          label="类型"
          data={GROUP_OPTIONS}
          value={filters.group ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            onChange({ group: isTransactionGroup(value) ? value : undefined });
          }}
          data-testid="filter-group"
        />
        <TextInput label="开始日期" type="date" min={earliest} max={today} value={filters.from ?? ''} onChange={(e) => onChange({ from: e.currentTarget.value })} data-testid="filter-from" />
        <TextInput label="结束日期" type="date" min={earliest} max={today} value={filters.to ?? ''} onChange={(e) => onChange({ to: e.currentTarget.value })} data-testid="filter-to" />
      </SimpleGrid>
      {problem ? (
        <Text size="xs" c="red" mt={4} role="alert" data-testid="statement-filter-problem">
          {problem}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" mt={4}>
          交易记录保留最近30天（北京时间）
        </Text>
      )}
    </div>
  );
}
