// The read-only detail of a member's order, loaded when first opened (the bet list and result views
// are most of the order page's weight).
import { Divider, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TeamOrderDetail } from '../../../../shared/api/agent-team.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { useIsPhone } from '../../../lib/device.ts';
import { OrderAmounts } from '../../orders/OrderAmounts.tsx';
import { OrderBetList } from '../../orders/OrderBetList.tsx';
import { OrderHeader } from '../../orders/OrderHeader.tsx';
import { OrderResult } from '../../orders/OrderResult.tsx';
import { QueryState } from './QueryState.tsx';
import { teamOrderDetailQueryOptions } from './team-queries.ts';

/** Above the overlay route (Mantine's modal layer is 200). */
const DETAIL_Z_INDEX = 210;

export default function TeamOrderDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const phone = useIsPhone();
  const query = useQuery(teamOrderDetailQueryOptions(orderId));
  return (
    <Dialog opened onClose={onClose} title="订单详情" fullScreen={phone} size="lg" zIndex={DETAIL_Z_INDEX} testId="team-order-detail">
      {query.data ? <TeamOrderView order={query.data} /> : <QueryState query={query} offlineText="联网后即可查看此订单" />}
    </Dialog>
  );
}

/** The member's order as the member sees it, without the member's own actions (cancelling). */
function TeamOrderView({ order }: { order: TeamOrderDetail }) {
  return (
    <Stack gap="md" data-testid="team-order-view">
      <Text size="sm">
        会员 <b>{order.username}</b>
      </Text>
      <OrderHeader order={order} />
      <OrderResult drawType={order.drawType} result={order.result} status={order.status} />
      <OrderAmounts order={order} />
      <Divider label="投注内容" labelPosition="left" />
      <OrderBetList order={order} />
    </Stack>
  );
}
