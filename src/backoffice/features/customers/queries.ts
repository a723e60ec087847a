// The customers pages' server state. Every key starts with CUSTOMERS_KEY, so an action refreshes the
// list, the detail and its tabs at once.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CUSTOMERS_ADMIN_PATHS,
  CustomerAutobetsSchema,
  CustomerDetailSchema,
  CustomerListSchema,
  CustomerOrdersSchema,
  CustomerProtectionSchema,
  CustomerSessionsSchema,
  LedgerPageSchema,
  LoginHistorySchema,
  type CustomerSearchQuery,
} from '../../../shared/backoffice/customers.ts';
import { boGet } from '../../lib/api.ts';

export const CUSTOMERS_KEY = ['backoffice', 'customers'] as const;

export const searchQuery = (search: CustomerSearchQuery) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'search', search],
    queryFn: ({ signal }) => boGet(CUSTOMERS_ADMIN_PATHS.search, CustomerListSchema, { ...search }, signal),
  });

export const detailQuery = (id: number) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, id, 'detail'],
    queryFn: ({ signal }) => boGet(CUSTOMERS_ADMIN_PATHS.customer(id), CustomerDetailSchema, undefined, signal),
  });

const paged = <T,>(tab: string, path: (id: number) => string, schema: z.ZodType<T>) => (id: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, id, tab, page, pageSize],
    queryFn: ({ signal }) => boGet(path(id), schema, { page, pageSize }, signal),
  });

export const ledgerQuery = paged('ledger', CUSTOMERS_ADMIN_PATHS.ledger, LedgerPageSchema);
export const ordersQuery = paged('orders', CUSTOMERS_ADMIN_PATHS.orders, CustomerOrdersSchema);
export const autobetsQuery = paged('autobets', CUSTOMERS_ADMIN_PATHS.autobets, CustomerAutobetsSchema);
export const loginsQuery = paged('logins', CUSTOMERS_ADMIN_PATHS.logins, LoginHistorySchema);

export const sessionsQuery = (id: number) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, id, 'sessions'],
    queryFn: ({ signal }) => boGet(CUSTOMERS_ADMIN_PATHS.sessions(id), CustomerSessionsSchema, undefined, signal),
  });

export const protectionQuery = (id: number) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, id, 'protection'],
    queryFn: ({ signal }) => boGet(CUSTOMERS_ADMIN_PATHS.protection(id), CustomerProtectionSchema, undefined, signal),
  });
