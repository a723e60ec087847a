// Access tiers of spec §6 as route decisions. Guards read the session from the query cache only (it
// was restored and refreshed before the router first loads), so they are cheap, never fetch, and a
// network failure can never turn into a logout here.
import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect, type ParsedLocation } from '@tanstack/react-router';
import { meetsTier, type AccessTier, type CurrentCustomer } from '../../shared/api/session.ts';
import { readSession } from '../features/session/session-queries.ts';

export type AccessDecision = 'allow' | 'login' | 'notFound';

export function decideAccess(customer: CurrentCustomer | null, tier: AccessTier): AccessDecision {
  if (!customer) return 'login';
  return meetsTier(customer, tier) ? 'allow' : 'notFound';
}

export interface GuardContext {
  context: { queryClient: QueryClient };
  location: ParsedLocation;
  preload: boolean;
}

/** Where a logged-out visitor is sent: the page they were on, else the lobby, with the login modal open. */
export interface LoginRedirectTarget {
  pageHref: () => string | null;
}

export function guardTier(tier: AccessTier, target: LoginRedirectTarget) {
  return ({ context, location, preload }: GuardContext): void => {
    const decision = decideAccess(readSession(context.queryClient), tier);
    if (decision === 'allow') return;
    // A hover preload must not open a modal; an unreachable route is simply not preloaded.
    if (decision === 'notFound' || preload) throw notFound();
    throw redirect({ href: loginHref(target.pageHref() ?? '/', location.href), replace: true });
  };
}

export function loginHref(backgroundHref: string, redirectTo: string): string {
  const url = new URL(backgroundHref, 'http://jinli.invalid');
  url.searchParams.set('auth', 'login');
  url.searchParams.set('redirect', redirectTo);
  return `${url.pathname}${url.search}${url.hash}`;
}
