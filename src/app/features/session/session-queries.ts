import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { CurrentCustomerResponseSchema, LoginConfigSchema, SESSION_PATHS, type CurrentCustomer } from '../../../shared/api/session.ts';
import { apiGet } from '../../lib/api/client.ts';

export const SESSION_QUERY_KEY = ['session', 'current-customer'] as const;
/** Every query that belongs to the logged-in customer lives under this prefix, so logout drops them at once. */
export const USER_QUERY_PREFIX = 'user';

export const currentCustomerQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => apiGet(SESSION_PATHS.currentCustomer, CurrentCustomerResponseSchema, signal),
    staleTime: 60_000,
  });

/** Which captcha the login form shows once a name needs one; asked only then, never kept on the device. */
export const loginConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['session', 'login-config'] as const,
    queryFn: ({ signal }) => apiGet(SESSION_PATHS.loginConfig, LoginConfigSchema, signal),
    staleTime: 5 * 60_000,
    meta: { persist: false },
  });

/** The session as the cache knows it: a network failure leaves the last-known customer in place. */
export function readSession(queryClient: QueryClient): CurrentCustomer | null {
  return queryClient.getQueryData(SESSION_QUERY_KEY) ?? null;
}

export function setSession(queryClient: QueryClient, customer: CurrentCustomer | null): void {
  queryClient.setQueryData(SESSION_QUERY_KEY, customer);
}

/** The local half of a logout: customer none, balance and unread counts gone with the user queries. */
export function clearSessionData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: [USER_QUERY_PREFIX] });
  setSession(queryClient, null);
}
