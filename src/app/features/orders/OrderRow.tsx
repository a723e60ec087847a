import { Group, Text, UnstyledButton } from '@mantine/core';
import type { OrderSummary } from '../../../shared/api/orders.ts';
import { formatMoney } from '../../../shared/money.ts';
import { formatBeijingMinute } from './order-filters.ts';
import { drawTypeName, issueLabel, playModeLabel } from './order-labels.ts';
import { OrderStatusBadge } from './OrderStatusBadge.tsx';

/** One order in the list; the whole row opens its detail. */
export function OrderRow({ order, onOpen }: { order: OrderSummary; onOpen: (orderId: string) => void }) {
  const settled = order.status === 'WON' || order.status === 'LOST';
  return (
    <li style={{ listStyle: 'none' }}>
      <UnstyledButton
        onClick={() => onOpen(order.orderId)}
        data-testid="order-row"
        data-order-id={order.orderId}
        data-status={order.status}
        style={{ display: 'block', width: '100%', padding: '10px 4px', borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} truncate>
            {drawTypeName(order.drawType)}
            <Text span fw={400} size="sm">
              {' '}
              {issueLabel(order.drawType, order.issueNumber, 'short')} · {playModeLabel(order.playMode)}
            </Text>
          </Text>
          <OrderStatusBadge status={order.status} />
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs" mt={2}>
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            投注 {formatMoney(order.totalStake)}
            {settled && (
              <Text span size="sm" c={order.payout > 0 ? 'red.8' : undefined} data-testid="order-row-payout">
                {' '}
                · 派奖 {formatMoney(order.payout)}
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatBeijingMinute(order.createdAt)}
          </Text>
        </Group>
      </UnstyledButton>
    </li>
  );
}
