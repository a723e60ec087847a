import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, isNotFound, isRedirect, type AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { CurrentCustomer } from '../../src/shared/api/session.ts';
import { setSession } from '../../src/app/features/session/session-queries.ts';
import { decideAccess, guardTier, loginHref } from '../../src/app/routing/access.ts';
import { showsNotFound } from '../../src/app/routing/overlay.tsx';
import { routeTree } from '../../src/routeTree.gen.ts';
import { NON_SPEC_ROUTES } from './non-spec-routes.ts';
import { SPEC_ROUTES as SPEC_TABLE, type Tier } from './spec-routes.ts';

/** The spec's table and the pages beyond it (tests/app/non-spec-routes.ts). */
const SPEC_ROUTES = [...SPEC_TABLE, ...NON_SPEC_ROUTES];

const base: CurrentCustomer = {
  name: 'demo',
  alias: '演示',
  avatarImage: null,
  birthday: null,
  type: 'PLAYER',
  vipLevel: 'NOT_VIP',
  testMode: null,
  firstLogin: false,
  firstLoginContactRequired: false,
  registrationLinkId: null,
  prizeGroup: 1950,
};

export const VISITORS = {
  anonymous: null,
  trial: { ...base, name: 'trial', testMode: 'USER_TEST' },
  player: base,
  agent: { ...base, name: 'agent', type: 'AGENT' },
  primaryAgent: { ...base, name: 'primary', type: 'PRIMARY_AGENT' },
} satisfies Record<string, CurrentCustomer | null>;

type Visitor = keyof typeof VISITORS;

const EXPECTED: Record<Exclude<Tier, 'public'>, Record<Visitor, 'allow' | 'login' | 'notFound'>> = {
  loggedIn: { anonymous: 'login', trial: 'allow', player: 'allow', agent: 'allow', primaryAgent: 'allow' },
  nonTrial: { anonymous: 'login', trial: 'notFound', player: 'allow', agent: 'allow', primaryAgent: 'allow' },
  agentOnly: { anonymous: 'login', trial: 'notFound', player: 'notFound', agent: 'allow', primaryAgent: 'allow' },
};

describe('access decisions (spec §6)', () => {
  for (const [tier, row] of Object.entries(EXPECTED)) {
    for (const [visitor, decision] of Object.entries(row)) {
      it(`${tier} for ${visitor}: ${decision}`, () => {
        expect(decideAccess(VISITORS[visitor as Visitor], tier as keyof typeof EXPECTED)).toBe(decision);
      });
    }
  }
});

describe('guardTier', () => {
  const context = (customer: CurrentCustomer | null) => {
    const queryClient = new QueryClient();
    setSession(queryClient, customer);
    return { queryClient };
  };
  const location = { href: '/account/center', pathname: '/account/center' } as never;
  const target = (href: string | null) => ({ pageHref: () => href });

  function thrown(fn: () => void): unknown {
    try {
      fn();
    } catch (error) {
      return error;
    }
    return undefined;
  }

  it('lets an allowed visitor through', () => {
    expect(thrown(() => guardTier('loggedIn', target(null))({ context: context(base), location, preload: false }))).toBeUndefined();
  });

  it('sends a logged-out visitor to the page they were on with the login modal and the target', () => {
    const error = thrown(() => guardTier('loggedIn', target('/help/terms'))({ context: context(null), location, preload: false }));
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { href: string } }).options.href).toBe('/help/terms?auth=login&redirect=%2Faccount%2Fcenter');
  });

  it('uses the lobby when there is no page behind (deep link, reload)', () => {
    const error = thrown(() => guardTier('loggedIn', target(null))({ context: context(null), location, preload: false }));
    expect((error as { options: { href: string } }).options.href).toBe('/?auth=login&redirect=%2Faccount%2Fcenter');
  });

  it('never opens the login modal from a hover preload', () => {
    const error = thrown(() => guardTier('loggedIn', target('/'))({ context: context(null), location, preload: true }));
    expect(isNotFound(error)).toBe(true);
  });

  it('answers an inaccessible route with not-found', () => {
    const error = thrown(() => guardTier('agentOnly', target('/'))({ context: context(base), location, preload: false }));
    expect(isNotFound(error)).toBe(true);
  });

  it('keeps query parameters of the background page', () => {
    expect(loginHref('/usdt/register?x=1', '/wallet/deposit')).toBe('/usdt/register?x=1&auth=login&redirect=%2Fwallet%2Fdeposit');
  });
});

