import { useCallback, useSyncExternalStore } from 'react';
import type { PreferenceKey, PreferenceValues } from './definitions.ts';
import { preferences, type PreferenceStore } from './store.ts';

export function usePreference<K extends PreferenceKey>(
  key: K,
  store: PreferenceStore = preferences,
): [PreferenceValues[K], (value: PreferenceValues[K]) => void] {
  const value = useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.get(key),
  );
  const update = useCallback((next: PreferenceValues[K]) => store.set(key, next), [store, key]);
  return [value, update];
}
