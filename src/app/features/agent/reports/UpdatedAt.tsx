import { Text } from '@mantine/core';
import { formatBeijingDateTime } from '../../../../shared/draws/schedule/beijing-time.ts';

/** When the roll-up last ran: the figures hold every movement made before it. */
export function UpdatedAt({ value }: { value: string | null }) {
  return (
    <Text size="xs" c="dimmed" data-testid="report-updated-at">
      {value ? `数据更新于 ${formatBeijingDateTime(Date.parse(value))}（北京时间），约每30秒更新一次` : '统计数据尚未生成，请稍后再看'}
    </Text>
  );
}
