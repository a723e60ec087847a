import type { QueryClient } from '@tanstack/react-query';
import { ACCOUNTS_PATHS } from '../../../../shared/api/accounts.ts';
import { CurrentCustomerSchema, type CurrentCustomer } from '../../../../shared/api/session.ts';
import { apiPost, apiPut } from '../../../lib/api/client.ts';
import { setSession } from '../../session/session-queries.ts';

/** Another customer's data (a trial before registering, a session ended meanwhile) must not show for the new one: setSession drops it. */
function replaceSession(queryClient: QueryClient, customer: CurrentCustomer): CurrentCustomer {
  setSession(queryClient, customer);
  return customer;
}

/** Spec §4 "enter game" and the /login-token/{token} page: a one-time token becomes a session. */
export async function logInWithToken(queryClient: QueryClient, token: string): Promise<CurrentCustomer> {
  return replaceSession(queryClient, await apiPut(ACCOUNTS_PATHS.loginToken, { token }, CurrentCustomerSchema));
}

/** `/trial/{id}`: a fresh trial account, logged in. */
export async function startTrialSession(queryClient: QueryClient, registrationId: string): Promise<CurrentCustomer> {
  return replaceSession(queryClient, await apiPost(ACCOUNTS_PATHS.trial, { registrationId }, CurrentCustomerSchema));
}
