// The player's orders on one draw type (the page's "我的投注"), placing an order, and the 秒开 seed.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  INSTANT_SEED_PATHS,
  InstantSeedSchema,
  OrderListSchema,
  ORDERS_PATHS,
  PlaceOrderResponseSchema,
  type PlaceOrder,
} from '../../../../shared/api/orders.ts';
import type { CurrentDraw } from '../../../../shared/api/draws.ts';
import { apiGet, apiPost } from '../../../lib/api/client.ts';
import { USER_QUERY_PREFIX } from '../../session/session-queries.ts';
import { drawQueryKeys } from '../draws/draw-queries.ts';

export const ORDERS_QUERY_KEY = [USER_QUERY_PREFIX, 'orders'] as const;
export const GAME_ORDERS_PAGE_SIZE = 10;

export const gameOrdersQueryKey = (drawType: string) => [...ORDERS_QUERY_KEY, 'draw-type', drawType] as const;

/**
 * Persisted (the player's recent orders are shown offline as last known, decisions §7) and dropped at
 * logout with the `user` prefix. Orders of an issue that has just been drawn are settled within moments: poll briefly until they
 * are; otherwise the list refreshes when an order is placed or a new result comes in.
 */
export const gameOrdersQueryOptions = (drawType: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: gameOrdersQueryKey(drawType),
    queryFn: ({ signal }) =>
      apiGet(
        `${ORDERS_PATHS.orders}?${new URLSearchParams({ drawType, pageSize: String(GAME_ORDERS_PAGE_SIZE) }).toString()}`,
        OrderListSchema,
        signal,
      ),
    staleTime: 5_000,
    refetchInterval: (query) => {
      const latest = queryClient.getQueryData<CurrentDraw>(drawQueryKeys.current(drawType))?.latest?.issueNumber;
      const settling = query.state.data?.items.some((order) => order.status === 'PENDING' && order.issueNumber === latest);
      return settling ? 2_000 : false;
    },
  });

export function placeOrder(body: PlaceOrder) {
  return apiPost(ORDERS_PATHS.orders, body, PlaceOrderResponseSchema);
}

export const INSTANT_SEED_QUERY_KEY = [USER_QUERY_PREFIX, 'instant-seed'] as const;

/**
 * 秒开: the player's active seed pair. The server makes the seed on the first call and draws instant
 * bets only from a seed whose hash it has returned, so this is fetched before any instant bet.
 */
export const instantSeedQueryOptions = () =>
  queryOptions({
    queryKey: INSTANT_SEED_QUERY_KEY,
    queryFn: ({ signal }) => apiGet(INSTANT_SEED_PATHS.seed, InstantSeedSchema, signal),
    meta: { persist: false },
    staleTime: 0,
  });
