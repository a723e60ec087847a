// Where an operator session starts and ends in the UI: a 401 from any call (idle or absolute expiry,
// revoked by an administrator) forgets the session and opens the sign-in page, keeping the address
// the operator was on so that signing in again leads back there.
import type { QueryClient } from '@tanstack/react-query';
import { safeRedirectPath } from '../../app/lib/safe-redirect.ts';
import type { OperatorView } from '../../shared/backoffice/session.ts';
import { operatorSessionQuery } from '../lib/operator.ts';

export const SIGN_IN_PATH = '/sign-in';

export interface SignInSearch {
  redirect?: string;
}

export function signInSearch(search: Record<string, unknown>): SignInSearch {
  const target = safeRedirectPath(search.redirect);
  return target && !target.startsWith(SIGN_IN_PATH) ? { redirect: target } : {};
}

interface RouterLike {
  state: { location: { pathname: string; href: string } };
  navigate(options: { to: string; search?: object; replace?: boolean }): Promise<void>;
}

/** The session is over: only the session answer is kept (as signed out), every other answer goes. */
export function forgetSession(queryClient: QueryClient): void {
  const sessionKey = JSON.stringify(operatorSessionQuery.queryKey);
  queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== sessionKey });
  queryClient.setQueryData(operatorSessionQuery.queryKey, { operator: null });
}

export function endSession(queryClient: QueryClient, router: RouterLike): void {
  forgetSession(queryClient);
  const { pathname, href } = router.state.location;
  if (pathname === SIGN_IN_PATH) return;
  void router.navigate({ to: SIGN_IN_PATH, search: { redirect: href }, replace: true });
}

export function rememberOperator(queryClient: QueryClient, operator: OperatorView): void {
  queryClient.setQueryData(operatorSessionQuery.queryKey, { operator });
}