/** The tier a route inherits from its pathless layout ancestors. */
function tierOf(route: AnyRoute): Tier {
  const ids: string[] = [];
  for (let r: AnyRoute | undefined = route; r; r = r.parentRoute as AnyRoute | undefined) ids.push(r.id);
  if (ids.some((id) => id.endsWith('/_agentOnly'))) return 'agentOnly';
  if (ids.some((id) => id.endsWith('/_nonTrial'))) return 'nonTrial';
  if (ids.some((id) => id.endsWith('/_loggedIn'))) return 'loggedIn';
  return 'public';
}

function makeRouter(path: string, customer: CurrentCustomer | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  setSession(queryClient, customer);
  return createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, background: false },
  });
}

const routesByPath = () => makeRouter('/', null).routesByPath as unknown as Record<string, AnyRoute | undefined>;

describe('the route tree against the spec route table', () => {
  const existing = SPEC_ROUTES.filter((spec) => routesByPath()[spec.path] !== undefined);

  it('has the routes built so far', () => {
    expect(existing.map((s) => s.path)).toEqual(
      expect.arrayContaining(['/', '/announcement/{-$id}', '/help', '/help/$', '/download', '/account/center', '/account/vip', '/agent/team-overview']),
    );
  });

  for (const spec of SPEC_ROUTES) {
    it(`${spec.path}: ${spec.tier}${spec.overlay ? ', overlay' : ''} (when it exists)`, () => {
      const route = routesByPath()[spec.path];
      if (!route) return;
      expect(tierOf(route)).toBe(spec.tier);
      expect(route.options.staticData?.overlay === true).toBe(spec.overlay);
    });
  }

  it('has no route outside the spec table besides the layouts and the root', () => {
    const known = new Set(SPEC_ROUTES.map((s) => s.path));
    const extra = Object.keys(routesByPath()).filter((path) => !known.has(path) && path !== '' && path !== '/');
    expect(extra).toEqual([]);
  });
});

describe('guards in the real router', () => {
  const guarded = SPEC_ROUTES.filter((spec) => spec.tier !== 'public' && routesByPath()[spec.path] !== undefined);

  for (const spec of guarded) {
    for (const visitor of Object.keys(VISITORS) as Visitor[]) {
      const expected = EXPECTED[spec.tier as keyof typeof EXPECTED][visitor];
      it(`${spec.sample} as ${visitor}: ${expected}`, async () => {
        const router = makeRouter(spec.sample, VISITORS[visitor]);
        await router.load();
        const { location, matches } = router.state;
        const notFound = showsNotFound(matches);
        const samplePath = new URL(spec.sample, 'http://localhost').pathname;
        if (expected === 'allow') {
          expect(location.pathname).toBe(samplePath);
          expect(notFound).toBe(false);
        } else if (expected === 'login') {
          expect(location.pathname).toBe('/');
          expect(location.search).toMatchObject({ auth: 'login', redirect: spec.sample });
        } else {
          expect(location.pathname).toBe(samplePath);
          expect(notFound).toBe(true);
        }
      });
    }
  }

  it('answers an unknown route with not-found for every visitor', async () => {
    for (const visitor of Object.keys(VISITORS) as Visitor[]) {
      const router = makeRouter('/no/such/page', VISITORS[visitor]);
      await router.load();
      expect(showsNotFound(router.state.matches)).toBe(true);
    }
  });

  it('answers an unknown tutorial tab with not-found', async () => {
    const router = makeRouter('/usdt/not-a-tab', null);
    await router.load();
    expect(showsNotFound(router.state.matches)).toBe(true);
  });
});
