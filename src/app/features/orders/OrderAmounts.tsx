import { SimpleGrid, Text } from '@mantine/core';
import type { OrderSummary } from '../../../shared/api/orders.ts';
import { formatMoney } from '../../../shared/money.ts';
import { formatSignedMoney, orderProfit } from './order-labels.ts';

function Amount({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

export function OrderAmounts({ order }: { order: OrderSummary }) {
  const profit = orderProfit(order);
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="sm">
      <Amount label="注数" value={String(order.betCount)} testId="order-bet-count" />
      <Amount label="投注金额" value={formatMoney(order.totalStake)} testId="order-stake" />
      <Amount label="派奖" value={formatMoney(order.payout)} testId="order-payout" />
      <Amount label="返点" value={formatMoney(order.rebate)} testId="order-rebate" />
      <Amount label="盈亏" value={profit === null ? '—' : formatSignedMoney(profit)} testId="order-profit" strong />
    </SimpleGrid>
  );
}
