import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isNetworkError, isUnauthenticated } from './api/errors.ts';

/** How long a persisted cache may be restored; gcTime must not be shorter or restored data is dropped. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface QueryClientHooks {
  /** A query was refused because the session ended on the server. */
  onUnauthenticated?: () => void;
}

export function createQueryClient(hooks: QueryClientHooks = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthenticated(error)) hooks.onUnauthenticated?.();
      },
    }),
    defaultOptions: {
      queries: {
        gcTime: CACHE_MAX_AGE_MS,
        staleTime: 30_000,
        // Last-known data stays on screen offline; the fetch runs once and retries wait for the network.
        networkMode: 'offlineFirst',
        retry: (failureCount, error) => isNetworkError(error) && failureCount < 2,
      },
      // Money actions are never queued and replayed later (decisions §7): a mutation fails at once offline.
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
