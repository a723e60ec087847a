import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceOrder } from '../../../../shared/api/orders.ts';
import { findDrawType } from '../../../../shared/catalogue/draw-types.ts';
import { BALANCE_QUERY_KEY, type Balance } from '../../wallet/wallet-queries.ts';
import { INSTANT_SEED_QUERY_KEY, instantSeedQueryOptions, ORDERS_QUERY_KEY, placeOrder } from './order-queries.ts';
import { reportOrderError } from './order-errors.ts';

/** Places an order; the new balance goes straight into the header, errors become toasts. */
export function usePlaceOrder(drawType: string) {
  const queryClient = useQueryClient();
  const instant = findDrawType(drawType)?.instant ?? false;
  return useMutation({
    mutationFn: async (body: PlaceOrder) => {
      // 秒开: the server draws only from a seed whose hash it has shown; fetching it (once) shows it.
      if (instant) await queryClient.ensureQueryData(instantSeedQueryOptions());
      return placeOrder(body);
    },
    onSuccess: ({ balance, order }) => {
      queryClient.setQueryData<Balance>(BALANCE_QUERY_KEY, { balance });
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      // An instant draw used the next nonce of the player's seed.
      if (order.fairness) void queryClient.invalidateQueries({ queryKey: INSTANT_SEED_QUERY_KEY });
    },
    onError: (error) => {
      // A refused instant bet (e.g. the seed was replaced meanwhile): show the seed as it is now.
      if (instant) void queryClient.invalidateQueries({ queryKey: INSTANT_SEED_QUERY_KEY });
      reportOrderError(error, queryClient, drawType);
    },
  });
}
