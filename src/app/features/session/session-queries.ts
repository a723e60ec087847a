import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { CurrentCustomerResponseSchema, LoginConfigSchema, SESSION_PATHS, type CurrentCustomer } from '../../../shared/api/session.ts';
import { apiGet } from '../../lib/api/client.ts';

export const SESSION_QUERY_KEY = ['session', 'current-customer'] as const;
/** Every query that belongs to the logged-in customer lives under this prefix, so logout drops them at once. */
export const USER_QUERY_PREFIX = 'user';

/** Who was logged in before a session change and who is now (null: nobody). */
export interface CustomerChange {
  previous: string | null;
  next: string | null;
}

const customerChangeListeners = new Set<(change: CustomerChange) => void>();

/**
 * What else of a customer lives outside the query cache (popup queues, award notices, unsent slips, the
 * live stream) registers here how to drop it; its module registers when it loads, so what was never
 * loaded holds nothing to drop. Called by followCustomer, never directly.
 */
export function onCustomerChange(listener: (change: CustomerChange) => void): () => void {
  customerChangeListeners.add(listener);
  return () => customerChangeListeners.delete(listener);
}

/**
 * The one place a session change is followed (decisions §7: the device must not carry one customer's
 * data to the next). Whenever the customer becomes nobody or someone else — a logout, a login, a session
 * the server ended (a 401, or the current customer coming back null, also at startup after the app was
 * closed) — every query under USER_QUERY_PREFIX goes, and every registered in-memory store is emptied.
 * Every path that changes the session comes here: setSession and the current-customer fetch.
 */
export function followCustomer(queryClient: QueryClient, previous: CurrentCustomer | null | undefined, next: CurrentCustomer | null): void {
  const change: CustomerChange = { previous: previous?.name ?? null, next: next?.name ?? null };
  const changed = change.previous !== change.next;
  // Nobody logged in holds no user data either: a null answer clears the queries even when the cache
  // already said null (what is in memory only ever came with a customer, so the stores wait for a change).
  if (changed || change.next === null) queryClient.removeQueries({ queryKey: [USER_QUERY_PREFIX] });
  if (changed) for (const listener of customerChangeListeners) listener(change);
}

export const currentCustomerQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async ({ signal, client }) => {
      const customer = await apiGet(SESSION_PATHS.currentCustomer, CurrentCustomerResponseSchema, signal);
      // The server's answer replaces the customer the cache knew (restored from the last visit, maybe).
      followCustomer(client, readSession(client), customer);
      return customer;
    },
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

/** Sets the customer; another customer (or none) first drops everything of the previous one (followCustomer). */
export function setSession(queryClient: QueryClient, customer: CurrentCustomer | null): void {
  followCustomer(queryClient, readSession(queryClient), customer);
  queryClient.setQueryData(SESSION_QUERY_KEY, customer);
}

/** The local half of a logout: customer none, balance, unread counts and queued notices gone with it. */
export function clearSessionData(queryClient: QueryClient): void {
  setSession(queryClient, null);
}
