import { Anchor, Badge, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { OrderSummary } from '../../../../shared/api/orders.ts';
import { shortDrawNumber } from '../../../../shared/draws/display.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { asRouteHref, useCapabilities } from '../../../capabilities/capabilities.tsx';
import { AutobetListLink } from '../../autobet/index.ts';
import { useOpenOrderDetail } from '../../orders/order-detail-search.ts';
import { useOnline } from '../../../lib/online.ts';
import { useCurrentCustomer } from '../../session/use-current-customer.ts';
import { LastKnownAge } from '../common/LastKnownAge.tsx';
import { BALANCE_QUERY_KEY } from '../../wallet/wallet-queries.ts';
import { currentDrawQueryOptions } from '../draws/draw-queries.ts';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS, orderTime } from './order-labels.ts';
import { gameOrdersQueryKey, gameOrdersQueryOptions } from './order-queries.ts';

const ORDERS_OVERLAY = '/account/order';

function OrderRow({ order, instant, onOpen }: { order: OrderSummary; instant: boolean; onOpen: ((orderId: string) => void) | null }) {
  const settled = order.status === 'WON' || order.status === 'LOST';
  const cells = (
    <>
      <span className="jl-order-cell">
        <Text component="span" size="sm" fw={600}>
          {instant ? `订单 ${order.orderId}` : `${shortDrawNumber(order.issueNumber)}期`}
        </Text>
        <Text component="span" size="xs" c="dimmed">
          {orderTime(order.createdAt)} · {order.betCount}注
        </Text>
      </span>
      <span className="jl-order-cell jl-order-amounts">
        <Text component="span" size="sm" data-testid="order-stake">
          投注 {formatMoney(order.totalStake)}
        </Text>
        {settled && (
          <Text
            component="span"
            size="sm"
            c={order.payout > 0 ? undefined : 'dimmed'}
            className={order.payout > 0 ? 'jl-danger' : undefined}
            data-testid="order-payout"
          >
            派奖 {formatMoney(order.payout)}
          </Text>
        )}
      </span>
      <Badge component="span" color={ORDER_STATUS_COLORS[order.status]} variant="light" className="jl-order-status">
        {ORDER_STATUS_LABELS[order.status]}
      </Badge>
    </>
  );
  return (
    <li data-testid="my-order" data-order-id={order.orderId} data-status={order.status}>
      {onOpen ? (
        <button type="button" className="jl-order-row jl-order-open" onClick={() => onOpen(order.orderId)}>
          {cells}
          <span className="jl-visually-hidden">查看详情</span>
        </button>
      ) : (
        <div className="jl-order-row">{cells}</div>
      )}
    </li>
  );
}

/** Refreshes the list when a new result comes in; the balance follows once an order settles. */
function useRefreshOnResult(drawType: string, orders: readonly OrderSummary[] | undefined) {
  const queryClient = useQueryClient();
  const latest = useQuery({ ...currentDrawQueryOptions(drawType), enabled: false }).data?.latest?.issueNumber;
  useEffect(() => {
    if (latest !== undefined) void queryClient.invalidateQueries({ queryKey: gameOrdersQueryKey(drawType) });
  }, [queryClient, drawType, latest]);
  const pending = useRef(new Set<string>());
  useEffect(() => {
    if (!orders) return;
    const settledNow = orders.some((o) => o.status !== 'PENDING' && pending.current.has(o.orderId));
    pending.current = new Set(orders.filter((o) => o.status === 'PENDING').map((o) => o.orderId));
    // The live stream also sends the balance; this covers a stream that is reconnecting.
    if (settledNow) void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
  }, [queryClient, orders]);
}

function OrderList({ drawType, instant }: { drawType: string; instant: boolean }) {
  const queryClient = useQueryClient();
  const openDetail = useOpenOrderDetail();
  const canOpen = useCapabilities().feature('orderDetail');
  const { data, isPending, dataUpdatedAt } = useQuery(gameOrdersQueryOptions(drawType, queryClient));
  const online = useOnline();
  useRefreshOnResult(drawType, data?.items);
  if (!online && !data) {
    return (
      <Text size="sm" c="dimmed">
        网络已断开，暂无已保存的投注记录
      </Text>
    );
  }
  if (isPending) return <Skeleton height={120} />;
  const age = !online && <LastKnownAge fetchedAt={dataUpdatedAt} testId="orders-age" />;
  if (!data || data.items.length === 0) {
    return (
      <>
        {age}
        <Text size="sm" c="dimmed">
          暂无投注记录
        </Text>
      </>
    );
  }
  return (
    <>
      {age}
      <ul className="jl-order-list">
        {data.items.map((order) => (
          <OrderRow key={order.orderId} order={order} instant={instant} onOpen={canOpen ? openDetail : null} />
        ))}
      </ul>
    </>
  );
}

/** The player's latest orders on this draw type, with a link to the full order list when it exists. */
export function MyOrders({ drawType, instant }: { drawType: string; instant: boolean }) {
  const customer = useCurrentCustomer();
  const router = useRouter();
  const hasOrdersPage = (router.routesByPath as unknown as Record<string, unknown>)[ORDERS_OVERLAY] !== undefined;
  return (
    <Paper withBorder p="sm" data-testid="my-orders">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          我的投注
        </Title>
        <Group gap="sm">
          <AutobetListLink drawType={drawType} />
          {customer && hasOrdersPage && (
            <Anchor component={Link} to={asRouteHref(ORDERS_OVERLAY)} size="sm" resetScroll={false}>
              全部订单
            </Anchor>
          )}
        </Group>
      </Group>
      {customer ? (
        <OrderList drawType={drawType} instant={instant} />
      ) : (
        <Text size="sm" c="dimmed">
          登录后查看投注记录
        </Text>
      )}
    </Paper>
  );
}
