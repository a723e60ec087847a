// Spec §3.4 "login mode": 注册/登录 opens the mode the visitor last used, kept in the preferences.
import { act, fireEvent, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enabledGamesQueryOptions } from '../../src/app/features/games/games-queries.ts';
import { setSession } from '../../src/app/features/session/session-queries.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { createQueryClient } from '../../src/app/lib/query-client.ts';
import { routeTree } from '../../src/routeTree.gen.ts';
import { renderShell } from './shell-harness.tsx';

const answers: Record<string, unknown> = {
  '/ajax/content/announcements': { items: [] },
  '/content/site.json': { customerService: { qq: null, qqRegistrationId: null }, vipInfoUrl: null },
  '/ajax/registration-link/demo-reg': { id: 'demo-reg', recaptchaRequired: false, recaptchaSiteKey: null },
  '/ajax/captcha': { id: 'c1', image: 'data:image/png;base64,AAAA', expiresInSeconds: 300 },
};

async function renderAnonymousApp() {
  const queryClient = createQueryClient();
  setSession(queryClient, null);
  queryClient.setQueryData(enabledGamesQueryOptions().queryKey, { lotterys: [], dices: [], thirdPartyGameProviders: [] });
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }), context: { queryClient, background: false } });
  await renderShell(queryClient, router);
  return router;
}


beforeEach(() => {
  vi.stubGlobal('EventSource', class {
    addEventListener() {}
    close() {}
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://app.test').pathname;
      return path in answers
        ? new Response(JSON.stringify(answers[path]), { status: 200 })
        : new Response(JSON.stringify({ code: 'NOT_FOUND', message: '不存在' }), { status: 404 });
    }),
  );
  preferences.reset(['registrationId', 'loginMode']);
  preferences.set('registrationId', 'demo-reg');
  onlineManager.setOnline(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('the login mode preference', () => {
  it('a first visit opens the register mode; after switching to login, 注册/登录 opens login', async () => {
    const router = await renderAnonymousApp();
    fireEvent.click(await screen.findByText('注册/登录'));
    expect(await screen.findByTestId('register-modal', {}, { timeout: 8000 })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    expect(await screen.findByTestId('login-modal', {}, { timeout: 8000 })).toBeTruthy();
    expect(preferences.get('loginMode')).toBe('login');

    await act(async () => {
      await router.navigate({ to: '/', search: {} });
    });
    expect(screen.queryByTestId('login-modal')).toBeNull();
    fireEvent.click(await screen.findByText('注册/登录'));
    expect(await screen.findByTestId('login-modal', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByTestId('register-modal')).toBeNull();
    expect(router.state.location.search).toMatchObject({ auth: 'login' });
  });

  it('a stored register mode comes back after switching to it', async () => {
    preferences.set('loginMode', 'login');
    const router = await renderAnonymousApp();
    fireEvent.click(await screen.findByText('注册/登录'));
    expect(await screen.findByTestId('login-modal', {}, { timeout: 8000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即注册' }));
    expect(await screen.findByTestId('register-modal', {}, { timeout: 8000 })).toBeTruthy();
    expect(preferences.get('loginMode')).toBe('register');
    await act(async () => {
      await router.navigate({ to: '/', search: {} });
    });
    fireEvent.click(await screen.findByText('注册/登录'));
    expect(await screen.findByTestId('register-modal', {}, { timeout: 8000 })).toBeTruthy();
  });
});
