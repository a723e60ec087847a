import { Badge } from '@mantine/core';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS, type OrderStatus } from './order-labels.ts';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={ORDER_STATUS_COLORS[status]} variant="filled" data-testid="order-status">
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
