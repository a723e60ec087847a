import { List, Text } from '@mantine/core';

export interface VerificationCheck {
  label: string;
  ok: boolean;
  detail: string;
}

/** The numbered ✓ / ✗ checks of a verification page (red packets, jackpot rounds). */
export function CheckList({ checks }: { checks: readonly VerificationCheck[] }) {
  return (
    <List type="ordered" spacing={4} size="sm">
      {checks.map((check) => (
        <List.Item key={check.label} style={{ wordBreak: 'break-all' }}>
          <Text span fw={700} size="sm" c={check.ok ? 'teal.9' : 'red.9'}>
            {check.ok ? '✓' : '✗'} {check.label}
          </Text>
          ：{check.detail}
        </List.Item>
      ))}
    </List>
  );
}
