// The deposit pages' server state. Every key starts with DEPOSITS_KEY, so an action refreshes them all.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  DepositActionResultSchema,
  DepositMethodConfigListSchema,
  DepositMethodConfigSchema,
  FINANCE_DEPOSIT_PATHS,
  FinanceDepositListSchema,
  type ConfirmDepositBody,
  type DepositSearchQuery,
  type UpdateDepositMethod,
} from '../../../shared/backoffice/finance-deposits.ts';
import { boGet, boSend } from '../../lib/api.ts';

export const DEPOSITS_KEY = ['backoffice', 'finance', 'deposits'] as const;

type Filters = Record<string, string | number | undefined>;

export const depositSearchQuery = (filters: DepositSearchQuery & Filters) =>
  queryOptions({
    queryKey: [...DEPOSITS_KEY, 'search', filters],
    queryFn: ({ signal }) => boGet(FINANCE_DEPOSIT_PATHS.deposits, FinanceDepositListSchema, filters, signal),
  });

export const depositQueueQuery = (filters: { page: number; pageSize: number; username?: string | undefined }) =>
  queryOptions({
    queryKey: [...DEPOSITS_KEY, 'queue', filters],
    queryFn: ({ signal }) => boGet(FINANCE_DEPOSIT_PATHS.queue, FinanceDepositListSchema, filters, signal),
  });

export const depositMethodsQuery = () =>
  queryOptions({
    queryKey: [...DEPOSITS_KEY, 'methods'],
    queryFn: ({ signal }) => boGet(FINANCE_DEPOSIT_PATHS.methods, DepositMethodConfigListSchema, undefined, signal),
  });

export const confirmDeposit = (id: number, body: ConfirmDepositBody) => boSend('POST', FINANCE_DEPOSIT_PATHS.confirm(id), body, DepositActionResultSchema);
export const rejectDeposit = (id: number, reason: string) => boSend('POST', FINANCE_DEPOSIT_PATHS.reject(id), { reason }, DepositActionResultSchema);
export const updateDepositMethod = (code: string, body: UpdateDepositMethod) => boSend('PUT', FINANCE_DEPOSIT_PATHS.method(code), body, DepositMethodConfigSchema);

export const refreshDeposits = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: DEPOSITS_KEY });
