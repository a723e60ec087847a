// The real app (route tree, shell, root overlays) in jsdom with a scripted server, for the orders,
// settlement popup and verification tests.
import { onlineManager } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { vi } from 'vitest';
import type { DrawnIssue } from '../../src/shared/api/draws.ts';
import type { OrderDetail } from '../../src/shared/api/orders.ts';
import type { CurrentCustomer } from '../../src/shared/api/session.ts';
import { enabledGamesQueryOptions } from '../../src/app/features/games/games-queries.ts';
import { setSession } from '../../src/app/features/session/session-queries.ts';
import { BALANCE_QUERY_KEY } from '../../src/app/features/wallet/wallet-queries.ts';
import { createQueryClient } from '../../src/app/lib/query-client.ts';
import { routeTree } from '../../src/routeTree.gen.ts';
import { renderShell } from './shell-harness.tsx';

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

/** Answers by path (without the query string); `calls` records every URL asked for, with its method. */
export interface FakeServer {
  routes: Record<string, (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown }>;
  calls: { url: string; method: string }[];
}

export function fakeServer(): FakeServer {
  const server: FakeServer = { routes: {}, calls: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      server.calls.push({ url: `${url.pathname}${url.search}`, method: init?.method ?? 'GET' });
      const handler = server.routes[url.pathname];
      if (!handler) return new Response(JSON.stringify({ code: 'NOT_FOUND', message: '不存在' }), { status: 404 });
      const { status = 200, body } = handler(url, init);
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return server;
}

class SilentEventSource {
  readyState = 0;
  onopen = null;
  onerror = null;
  addEventListener() {}
  close() {
    this.readyState = 2;
  }
}

export function quietBrowser(): void {
  vi.stubGlobal('EventSource', SilentEventSource);
  onlineManager.setOnline(true);
}

/**
 * The lazily loaded screens, imported once before the tests: the first import transforms a large
 * module graph, which under a loaded machine outlasts the testing library's default waits.
 */
export async function preloadLazyScreens(): Promise<void> {
  await Promise.all([
    import('../../src/app/features/orders/OrderDetailModal.tsx'),
    import('../../src/app/features/notifications/settlement-popups-stack.tsx'),
    import('../../src/app/features/orders/OrdersOverlay.tsx'),
    import('../../src/app/features/fairness/PeriodicVerifyPage.tsx'),
    import('../../src/app/features/fairness/InstantVerifyPage.tsx'),
  ]);
}

export async function renderApp(customer: CurrentCustomer | null, path: string) {
  const queryClient = createQueryClient();
  setSession(queryClient, customer);
  queryClient.setQueryData(enabledGamesQueryOptions().queryKey, { lotterys: [], dices: [], thirdPartyGameProviders: [] });
  if (customer) queryClient.setQueryData(BALANCE_QUERY_KEY, { balance: 1000_0000 });
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, background: false },
  });
  const view = await renderShell(queryClient, router);
  return { ...view, router, queryClient };
}

const MINUTE = 60_000;

export function drawnIssue(partial: Partial<DrawnIssue> & Pick<DrawnIssue, 'drawType' | 'issueNumber'>): DrawnIssue {
  const drawAt = Date.UTC(2026, 10, 22, 0, 1);
  return {
    opensAt: drawAt - MINUTE,
    closesAt: drawAt - 30_000,
    drawAt,
    state: 'SETTLED',
    commitment: null,
    result: null,
    resultSource: 'platform',
    seed: null,
    beacon: null,
    drawnAt: drawAt,
    cancelReason: null,
    ...partial,
  };
}

export function orderDetail(partial: Partial<OrderDetail>): OrderDetail {
  return {
    orderId: '41',
    drawType: 'UUFFC',
    playMode: 'REGULAR',
    issueNumber: '202611220001',
    status: 'PENDING',
    betCount: 1,
    totalStake: 2_0000,
    payout: 0,
    rebate: 0,
    isAutoBet: false,
    createdAt: Date.UTC(2026, 10, 21, 16, 0, 30),
    settledAt: null,
    cancelledAt: null,
    result: null,
    bets: [],
    fairness: null,
    ...partial,
  };
}
