import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceOrder } from '../../../../shared/api/orders.ts';
import { BALANCE_QUERY_KEY, type Balance } from '../../wallet/wallet-queries.ts';
import { INSTANT_SEED_QUERY_KEY, ORDERS_QUERY_KEY, placeOrder } from './order-queries.ts';
import { reportOrderError } from './order-errors.ts';

/** Places an order; the new balance goes straight into the header, errors become toasts. */
export function usePlaceOrder(drawType: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceOrder) => placeOrder(body),
    onSuccess: ({ balance, order }) => {
      queryClient.setQueryData<Balance>(BALANCE_QUERY_KEY, { balance });
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      // An instant draw used the next nonce of the player's seed.
      if (order.fairness) void queryClient.invalidateQueries({ queryKey: INSTANT_SEED_QUERY_KEY });
    },
    onError: (error) => reportOrderError(error, queryClient, drawType),
  });
}
