// The standalone chart page `/game/chart/{type}` (spec §2.1): public, only for draw types with a
// chart (spec §9); and the embedded compact chart linking to it.
import { act, render, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/app/App.tsx';
import { TrendChart } from '../../src/app/features/charts/index.ts';
import { enabledGamesQueryOptions } from '../../src/app/features/games/games-queries.ts';
import { setSession } from '../../src/app/features/session/session-queries.ts';
import { createQueryClient } from '../../src/app/lib/query-client.ts';
import { routeTree } from '../../src/routeTree.gen.ts';


beforeEach(() => {
  onlineManager.setOnline(true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const match = /^\/ajax\/draws\/(\w+)\/results\?count=\d+$/.exec(url);
      if (match) return new Response(JSON.stringify({ drawType: match[1], results: [] }));
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: '不存在' }), { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderAt(path: string) {
  const queryClient = createQueryClient();
  setSession(queryClient, null);
  queryClient.setQueryData(enabledGamesQueryOptions().queryKey, { lotterys: [], dices: [], thirdPartyGameProviders: [] });
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }), context: { queryClient, background: false } });
  await act(async () => {
    await router.load();
  });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('/game/chart/{type}', () => {
  it('shows the chart page of a draw type with a chart to anyone', async () => {
    await renderAt('/game/chart/UUFFC');
    expect((await screen.findByTestId('chart-page')).textContent).toContain('锦鲤分分彩 走势图');
    expect(screen.getByTestId('trend-chart').dataset.drawType).toBe('UUFFC');
  });

  for (const code of ['MKSSC', 'ASHAREF2SSC', 'MARK6', 'JND28', 'NOPE']) {
    it(`is not found for ${code}`, async () => {
      await renderAt(`/game/chart/${code}`);
      expect(await screen.findByTestId('not-found')).toBeTruthy();
      expect(screen.queryByTestId('chart-page')).toBeNull();
    });
  }
});

describe('the compact chart for the game page', () => {
  it('links to the full chart page', async () => {
    const queryClient = createQueryClient();
    const root = createRootRoute({ component: () => <TrendChart drawType="UUPK10" compact /> });
    const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
    await act(async () => {
      await router.load();
    });
    render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router as never} />
      </AppProviders>,
    );
    expect((await screen.findByTestId('chart-full-link')).getAttribute('href')).toBe('/game/chart/UUPK10');
    expect(screen.getByTestId('trend-chart').dataset.drawType).toBe('UUPK10');
  });
});
