// Issue 15, defect 4: `/?auth=login&redirect=https://evil.example/x`, then logging in, must leave the
// player on this site; a redirect to one of our own pages still works. The real app shell and router,
// the server answered by a scripted fetch.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, type AnyRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enabledGamesQueryOptions } from '../../src/app/features/games/games-queries.ts';
import { readSession, setSession } from '../../src/app/features/session/session-queries.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { createQueryClient } from '../../src/app/lib/query-client.ts';
import type { CurrentCustomer } from '../../src/shared/api/session.ts';
import { routeTree } from '../../src/routeTree.gen.ts';
import { renderShell } from './shell-harness.tsx';

const PLAYER: CurrentCustomer = {
  name: 'redirect_player',
  alias: '跳转测试',
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

const ORIGIN = window.location.origin;

beforeEach(() => {
  vi.stubGlobal('EventSource', class {
    addEventListener() {}
    close() {}
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, ORIGIN).pathname;
      if ((init?.method ?? 'GET') === 'PUT' && path === '/ajax/login') return new Response(JSON.stringify(PLAYER), { status: 200 });
      if (path === '/ajax/content/announcements') return new Response(JSON.stringify({ items: [] }), { status: 200 });
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: '不存在' }), { status: 404 });
    }),
  );
  preferences.reset(['registrationId', 'loginMode', 'loginAccount']);
  onlineManager.setOnline(true);
});
afterEach(() => vi.unstubAllGlobals());

/** The navigations the router is asked for, as `href` or `to`. */
function recordNavigations(router: AnyRouter): string[] {
  const navigate = router.navigate.bind(router);
  const requested: string[] = [];
  router.navigate = ((options: Parameters<typeof router.navigate>[0]) => {
    requested.push(String(options.href ?? options.to ?? ''));
    return navigate(options);
  }) as typeof router.navigate;
  return requested;
}

/** Opens the app at `entry` as a visitor and logs in through the modal; returns what the login asked the router for. */
async function logInFrom(entry: string) {
  const queryClient = createQueryClient();
  setSession(queryClient, null);
  queryClient.setQueryData(enabledGamesQueryOptions().queryKey, { lotterys: [], dices: [], thirdPartyGameProviders: [] });
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [entry] }), context: { queryClient, background: false } });
  const requested = recordNavigations(router);
  await renderShell(queryClient, router);

  const modal = await screen.findByTestId('login-modal', {}, { timeout: 8000 });
  fireEvent.change(modal.querySelector('input[name="username"]')!, { target: { value: PLAYER.name } });
  fireEvent.change(modal.querySelector('input[name="password"]')!, { target: { value: 'secret123' } });
  requested.length = 0;
  await act(async () => {
    fireEvent.click(within(modal).getByRole('button', { name: '登录' }));
  });
  await waitFor(() => expect(readSession(queryClient)?.name).toBe(PLAYER.name));
  // Logged in, the modal either follows the redirect or closes itself: both ask the router.
  await waitFor(() => expect(requested.length).toBeGreaterThan(0));
  return { router, requested };
}

const EVIL = ['https://evil.example/x', '//evil.example/x', '/\\evil.example/x', '/%2F%2Fevil.example/x', 'javascript:alert(1)'];

// A lazily loaded modal on two shared cores: the limit only catches a hang.
describe('the redirect after logging in', { timeout: 60_000 }, () => {
  for (const redirect of EVIL) {
    it(`stays on the site for redirect=${redirect}`, async () => {
      const { router, requested } = await logInFrom(`/?${new URLSearchParams({ auth: 'login', redirect })}`);
      for (const href of requested) expect(new URL(href, `${ORIGIN}/`).origin, href).toBe(ORIGIN);
      expect(requested.filter((href) => href.includes('evil'))).toEqual([]);
      await waitFor(() => expect(screen.queryByTestId('login-modal')).toBeNull());
      expect(router.state.location.pathname).toBe('/');
      expect(router.state.location.href).not.toContain('evil');
      expect(await screen.findByTestId('lobby')).toBeTruthy();
    });
  }

  it('still takes the player to the protected page they asked for', async () => {
    const { router } = await logInFrom('/account/center');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/center'));
    expect(screen.queryByTestId('login-modal')).toBeNull();
    expect(router.state.location.search).not.toHaveProperty('redirect');
  });
});
