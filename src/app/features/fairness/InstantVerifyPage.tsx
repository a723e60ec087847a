import { Alert, Group, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '../../../shared/api/orders.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { orderDetailQueryOptions } from '../orders/order-queries.ts';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import { InstantVerification } from './InstantVerification.tsx';
import { instantFieldsFrom } from './verification-inputs.ts';
import { VerifyPageFrame } from './VerifyPageFrame.tsx';

const DEFAULT_INSTANT_TYPE = 'MKSSC';

export function InstantVerifyPage({ orderId }: { orderId: string }) {
  const customer = useCurrentCustomer();
  const query = useQuery({ ...orderDetailQueryOptions(orderId), enabled: customer !== null });
  const order = query.data;
  const waiting = customer !== null && query.isPending && query.fetchStatus === 'fetching';
  return (
    <VerifyPageFrame title={`秒开订单 ${orderId} 开奖验证`}>
      {waiting ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="加载中" />
        </Group>
      ) : (
        <>
          <OrderDataNote loggedIn={customer !== null} order={order} error={query.isError ? errorMessage(query.error) : null} />
          <InstantVerification key={order ? 'order' : 'empty'} initial={instantFieldsFrom(DEFAULT_INSTANT_TYPE, order?.fairness ? order : undefined)} />
        </>
      )}
    </VerifyPageFrame>
  );
}

function OrderDataNote({ loggedIn, order, error }: { loggedIn: boolean; order: OrderDetail | undefined; error: string | null }) {
  if (!loggedIn) return <Alert title="未登录">登录后可自动填入本单的数据；您也可以手动填写下列数据。</Alert>;
  if (error) return <Alert color="orange" title="无法读取本单数据">{error}。您仍可手动填写下列数据进行验证。</Alert>;
  if (!order) return <Alert title="离线">联网后可自动填入本单的数据；您也可以手动填写下列数据。</Alert>;
  if (!order.fairness) return <Alert color="orange" title="不是秒开订单">此订单按期开奖，请在订单详情中打开本期的开奖验证。</Alert>;
  if (!order.fairness.serverSeed) {
    return (
      <Alert title="服务器种子尚未公开" data-testid="verify-seed-pending">
        秒开订单的服务器种子在您更换服务器种子后才会公开，届时即可在此验证本单。下方已填入下注前公布的种子哈希、客户端种子和随机数。
      </Alert>
    );
  }
  return null;
}
