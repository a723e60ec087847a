import { Button, Group, Paper, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DrawnIssue } from '../../../shared/api/draws.ts';
import type { OrderSummary } from '../../../shared/api/orders.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { useOnline } from '../../lib/online.ts';
import { applyCancelledOrder, cancelOrderRequest } from './order-queries.ts';
import { useBefore } from './use-before.ts';

/** 撤单: offered while the order is pending and its issue is on sale; the server has the last word. */
export function CancelOrderButton({ order, issue }: { order: OrderSummary; issue: DrawnIssue | undefined }) {
  const onSale = useBefore(issue?.state === 'OPEN' ? issue.closesAt : null);
  if (order.status !== 'PENDING' || !onSale) return null;
  return <CancelOrderAction orderId={order.orderId} />;
}

function CancelOrderAction({ orderId }: { orderId: string }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelOrderRequest(orderId),
    onSuccess: ({ order, balance }) => {
      applyCancelledOrder(queryClient, order, balance);
      toastSuccess('撤单成功，投注金额已退回余额');
    },
    onError: (error) => toastError(errorMessage(error)),
    onSettled: () => setConfirming(false),
  });
  if (!confirming) {
    return (
      <Group justify="flex-end">
        <Button variant="outline" color="red" onClick={() => setConfirming(true)} disabled={!online} data-testid="cancel-order">
          {online ? '撤单' : '联网后才能撤单'}
        </Button>
      </Group>
    );
  }
  return (
    <Paper withBorder p="sm" radius="md" data-testid="cancel-order-confirm">
      <Text size="sm">确定撤销此订单吗？投注金额将退回余额。</Text>
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
          再想想
        </Button>
        <Button color="red" onClick={() => cancel.mutate()} loading={cancel.isPending}>
          确认撤单
        </Button>
      </Group>
    </Paper>
  );
}
