// Renders one game page (or any game component) with Mantine, a query client, a one-route router and
// a fake API, so the component tests of the game pages run without the shell and its route tree.
import { act, render } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { CurrentDraw } from '../../src/shared/api/draws.ts';
import type { EnabledGames } from '../../src/shared/api/games.ts';
import type { CurrentCustomer } from '../../src/shared/api/session.ts';
import { DRAW_TYPES } from '../../src/shared/catalogue/draw-types.ts';
import { allPlayModes } from '../../src/shared/catalogue/play-modes.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { theme } from '../../src/app/theme.ts';
import { CapabilityOverridesProvider } from '../../src/app/capabilities/capabilities.tsx';
import { enabledGamesQueryOptions } from '../../src/app/features/games/games-queries.ts';
import { clearSessionData, setSession } from '../../src/app/features/session/session-queries.ts';
import { BALANCE_QUERY_KEY } from '../../src/app/features/wallet/wallet-queries.ts';
import { createQueryClient } from '../../src/app/lib/query-client.ts';

// jsdom has no FontFaceSet; Mantine's autosizing textarea (单式 entry) listens to it.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
}

export const PLAYER: CurrentCustomer = {
  name: 'demo_player',
  alias: '锦鲤玩家',
  avatarImage: null,
  birthday: null,
  type: 'PLAYER',
  vipLevel: 'VIP_1',
  testMode: null,
  firstLogin: false,
  firstLoginContactRequired: false,
  registrationLinkId: null,
  prizeGroup: 1950,
};

export const ALL_ENABLED = {
  lotterys: DRAW_TYPES.filter((d) => d.product === 'LOTTERY').map((d) => ({ drawType: d.code, playModes: [...allPlayModes(d)] })),
  dices: DRAW_TYPES.filter((d) => d.product === 'DICE').map((d) => ({ drawType: d.code, playModes: [...allPlayModes(d)] })),
  thirdPartyGameProviders: [],
};

/** A draw on sale for the next minute, on the real clock. */
export function openDraw(drawType: string, now = Date.now()): CurrentDraw {
  const issue = (n: number, state: 'OPEN' | 'SCHEDULED') => ({
    drawType,
    issueNumber: `20261122${String(n).padStart(4, '0')}`,
    opensAt: now - 10_000 + (n - 1) * 60_000,
    closesAt: now + 50_000 + (n - 1) * 60_000,
    drawAt: now + 80_000 + (n - 1) * 60_000,
    state,
    commitment: null,
  });
  return { serverTime: now, current: issue(1, 'OPEN'), next: issue(2, 'SCHEDULED'), latest: null };
}

export type FetchHandler = (path: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API the pages read: draws on sale, empty results and order lists; `handler` answers first. */
export function stubApi(handler: FetchHandler = () => undefined) {
  const calls: { path: string; init: RequestInit | undefined }[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://jinli.test');
    calls.push({ path: url.pathname + url.search, init });
    const answer = await handler(url.pathname + url.search, init);
    if (answer) return answer;
    const current = /^\/ajax\/draws\/([^/]+)\/current$/.exec(url.pathname);
    if (current) return json(openDraw(current[1]!));
    if (url.pathname === '/ajax/draws/current') {
      const types = url.searchParams.get('types')?.split(',') ?? [];
      return json({ serverTime: Date.now(), draws: Object.fromEntries(types.map((code) => [code, openDraw(code)])) });
    }
    const results = /^\/ajax\/draws\/([^/]+)\/results$/.exec(url.pathname);
    if (results) return json({ drawType: results[1], results: [] });
    if (url.pathname === '/ajax/orders' && (init?.method ?? 'GET') === 'GET') return json({ items: [], total: 0, page: 1, pageSize: 10 });
    if (url.pathname === '/ajax/instant-seed') return json({ serverSeedHash: 'a'.repeat(64), clientSeed: 'jinli', nextNonce: 0 });
    return json({ code: 'NOT_FOUND', message: '不存在' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export async function renderGame(
  ui: ReactNode,
  options: { customer?: CurrentCustomer | null; balance?: number; enabledGames?: EnabledGames; prepare?: (queryClient: QueryClient) => void } = {},
) {
  // As boot.tsx builds it: a 401 from a query or a mutation ends the session locally.
  const queryClient: QueryClient = createQueryClient({ onUnauthenticated: () => clearSessionData(queryClient) });
  setSession(queryClient, options.customer === undefined ? PLAYER : options.customer);
  // As restored from IndexedDB with the session: after it, since setting another customer drops user data.
  options.prepare?.(queryClient);
  queryClient.setQueryData(enabledGamesQueryOptions().queryKey, options.enabledGames ?? ALL_ENABLED);
  if (options.customer !== null) queryClient.setQueryData(BALANCE_QUERY_KEY, { balance: options.balance ?? 10_000 * 10_000 });
  // The one-route router has none of the game routes: say they exist, as in the app.
  const pages = { '/game/regular/$type': true, '/game/board/$type': true, '/game/dice/$type': true };
  const rootRoute = createRootRoute({ component: () => <CapabilityOverridesProvider value={pages}>{ui}</CapabilityOverridesProvider> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await act(async () => {
    await router.load();
  });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient, router };
}
