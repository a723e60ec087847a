import { Alert, Group, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { useIsPhone } from '../../lib/device.ts';
import { takeEscapeForDetail } from './order-detail-escape.ts';
import { useCloseOrderDetail } from './order-detail-search.ts';
import { orderDetailQueryOptions } from './order-queries.ts';
import { OrderDetailView } from './OrderDetailView.tsx';

/** Above overlay routes (Mantine's modal layer is 200): the detail can open over the order list. */
const DETAIL_Z_INDEX = 210;

export default function OrderDetailModal({ orderId }: { orderId: string }) {
  const close = useCloseOrderDetail();
  const phone = useIsPhone();
  useEffect(() => takeEscapeForDetail(close), [close]);
  return (
    <Dialog
      opened
      onClose={close}
      title="订单详情"
      fullScreen={phone}
      size="lg"
      zIndex={DETAIL_Z_INDEX}
      closeOnEscape={false}
      transitionProps={{ duration: 150 }}
      testId="order-detail"
    >
      <OrderDetailContent orderId={orderId} />
    </Dialog>
  );
}

function OrderDetailContent({ orderId }: { orderId: string }) {
  const query = useQuery(orderDetailQueryOptions(orderId));
  if (query.data) return <OrderDetailView order={query.data} />;
  if (query.isError) {
    return (
      <Alert color="red" title="无法查看订单">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  if (query.fetchStatus === 'paused') {
    return <Alert title="网络已断开">联网后即可查看此订单的详情</Alert>;
  }
  return (
    <Group justify="center" py="xl">
      <Loader size="sm" aria-label="加载中" />
    </Group>
  );
}
