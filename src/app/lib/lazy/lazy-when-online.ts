// React.lazy for the parts of the shell that load in the background (the floating items): their code
// may be asked for while the device is offline, before the service worker serves it (a first visit
// whose precache is still filling). An import that fails offline is tried again once the device is
// back online; until then the part stays suspended and its Suspense fallback (nothing) shows. React
// keeps a failed lazy component failed for good, so the retry has to happen inside the import.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

function onceOnline(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/** Loads with `load`; offline failures wait for the network, an online failure is tried once more. */
export async function loadWhenOnline<T>(load: () => Promise<T>, isOnline: () => boolean = () => navigator.onLine, online = onceOnline): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (!isOnline()) await online();
      else if (attempt > 0) throw error;
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint: any component, whatever its props.
export function lazyWhenOnline<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => loadWhenOnline(load));
}
