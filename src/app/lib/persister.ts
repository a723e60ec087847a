// The query cache in IndexedDB (idb-keyval), restored before the first render. Writes are
// throttled: the persist subscription fires on every cache event.
import { defaultShouldDehydrateQuery, type Query, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { CACHE_MAX_AGE_MS } from './query-client.ts';

/** Bump when a persisted query's shape changes: older caches are then discarded, not misread. */
export const CACHE_BUSTER = 'jinli-query-cache-v1';
const CACHE_KEY = 'query-cache';
const WRITE_THROTTLE_MS = 1000;

export interface ThrottledPersister extends Persister {
  /** Writes a pending save now (page hide). */
  flush: () => Promise<void>;
}

export function createIdbPersister(storeFactory: () => UseStore = () => createStore('jinli-cache', 'query-cache')): ThrottledPersister {
  let store: UseStore | undefined;
  const db = () => (store ??= storeFactory());
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const client = pending;
    pending = null;
    if (client) await set(CACHE_KEY, client, db());
  };

  return {
    persistClient: (client) => {
      pending = client;
      timer ??= setTimeout(() => void flush(), WRITE_THROTTLE_MS);
    },
    restoreClient: () => get<PersistedClient>(CACHE_KEY, db()),
    removeClient: async () => {
      pending = null;
      await del(CACHE_KEY, db());
    },
    flush,
  };
}

/**
 * What may be written to IndexedDB: successful queries not marked `meta.persist: false`. Mutations
 * never (their variables can hold passwords or payment details, and money actions are not replayed).
 */
export function shouldPersistQuery(query: Query): boolean {
  return defaultShouldDehydrateQuery(query) && query.meta?.persist !== false;
}

export const dehydrateOptions = {
  shouldDehydrateQuery: shouldPersistQuery,
  shouldDehydrateMutation: () => false,
};

export async function restoreQueryCache(queryClient: QueryClient, persister: Persister): Promise<void> {
  await persistQueryClientRestore({ queryClient, persister, buster: CACHE_BUSTER, maxAge: CACHE_MAX_AGE_MS });
}

export function subscribeQueryCache(queryClient: QueryClient, persister: ThrottledPersister): () => void {
  const unsubscribe = persistQueryClientSubscribe({ queryClient, persister, buster: CACHE_BUSTER, dehydrateOptions });
  const onHidden = () => {
    if (document.visibilityState === 'hidden') void persister.flush();
  };
  const onPageHide = () => void persister.flush();
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
  };
}
