import { Group, Text } from '@mantine/core';
import type { OrderSummary } from '../../../shared/api/orders.ts';
import { formatBeijingMinute } from './order-filters.ts';
import { drawTypeName, issueLabel, playModeLabel } from './order-labels.ts';
import { OrderStatusBadge } from './OrderStatusBadge.tsx';

export function OrderHeader({ order }: { order: OrderSummary }) {
  return (
    <div>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={700} size="lg">
            {drawTypeName(order.drawType)}
          </Text>
          <Text size="sm">
            {issueLabel(order.drawType, order.issueNumber, 'full')} · {playModeLabel(order.playMode)}
            {order.isAutoBet && ' · 追号'}
          </Text>
        </div>
        <OrderStatusBadge status={order.status} />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        订单号 {order.orderId} · 下单时间 {formatBeijingMinute(order.createdAt)}
      </Text>
    </div>
  );
}
