import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isNetworkError, isUnauthenticated } from './api/errors.ts';

/** How long a persisted cache may be restored; gcTime must not be shorter or restored data is dropped. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Unused queries stay for the page's life, as they did with a week's gcTime, but without a timer
 * each: a finite gcTime arms a timer for every query built and clears it at every subscription, a
 * few hundred timers on the lobby's first load (each one costly to a phone's main thread).
 */
const KEEP_UNUSED_QUERIES = Infinity;

export interface QueryClientHooks {
  /** A query or a mutation (a bet, a transfer…) was refused because the session ended on the server. */
  onUnauthenticated?: () => void;
}

export function createQueryClient(hooks: QueryClientHooks = {}): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthenticated(error)) hooks.onUnauthenticated?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    // A money action is often the first request after the session ended: its 401 logs out the same way.
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        gcTime: KEEP_UNUSED_QUERIES,
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
