// The query cache in IndexedDB (idb-keyval), restored before the first render. The persist
// subscription fires on every cache event, so writes are throttled — except when the set of
// persisted queries changes: data the app did not have before (a first visit's customer and game
// configuration, a page's content) or data that went away (logout) is written at once, because the
// visitor may go offline or close the page within the throttle window.
import { defaultShouldDehydrateQuery, type Query, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { CACHE_MAX_AGE_MS } from './query-client.ts';
import { inNextTask } from './next-task.ts';

/** Bump when a persisted query's shape changes: older caches are then discarded, not misread. */
export const CACHE_BUSTER = 'jinli-query-cache-v1';
const CACHE_KEY = 'query-cache';
const WRITE_THROTTLE_MS = 1000;
/** The cache events that change what is saved (the persister's own list; observers coming and going do not). */
const CACHE_EVENT_TYPES = new Set(['added', 'removed', 'updated']);

type PersistedQuery = PersistedClient['clientState']['queries'][number];

export interface ThrottledPersister extends Persister {
  /** Writes a pending save now (page hide). */
  flush: () => Promise<void>;
}

/**
 * A query whose latest refetch failed (offline) still holds its last good data. It is saved as that
 * data, so the next start finds it again instead of nothing.
 */
function asLastKnown(query: PersistedQuery): PersistedQuery {
  if (query.state.status !== 'error') return query;
  return { ...query, state: { ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null } };
}

/** Whether a persisted query is still within its own `meta.persistForMs` (e.g. yesterday's issue is not). */
function withinOwnAge(query: { meta?: { persistForMs?: number } | undefined; state: { dataUpdatedAt: number } }, now: number): boolean {
  const limit = query.meta?.persistForMs;
  return limit === undefined || now - query.state.dataUpdatedAt <= limit;
}

const queriesOf = (client: PersistedClient) =>
  client.clientState.queries
    .map((query) => query.queryHash)
    .sort()
    .join('\n');

export function createIdbPersister(storeFactory: () => UseStore = () => createStore('jinli-cache', 'query-cache')): ThrottledPersister {
  let store: UseStore | undefined;
  const db = () => (store ??= storeFactory());
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writtenQueries: string | null = null;

  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const client = pending;
    pending = null;
    if (!client) return;
    writtenQueries = queriesOf(client);
    // IndexedDB runs write transactions on one store in the order they were started.
    await set(CACHE_KEY, client, db());
  };

  return {
    persistClient: (client) => {
      pending = { ...client, clientState: { ...client.clientState, queries: client.clientState.queries.map(asLastKnown) } };
      if (queriesOf(pending) !== writtenQueries) void flush();
      else timer ??= setTimeout(() => void flush(), WRITE_THROTTLE_MS);
    },
    restoreClient: async () => {
      const client = await get<PersistedClient>(CACHE_KEY, db());
      if (!client) return client;
      const now = Date.now();
      return { ...client, clientState: { ...client.clientState, queries: client.clientState.queries.filter((q) => withinOwnAge(q, now)) } };
    },
    removeClient: async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
      writtenQueries = null;
      await del(CACHE_KEY, db());
    },
    flush,
  };
}

/**
 * What may be written to IndexedDB: successful queries and those still holding the data of an
 * earlier success after a failed refetch, unless marked `meta.persist: false` or older than their
 * `meta.persistForMs`. Mutations never (their variables can hold passwords or
 * payment details, and money actions are not replayed).
 */
export function shouldPersistQuery(query: Query): boolean {
  return (defaultShouldDehydrateQuery(query) || query.state.data !== undefined) && query.meta?.persist !== false && withinOwnAge(query, Date.now());
}

export const dehydrateOptions = {
  shouldDehydrateQuery: shouldPersistQuery,
  shouldDehydrateMutation: () => false,
};

export async function restoreQueryCache(queryClient: QueryClient, persister: Persister): Promise<void> {
  await persistQueryClientRestore({ queryClient, persister, buster: CACHE_BUSTER, maxAge: CACHE_MAX_AGE_MS });
}

/**
 * Saves the cache after each burst of changes. The persister's own subscription dehydrates the whole
 * cache on every change; on a first load that is every query of the shell and the lobby being added,
 * fetched and answered, dozens of times in one task on a phone (docs/pwa.md, issue 18 item 8). Here
 * the changes of one task are saved once, in the next task, and a page hide saves what is pending.
 */
export function subscribeQueryCache(queryClient: QueryClient, persister: ThrottledPersister): () => void {
  const props = { queryClient, persister, buster: CACHE_BUSTER, dehydrateOptions };
  let cancelScheduled: (() => void) | null = null;
  const save = () => {
    cancelScheduled?.();
    cancelScheduled = null;
    // Dehydrates and hands the state to the persister synchronously; the write itself is the persister's.
    void persistQueryClientSave(props);
  };
  const onChange = (event: { type: string }) => {
    if (CACHE_EVENT_TYPES.has(event.type)) cancelScheduled ??= inNextTask(save);
  };
  const unsubscribeQueries = queryClient.getQueryCache().subscribe(onChange);
  const unsubscribeMutations = queryClient.getMutationCache().subscribe(onChange);
  const unsubscribe = () => {
    unsubscribeQueries();
    unsubscribeMutations();
    cancelScheduled?.();
    cancelScheduled = null;
  };
  const flushNow = () => {
    if (cancelScheduled !== null) save();
    return persister.flush();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') void flushNow();
  };
  const onPageHide = () => void flushNow();
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
  };
}
