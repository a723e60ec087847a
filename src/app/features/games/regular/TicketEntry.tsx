import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { memo, useDeferredValue, useMemo } from 'react';
import { parseTickets, type EntryFormat } from '../../../../shared/lottery/index.ts';
import { formatTicket } from './regular-line.ts';

const SHOWN_PROBLEMS = 12;

function ProblemList({ label, items }: { label: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  const shown = items.slice(0, SHOWN_PROBLEMS).join('、');
  return (
    <Text size="xs" className="jl-danger">
      {label}（{items.length}）：{shown}
      {items.length > SHOWN_PROBLEMS ? ' …' : ''}
    </Text>
  );
}

interface TicketEntryProps {
  drawType: string;
  methodId: string;
  format: EntryFormat;
  text: string;
  onChange: (text: string) => void;
}

/** 单式: tickets typed or pasted, parsed by the engine; invalid and repeated tickets are listed. */
export const TicketEntry = memo(function TicketEntry({ drawType, methodId, format, text, onChange }: TicketEntryProps) {
  // Parsing thousands of pasted tickets must not slow typing down.
  const deferred = useDeferredValue(text);
  const parsed = useMemo(() => parseTickets(drawType, methodId, deferred), [drawType, methodId, deferred]);
  const tidy = () => onChange(parsed.entries.map((entry) => formatTicket(entry, format)).join('\n'));
  return (
    <Stack gap={6}>
      <Textarea
        label="输入号码"
        description={`${format.hint}；每注之间用空格、逗号、分号或换行隔开`}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={4}
        maxRows={10}
        spellCheck={false}
        data-testid="ticket-entry"
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm" data-testid="ticket-valid-count">
          有效号码 {parsed.entries.length} 注
        </Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="default" disabled={parsed.invalid.length + parsed.duplicates.length === 0} onClick={tidy}>
            删除错误和重复号码
          </Button>
          <Button size="compact-sm" variant="default" disabled={text === ''} onClick={() => onChange('')}>
            清空
          </Button>
        </Group>
      </Group>
      <ProblemList label="错误号码" items={parsed.invalid} />
      <ProblemList label="重复号码" items={parsed.duplicates} />
    </Stack>
  );
});
