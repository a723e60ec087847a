import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { createStore } from 'idb-keyval';
import { runStartup } from '../../src/app/features/startup/startup.ts';
import { enabledGamesQueryOptions } from '../../src/app/features/games/games-queries.ts';
import { MAIL_LIST_QUERY_KEY } from '../../src/app/features/mail/mail-queries.ts';
import { logIn } from '../../src/app/features/session/session-actions.ts';
import { clearSessionData, currentCustomerQueryOptions, readSession, setSession } from '../../src/app/features/session/session-queries.ts';
import { BALANCE_QUERY_KEY } from '../../src/app/features/wallet/wallet-queries.ts';
import { createQueryClient } from '../../src/app/lib/query-client.ts';
import { PreferenceStore } from '../../src/app/lib/preferences/store.ts';
import { NetworkError } from '../../src/app/lib/api/errors.ts';
import type { CurrentCustomer } from '../../src/shared/api/session.ts';

const customer = {
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
const games = { lotterys: [{ drawType: 'CQSSC', playModes: ['REGULAR'] }], dices: [], thirdPartyGameProviders: ['AG'] };

let n = 0;
const store = () => new PreferenceStore({ idbStore: () => createStore(`startup-${++n}`, 'p'), storage: null });

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('startup sequence (spec §4)', () => {
  it('fetches customer and games together, then registration data, in that order', async () => {
    const calls: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
        if (url.endsWith('/current-customer')) return json(customer);
        if (url.endsWith('/enabled-games')) return json(games);
        if (url.includes('/registration-link/')) return json({ id: 'demo-reg', recaptchaRequired: false, recaptchaSiteKey: null });
        return json({}, 404);
      }),
    );
    const prefs = store();
    prefs.set('registrationId', 'demo-reg');
    prefs.set('recentDrawTypes', ['CQSSC', 'GONE']);
    const queryClient = createQueryClient();
    await expect(runStartup(queryClient, prefs)).resolves.toEqual({ usedLastKnown: false });
    expect(calls.slice(0, 2).sort()).toEqual(['/ajax/current-customer', '/ajax/enabled-games']);
    expect(calls[2]).toBe('/ajax/registration-link/demo-reg');
    expect(maxInFlight).toBe(2);
    expect(queryClient.getQueryData(currentCustomerQueryOptions().queryKey)).toEqual(customer);
    expect(queryClient.getQueryData(['registration', 'demo-reg'])).toEqual({ id: 'demo-reg', recaptchaRequired: false, recaptchaSiteKey: null });
    expect(prefs.get('recentDrawTypes')).toEqual(['CQSSC']);
  });

  it('skips registration data without a stored registration id, and reads a dead link as none', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/current-customer') ? json(null) : url.endsWith('/enabled-games') ? json(games) : json({ code: 'NOT_FOUND', message: '注册链接不存在或已失效' }, 404),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    await runStartup(queryClient, store());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const prefs = store();
    prefs.set('registrationId', 'gone');
    await runStartup(queryClient, prefs);
    expect(queryClient.getQueryData(['registration', 'gone'])).toBeNull();
  });

  it('fails when the server cannot be reached while the browser is online and nothing is known', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(runStartup(createQueryClient(), store())).rejects.toBeInstanceOf(NetworkError);
  });

  it('offline with nothing known (a first visit gone offline before the cache was written): opens for a visitor it knows nothing about', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    onlineManager.setOnline(false);
    try {
      const queryClient = createQueryClient();
      const prefs = store();
      prefs.set('registrationId', 'demo-reg');
      await expect(runStartup(queryClient, prefs)).resolves.toEqual({ usedLastKnown: false });
      expect(queryClient.getQueryData(currentCustomerQueryOptions().queryKey)).toBeUndefined();
      expect(queryClient.getQueryData(enabledGamesQueryOptions().queryKey)).toBeUndefined();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('offline, a server error still fails startup', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ code: 'INTERNAL', message: '服务器繁忙，请稍后重试' }, 500)));
    onlineManager.setOnline(false);
    try {
      await expect(runStartup(createQueryClient(), store())).rejects.toMatchObject({ code: 'INTERNAL' });
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('opens with the last-known customer and games when the network is down (a network failure is not a logout)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentCustomerQueryOptions().queryKey, customer as never);
    queryClient.setQueryData(enabledGamesQueryOptions().queryKey, games as never);
    await expect(runStartup(queryClient, store())).resolves.toEqual({ usedLastKnown: true });
    expect(queryClient.getQueryData(currentCustomerQueryOptions().queryKey)).toEqual(customer);
  });

  it('offline on a slow phone: waits for the persisted cache that is still being restored', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const queryClient = createQueryClient();
    const restored = new Promise<void>((resolve) =>
      setTimeout(() => {
        queryClient.setQueryData(currentCustomerQueryOptions().queryKey, customer as never);
        queryClient.setQueryData(enabledGamesQueryOptions().queryKey, games as never);
        resolve();
      }, 50),
    );
    await expect(runStartup(queryClient, store(), restored)).resolves.toEqual({ usedLastKnown: true });
  });

  it('fails on a server error even with a cache', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ code: 'INTERNAL', message: '服务器繁忙，请稍后重试' }, 500)));
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentCustomerQueryOptions().queryKey, customer as never);
    queryClient.setQueryData(enabledGamesQueryOptions().queryKey, games as never);
    await expect(runStartup(queryClient, store())).rejects.toMatchObject({ code: 'INTERNAL' });
  });
});

describe('a session that ended while the app was closed', () => {
  // Guards the frontend audit: startup set the session to null without removing the previous
  // player's user/* data, and logIn cleared only when the previous session was non-null, so player B
  // logging in on the same phone saw player A's balance and mail (followCustomer now clears on both).
  it('the next login does not inherit the previous player’s balance and mail', async () => {
    const queryClient = createQueryClient({ onUnauthenticated: () => clearSessionData(queryClient) });
    // As restored from IndexedDB on a shared phone: player A was logged in last time.
    setSession(queryClient, { ...customer, name: 'player_a' } as CurrentCustomer);
    queryClient.setQueryData(BALANCE_QUERY_KEY, { balance: 88_888_0000 });
    queryClient.setQueryData([...MAIL_LIST_QUERY_KEY, 'received', 1], { items: [{ id: 1, subject: 'A 的私人邮件' }] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        // A's session expired on the server (or was revoked): the server says "nobody".
        if (url.endsWith('/current-customer')) return json(null);
        if (url.endsWith('/enabled-games')) return json(games);
        if (url.endsWith('/login') && init?.method === 'PUT') return json({ ...customer, name: 'player_b' });
        return json({ code: 'NOT_FOUND', message: '不存在' }, 404);
      }),
    );
    const prefs = store();
    await runStartup(queryClient, prefs);
    expect(readSession(queryClient)).toBeNull();
    expect(queryClient.getQueryData(BALANCE_QUERY_KEY)).toBeUndefined();
    // Player B logs in on the same phone.
    await logIn(queryClient, prefs, { username: 'player_b', password: 'abc12345', remember: false });
    expect(readSession(queryClient)?.name).toBe('player_b');
    expect(queryClient.getQueryData(BALANCE_QUERY_KEY)).toBeUndefined();
    expect(queryClient.getQueryData([...MAIL_LIST_QUERY_KEY, 'received', 1])).toBeUndefined();
  });
});
