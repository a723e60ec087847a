import type { MantineColorSchemeManager } from '@mantine/core';
import { COLOR_SCHEME_MIRROR_KEY, type PreferenceStore } from './store.ts';

/**
 * Mantine reads the scheme synchronously; the dark-mode preference answers from memory (seeded from
 * the localStorage mirror) and writes through to IndexedDB. The spec's body class follows along.
 */
export function preferenceColorSchemeManager(store: PreferenceStore): MantineColorSchemeManager {
  let unsubscribe: (() => void) | null = null;
  let onStorage: ((event: StorageEvent) => void) | null = null;
  return {
    get: () => (store.get('darkMode') ? 'dark' : 'light'),
    set: (value) => store.set('darkMode', value === 'dark'),
    subscribe: (onUpdate) => {
      let last = store.get('darkMode');
      unsubscribe = store.subscribe(() => {
        const current = store.get('darkMode');
        if (current === last) return;
        last = current;
        onUpdate(current ? 'dark' : 'light');
      });
      onStorage = (event) => {
        if (event.key === COLOR_SCHEME_MIRROR_KEY) store.syncMirror();
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      unsubscribe?.();
      if (onStorage) window.removeEventListener('storage', onStorage);
      unsubscribe = null;
      onStorage = null;
    },
    clear: () => store.reset(['darkMode']),
  };
}

export function applyBodyThemeClass(darkMode: boolean): void {
  document.body.classList.toggle('dark', darkMode);
}
