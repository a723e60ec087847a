import { Code, Text } from '@mantine/core';

/** A recorded value as indented JSON; "无" for nothing. */
export function JsonBlock({ value }: { value: unknown }) {
  if (value === null || value === undefined) {
    return (
      <Text size="sm" c="dimmed">
        无
      </Text>
    );
  }
  return (
    <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}
