import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { OrderTotals as Totals } from '../../../shared/api/orders.ts';
import { formatMoney } from '../../../shared/money.ts';
import { formatSignedMoney } from './order-labels.ts';

function Figure({ label, value, testId, color }: { label: string; value: string; testId: string; color?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={color} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

/** The filter's totals over every page: stake, payout and profit (settled orders only, as each order's 盈亏). */
export function OrderTotals({ totals }: { totals: Totals }) {
  // Red for a win and green for a loss, as Chinese lottery pages colour them.
  const profitColor = totals.profit > 0 ? 'red.8' : totals.profit < 0 ? 'green.8' : undefined;
  return (
    <Paper withBorder p="xs" data-testid="orders-totals" aria-label="合计">
      <SimpleGrid cols={3} spacing="xs">
        <Figure label="投注合计" value={formatMoney(totals.stake)} testId="orders-total-stake" />
        <Figure label="派奖合计" value={formatMoney(totals.payout)} testId="orders-total-payout" />
        <Figure label="盈亏合计" value={formatSignedMoney(totals.profit)} testId="orders-total-profit" color={profitColor} />
      </SimpleGrid>
    </Paper>
  );
}
