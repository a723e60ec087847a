import { useQuery } from '@tanstack/react-query';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import { balanceQueryOptions } from './wallet-queries.ts';

export interface BalanceView {
  /** In 0.0001 元; 0 when nothing is known (spec §4: logout resets it to 0). */
  amount: number;
  updatedAt: number;
  refreshing: boolean;
  refresh: () => void;
}

export function useBalance(): BalanceView {
  const customer = useCurrentCustomer();
  const query = useQuery({ ...balanceQueryOptions(), enabled: customer !== null });
  return {
    amount: query.data?.balance ?? 0,
    updatedAt: query.dataUpdatedAt,
    refreshing: query.isFetching,
    refresh: () => void query.refetch(),
  };
}
