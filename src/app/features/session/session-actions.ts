import type { QueryClient } from '@tanstack/react-query';
import { CurrentCustomerSchema, SESSION_PATHS, type CurrentCustomer, type LoginBody } from '../../../shared/api/session.ts';
import { apiPut } from '../../lib/api/client.ts';
import type { PreferenceStore } from '../../lib/preferences/store.ts';
import { disconnectLiveStream } from '../live/live-stream.ts';
import { clearSessionData, setSession } from './session-queries.ts';

export async function logIn(queryClient: QueryClient, store: PreferenceStore, body: LoginBody): Promise<CurrentCustomer> {
  const customer = await apiPut(SESSION_PATHS.login, body, CurrentCustomerSchema);
  store.set('loginRemember', body.remember === true);
  // Someone who has logged in here comes back to log in, not to register.
  store.set('loginMode', 'login');
  store.set('loginAccount', body.remember ? body.username : '');
  // Anyone else before (a trial player, a session that ended while the app was closed): nothing of theirs
  // may show; setSession drops it (followCustomer).
  setSession(queryClient, customer);
  return customer;
}

/**
 * Spec §4 logout: call logout, disconnect the stream, clear the logout set of preferences, reset the
 * customer (balance and unread counts go with the user queries). Going home is the caller's step.
 * If the call fails the player stays logged in: the server session would otherwise live on.
 */
export async function logOut(queryClient: QueryClient, store: PreferenceStore): Promise<void> {
  await apiPut(SESSION_PATHS.logout, {});
  disconnectLiveStream();
  store.clearForLogout();
  clearSessionData(queryClient);
}
