// The startup sequence of spec §4: current customer and game configuration together, then the
// registration data of a stored registration id, then the recent draw types. A network failure
// falls back to what the persisted cache already knows (the offline start of decisions §7); offline
// with nothing known the app opens without it; otherwise, or on any other failure, startup fails and
// the page offers a refresh.
import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { discardEarlyResponses } from '../../lib/api/early-responses.ts';
import { isNetworkError } from '../../lib/api/errors.ts';
import type { PreferenceStore } from '../../lib/preferences/store.ts';
import { enabledGamesQueryOptions } from '../games/games-queries.ts';
import { registrationDataQueryOptions } from '../registration/registration-queries.ts';
import { currentCustomerQueryOptions } from '../session/session-queries.ts';
import { removeStaticShell } from './static-shell.ts';

export interface StartupResult {
  /** At least one step answered from the persisted cache because the network failed. */
  usedLastKnown: boolean;
}

type QueryOptionsOf = Parameters<QueryClient['query']>[0];

/** How long a failed request waits for the persisted cache to be restored (a slow phone, offline). */
export const LAST_KNOWN_WAIT_MS = 15_000;

async function fetchOrLastKnown<T>(
  queryClient: QueryClient,
  options: { queryKey: QueryKey; queryFn?: unknown },
  lastKnown: { ready: Promise<unknown>; used: () => void },
): Promise<T | undefined> {
  try {
    return (await queryClient.query({ ...options, staleTime: 0, retry: false } as QueryOptionsOf)) as T;
  } catch (error) {
    // The app may have started before IndexedDB answered: the last-known data can still be on its way.
    if (isNetworkError(error)) await Promise.race([lastKnown.ready, new Promise((resolve) => setTimeout(resolve, LAST_KNOWN_WAIT_MS))]);
    const known = queryClient.getQueryData<T>(options.queryKey);
    if (isNetworkError(error) && known !== undefined) {
      lastKnown.used();
      return known;
    }
    // Offline with nothing known (a first visit that went offline before the cache was written):
    // the precached pages still open, for a visitor the app knows nothing about yet (decisions §7).
    if (isNetworkError(error) && !onlineManager.isOnline()) return undefined;
    throw error;
  }
}

/** `restored`: settles when the persisted query cache has been restored (or failed to be). */
export async function runStartup(queryClient: QueryClient, store: PreferenceStore, restored: Promise<unknown> = Promise.resolve()): Promise<StartupResult> {
  let usedLastKnown = false;
  const lastKnown = {
    ready: restored,
    used: () => {
      usedLastKnown = true;
    },
  };
  await Promise.all([
    fetchOrLastKnown(queryClient, currentCustomerQueryOptions(), lastKnown),
    fetchOrLastKnown(queryClient, enabledGamesQueryOptions(), lastKnown),
  ]);

  const registrationId = store.get('registrationId');
  if (registrationId) await fetchOrLastKnown(queryClient, registrationDataQueryOptions(registrationId), lastKnown);

  // Recent draw types: drop codes the catalogue no longer knows, so the menu never links to them.
  const recent = store.get('recentDrawTypes');
  const known = recent.filter((code) => findDrawType(code) !== undefined);
  if (known.length !== recent.length) store.set('recentDrawTypes', known);

  return { usedLastKnown };
}

export function markAppInitialised(state: 'ready' | 'failed'): void {
  discardEarlyResponses();
  document.documentElement.dataset.appState = state;
  document.getElementById('startup')?.remove();
  removeStaticShell();
}
