import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../../src/app/lib/api/client.ts';
import { discardEarlyResponses, EARLY_PATHS, type EarlyResponse } from '../../src/app/lib/api/early-responses.ts';
import { ApiError, NetworkError } from '../../src/app/lib/api/errors.ts';
import { GAMES_PATHS } from '../../src/shared/api/games.ts';
import { SESSION_PATHS } from '../../src/shared/api/session.ts';
import { z } from 'zod';
import html from '../../index.html?raw';

const Body = z.object({ name: z.string() });
const early = (path: string, response: Promise<EarlyResponse>) => {
  window.__jinliEarly = { [path]: response };
};

afterEach(() => {
  discardEarlyResponses();
  vi.unstubAllGlobals();
});

describe('early startup responses', () => {
  it('index.html starts exactly the two startup requests of spec §4', () => {
    expect([...EARLY_PATHS].sort()).toEqual([SESSION_PATHS.currentCustomer, GAMES_PATHS.enabledGames].sort());
    for (const path of EARLY_PATHS) expect(html).toContain(`'${path}'`);
  });

  it('the first GET of the path takes the early answer; the next one asks the server', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ name: 'from the server' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    early('/ajax/current-customer', Promise.resolve({ status: 200, ok: true, text: JSON.stringify({ name: 'early' }) }));
    expect(await apiGet('/ajax/current-customer', Body)).toEqual({ name: 'early' });
    expect(fetch).not.toHaveBeenCalled();
    expect(await apiGet('/ajax/current-customer', Body)).toEqual({ name: 'from the server' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('an early error answer and a failed early request read like their normal counterparts', async () => {
    early('/ajax/enabled-games', Promise.resolve({ status: 503, ok: false, text: JSON.stringify({ code: 'INTERNAL', message: '服务器繁忙，请稍后重试' }) }));
    await expect(apiGet('/ajax/enabled-games', Body)).rejects.toBeInstanceOf(ApiError);
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => {});
    early('/ajax/enabled-games', failed);
    await expect(apiGet('/ajax/enabled-games', Body)).rejects.toBeInstanceOf(NetworkError);
  });

  it('answers not taken by startup are dropped when the app is initialised', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ name: 'fresh' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    early('/ajax/current-customer', Promise.resolve({ status: 200, ok: true, text: JSON.stringify({ name: 'stale' }) }));
    discardEarlyResponses();
    expect(await apiGet('/ajax/current-customer', Body)).toEqual({ name: 'fresh' });
  });
});
