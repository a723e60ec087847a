import { Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '../../../shared/api/orders.ts';
import { drawnIssueQueryOptions } from '../fairness/draw-queries.ts';
import { CancelOrderButton } from './CancelOrderButton.tsx';
import { DrawFairnessNote } from './DrawFairnessNote.tsx';
import { isInstantDrawType } from './order-labels.ts';
import { OrderAmounts } from './OrderAmounts.tsx';
import { OrderBetList } from './OrderBetList.tsx';
import { OrderHeader } from './OrderHeader.tsx';
import { OrderResult } from './OrderResult.tsx';

export function OrderDetailView({ order }: { order: OrderDetail }) {
  const instant = isInstantDrawType(order.drawType);
  const issue = useQuery({ ...drawnIssueQueryOptions(order.drawType, order.issueNumber), enabled: !instant }).data;
  return (
    <Stack gap="md" data-testid="order-detail-view" data-status={order.status}>
      <OrderHeader order={order} />
      <OrderResult drawType={order.drawType} result={order.result} status={order.status} />
      <OrderAmounts order={order} />
      <CancelOrderButton order={order} issue={issue} />
      <Divider label="投注内容" labelPosition="left" />
      <OrderBetList order={order} />
      <Divider label="开奖公平性" labelPosition="left" />
      <DrawFairnessNote order={order} issue={issue} />
    </Stack>
  );
}
