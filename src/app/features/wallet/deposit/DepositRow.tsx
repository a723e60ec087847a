import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { Deposit } from '../../../../shared/api/deposits.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { paymentStatusTone } from '../../../../shared/wallet/payment-status.ts';

const TONE_COLOR = { pending: 'orange', success: 'teal', failure: 'red', neutral: 'gray' } as const;

function beijingTime(iso: string): string {
  return new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
}

/** One deposit of the history: reference, method, amount, status text, time (and why, when it failed). */
export function DepositRow({ deposit }: { deposit: Deposit }) {
  return (
    <Card component="li" withBorder padding="sm" data-testid="deposit-row" data-status={deposit.status} style={{ listStyle: 'none' }}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            {deposit.methodName}
            {deposit.sandbox && (
              <Badge component="span" size="xs" color="yellow" ml={6}>
                沙箱
              </Badge>
            )}
          </Text>
          <Badge color={TONE_COLOR[paymentStatusTone(deposit.status)]} variant="light" data-testid="deposit-status">
            {deposit.statusText}
          </Badge>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed" data-testid="deposit-reference">
            {deposit.reference}
          </Text>
          <Text size="sm" fw={600} data-testid="deposit-amount">
            {formatMoney(deposit.amount)}
          </Text>
        </Group>
        {deposit.creditedAmount !== null && deposit.creditedAmount !== deposit.amount && (
          <Text size="xs" c="dimmed" ta="right" data-testid="deposit-credited-amount">
            实际到账 {formatMoney(deposit.creditedAmount)}
          </Text>
        )}
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {beijingTime(deposit.createdAt)}
          </Text>
          {deposit.status === 'PENDING' && deposit.cashierUrl && (
            <Anchor href={deposit.cashierUrl} size="xs" data-testid="deposit-pay-link">
              去支付
            </Anchor>
          )}
        </Group>
        {deposit.failureReason && deposit.status !== 'CANCELLED' && (
          <Text size="xs" c="red" data-testid="deposit-failure-reason">
            {deposit.failureReason}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
