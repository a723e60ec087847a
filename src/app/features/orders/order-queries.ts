// Orders in the query cache. They belong to the customer (prefix `user`: logout drops them). The
// unfiltered first page and the details persist, so recent orders open offline; filtered pages are
// not worth the space in IndexedDB.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  OrderDetailSchema,
  OrderListSchema,
  ORDERS_PATHS,
  PlaceOrderResponseSchema,
  type OrderDetail,
  type OrderListQuery,
} from '../../../shared/api/orders.ts';
import { apiGet, apiRequest } from '../../lib/api/client.ts';
import { BALANCE_QUERY_KEY } from '../wallet/wallet-queries.ts';
import { isRecentOrdersQuery, orderListPath } from './order-filters.ts';
import { orderDetailQueryKey, ORDERS_QUERY_KEY } from './order-keys.ts';

export const orderListQueryOptions = (query: OrderListQuery) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'list', query] as const,
    queryFn: ({ signal }) => apiGet(orderListPath(query), OrderListSchema, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    meta: { persist: isRecentOrdersQuery(query) },
  });

export const orderDetailQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderDetailQueryKey(orderId),
    queryFn: ({ signal }) => apiGet(ORDERS_PATHS.order(orderId), OrderDetailSchema, signal),
    staleTime: 15_000,
    // The live stream refreshes a settled order at once; this only covers a stream that is down.
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? 30_000 : false),
  });

export function cancelOrderRequest(orderId: string) {
  return apiRequest(ORDERS_PATHS.cancel(orderId), { method: 'PUT', schema: PlaceOrderResponseSchema });
}

/** After a cancel: the answer is the new truth for the order and the balance; lists refetch. */
export function applyCancelledOrder(queryClient: QueryClient, order: OrderDetail, balance: number): void {
  queryClient.setQueryData(orderDetailQueryKey(order.orderId), order);
  queryClient.setQueryData(BALANCE_QUERY_KEY, { balance });
  void queryClient.invalidateQueries({ queryKey: [...ORDERS_QUERY_KEY, 'list'] });
}
