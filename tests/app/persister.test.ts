import { QueryClient, dehydrate } from '@tanstack/react-query';
import { createStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import {
  CACHE_BUSTER,
  createIdbPersister,
  dehydrateOptions,
  restoreQueryCache,
  subscribeQueryCache,
} from '../../src/app/lib/persister.ts';

let n = 0;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const persister = () => {
  const name = `cache-test-${++n}`;
  return createIdbPersister(() => createStore(name, 'query-cache'));
};

describe('query cache persistence (decisions §7)', () => {
  it('persists successful queries and leaves out those marked persist: false and every mutation', async () => {
    const client = new QueryClient();
    client.setQueryData(['session', 'current-customer'], { name: 'demo' });
    client.setQueryData(['user', 'wallet', 'main-balance'], { balance: 1 });
    await client.prefetchQuery({ queryKey: ['secret'], queryFn: () => 'code-123456', meta: { persist: false } });
    const state = dehydrate(client, dehydrateOptions);
    expect(state.queries.map((q) => q.queryKey)).toEqual([
      ['session', 'current-customer'],
      ['user', 'wallet', 'main-balance'],
    ]);
    expect(dehydrateOptions.shouldDehydrateMutation()).toBe(false);
  });

  it('restores what was saved into a fresh client before first use', async () => {
    const store = persister();
    const first = new QueryClient();
    first.setQueryData(['session', 'current-customer'], { name: 'demo' });
    await store.persistClient({ timestamp: Date.now(), buster: CACHE_BUSTER, clientState: dehydrate(first, dehydrateOptions) });
    await store.flush();
    const second = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
    await restoreQueryCache(second, store);
    expect(second.getQueryData(['session', 'current-customer'])).toEqual({ name: 'demo' });
  });

  it('discards a cache written by another schema version', async () => {
    const store = persister();
    const first = new QueryClient();
    first.setQueryData(['session', 'current-customer'], { name: 'demo' });
    await store.persistClient({ timestamp: Date.now(), buster: 'jinli-query-cache-v0', clientState: dehydrate(first) });
    await store.flush();
    const second = new QueryClient();
    await restoreQueryCache(second, store);
    expect(second.getQueryData(['session', 'current-customer'])).toBeUndefined();
    expect(await store.restoreClient()).toBeUndefined();
  });

  it('writes data it did not have at once, then throttles updates of it and flushes the latest state', async () => {
    const store = persister();
    const client = new QueryClient();
    const unsubscribe = subscribeQueryCache(client, store);
    client.setQueryData(['a'], 1);
    // A first visit may go offline (or away) within the throttle window: new data is written after the
    // task that brought it, without waiting for the throttle.
    await expect.poll(async () => (await store.restoreClient())?.clientState.queries.map((q) => [q.queryKey, q.state.data])).toEqual([[['a'], 1]]);
    client.setQueryData(['a'], 2);
    client.setQueryData(['a'], 3);
    await nextTask();
    expect((await store.restoreClient())?.clientState.queries[0]?.state.data).toBe(1);
    await store.flush();
    const saved = await store.restoreClient();
    expect(saved?.clientState.queries.find((q) => q.queryKey[0] === 'a')?.state.data).toBe(3);
    // Data going away (logout) is written at once too.
    client.removeQueries({ queryKey: ['a'] });
    await expect.poll(async () => (await store.restoreClient())?.clientState.queries).toEqual([]);
    unsubscribe();
  });

  it('dehydrates a burst of changes once, and a page hide writes what is still pending', async () => {
    const store = persister();
    const client = new QueryClient();
    const dehydrated: number[] = [];
    const counting = { ...store, persistClient: (state: Parameters<typeof store.persistClient>[0]) => (dehydrated.push(state.clientState.queries.length), store.persistClient(state)) };
    const unsubscribe = subscribeQueryCache(client, counting);
    for (let i = 0; i < 20; i++) client.setQueryData(['card', i], i);
    await expect.poll(() => dehydrated).toEqual([20]);
    client.setQueryData(['late'], 'x');
    window.dispatchEvent(new Event('pagehide'));
    await expect.poll(async () => (await store.restoreClient())?.clientState.queries.some((q) => q.queryKey[0] === 'late')).toBe(true);
    expect(dehydrated).toEqual([20, 21]);
    unsubscribe();
  });

  it('keeps the last good data of a query whose refetch failed offline, restored as data', async () => {
    const store = persister();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const unsubscribe = subscribeQueryCache(client, store);
    await client.fetchQuery({ queryKey: ['session', 'current-customer'], queryFn: () => ({ name: 'demo' }) });
    await expect(
      client.fetchQuery({ queryKey: ['session', 'current-customer'], queryFn: () => Promise.reject(new Error('Failed to fetch')), staleTime: 0 }),
    ).rejects.toThrow();
    expect(client.getQueryState(['session', 'current-customer'])?.status).toBe('error');
    client.setQueryData(['content', 'help'], { title: '帮助中心' });
    await nextTask(); // the changes of a task are dehydrated in the next one
    await store.flush();
    const saved = await store.restoreClient();
    expect(saved?.clientState.queries.map((q) => [q.queryKey, q.state.status, q.state.error])).toEqual([
      [['session', 'current-customer'], 'success', null],
      [['content', 'help'], 'success', null],
    ]);
    const next = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
    await restoreQueryCache(next, store);
    expect(next.getQueryData(['session', 'current-customer'])).toEqual({ name: 'demo' });
    expect(next.getQueryState(['session', 'current-customer'])?.status).toBe('success');
    unsubscribe();
  });
});

/** Every source file of the app, as text (Vite's glob: the app's tests run without Node's types). */
const APP_SOURCES = import.meta.glob<string>(['../../src/app/**/*.ts', '../../src/app/**/*.tsx'], { query: '?raw', import: 'default', eager: true });

describe('per-customer query keys (decisions §7: the cache never carries one customer’s data to the next)', () => {
  // Guards the frontend audit: the agent's links and domains were keyed ['agent', …], outside the
  // `user` prefix that logout drops, and were persisted for the next account. Every query key written
  // as a literal in the app — `queryKey: ['…'`, a `…KEY`/`…Key`/`…ROOT` constant, a key function —
  // must start with USER_QUERY_PREFIX (it is then not a literal) or with one of these public roots.
  // A new per-customer key with its own root fails here; a new public root is a decision to add below.
  const PUBLIC_ROOTS = new Set([
    'session', // the current customer itself and the login form's captcha config
    'games', // enabled games, board settings
    'draws', // issues and results
    'content', // site settings, help, notices
    'jackpot', // pool totals and rounds
    'red-packets', // public campaign list and verification data
    'registration', // a registration link's public data
    'captcha',
    'third-party', // public game lists (the launch URL is under `user`)
    'favorite-game', // a mutation key, never persisted
  ]);
  const KEY_PATTERNS = [
    /queryKey:\s*\[\s*'([^']+)'/g,
    /\b\w*(?:KEY|Key|ROOT|Root|PREFIX)\w*\s*=\s*\[\s*'([^']+)'/g,
    /\b\w*Keys?\s*=\s*\([^)]*\)\s*(?::[^=]*)?=>\s*\[\s*'([^']+)'/g,
    /\b\w+:\s*\([^)]*\)\s*=>\s*\[\s*'([^']+)'/g,
  ];

  it('every literal query key root in src/app is public; per-customer keys start with USER_QUERY_PREFIX', () => {
    const found: string[] = [];
    for (const [file, text] of Object.entries(APP_SOURCES)) {
      for (const pattern of KEY_PATTERNS) for (const match of text.matchAll(pattern)) found.push(`${match[1]} (${file})`);
    }
    expect(Object.keys(APP_SOURCES).length).toBeGreaterThan(100);
    expect(found.length).toBeGreaterThan(10);
    expect(found.filter((key) => !PUBLIC_ROOTS.has(key.split(' ')[0]!))).toEqual([]);
  });
});
