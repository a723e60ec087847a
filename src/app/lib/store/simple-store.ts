import { useSyncExternalStore } from 'react';

/** A tiny observable value for UI state that lives outside React (modals opened from anywhere). */
export interface SimpleStore<T> {
  get: () => T;
  set: (next: T | ((previous: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createSimpleStore<T>(initial: T): SimpleStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useSimpleStore<T>(store: SimpleStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
