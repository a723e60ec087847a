import { Group, Stack, Text } from '@mantine/core';
import type { TransactionEntry } from '../../../../shared/api/wallet.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { formatBeijingDateTime } from '../../../../shared/draws/schedule/beijing-time.ts';

const signed = (amount: number) => (amount > 0 ? `+${formatMoney(amount)}` : formatMoney(amount));

/** One ledger entry: type and time on the left, the signed amount and the balance after on the right. */
export function TransactionRow({ entry }: { entry: TransactionEntry }) {
  return (
    <li
      style={{ listStyle: 'none', padding: '10px 0', borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-testid="transaction-row"
      data-type={entry.type}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" data-testid="transaction-type">
            {entry.typeLabel}
          </Text>
          <Text size="xs" c="dimmed" data-testid="transaction-time">
            {formatBeijingDateTime(entry.createdAt)}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end" style={{ fontVariantNumeric: 'tabular-nums' }}>
          <Text fw={600} size="sm" c={entry.amount > 0 ? 'green' : 'red'} data-testid="transaction-amount">
            {signed(entry.amount)}
          </Text>
          <Text size="xs" c="dimmed" data-testid="transaction-balance">
            余额 {formatMoney(entry.balanceAfter)}
          </Text>
        </Stack>
      </Group>
    </li>
  );
}
