import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { Withdrawal } from '../../../../shared/api/withdrawals.ts';
import { formatBeijingDateTime } from '../../../../shared/draws/schedule/beijing-time.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { PAYMENT_STATUS_TEXT, paymentStatusTone, type PaymentStatusTone } from '../../../../shared/wallet/payment-status.ts';
import { CancelWithdrawalButton } from './CancelWithdrawalButton.tsx';

const TONE_COLORS: Record<PaymentStatusTone, string> = { pending: 'blue', success: 'teal', failure: 'red', neutral: 'gray' };

export function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const showReason = withdrawal.reason && (withdrawal.status === 'AUDIT_NOT_PASSED' || withdrawal.status === 'FAILED');
  return (
    <Paper component="li" withBorder p="sm" radius="md" style={{ listStyle: 'none' }} data-testid="withdrawal-row" data-reference={withdrawal.reference}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            {formatMoney(withdrawal.amount)}
          </Text>
          <Badge color={TONE_COLORS[paymentStatusTone(withdrawal.status)]} variant="light" data-testid="withdrawal-status">
            {PAYMENT_STATUS_TEXT[withdrawal.status]}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {withdrawal.reference} · {formatBeijingDateTime(Date.parse(withdrawal.createdAt))}
        </Text>
        <Text size="sm">{withdrawal.payoutAccountLabel}</Text>
        <Text size="xs" c="dimmed">
          手续费 {formatMoney(withdrawal.fee)}，实际到账 {formatMoney(withdrawal.netAmount)}
        </Text>
        {showReason && (
          <Text size="sm" c="red" data-testid="withdrawal-reason">
            原因：{withdrawal.reason}
          </Text>
        )}
        {withdrawal.cancellable && (
          <Group justify="flex-end">
            <CancelWithdrawalButton withdrawal={withdrawal} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
