// The lobby's favourites (收藏): the star on each card, 我的收藏 at the top, optimistic changes with
// rollback and a toast, offline read-only, nothing for trial and anonymous visitors (spec §6).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FavoriteGames } from '../../src/shared/api/favorites.ts';
import { withFavoriteEntry } from '../../src/app/features/favorites/favorite-queries.ts';
import { OFFLINE_FAVORITE_REASON } from '../../src/app/features/favorites/use-favorites.ts';
import { GameLobby } from '../../src/app/features/games/lobby/GameLobby.tsx';
import { clearSessionData } from '../../src/app/features/session/session-queries.ts';
import { toastError } from '../../src/app/lib/notify.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { json, PLAYER, renderGame, stubApi } from './games-harness.tsx';

vi.mock('../../src/app/lib/notify.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/app/lib/notify.ts')>()),
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
}));

const favorites = (...codes: string[]): FavoriteGames => ({ favorites: codes.map((drawType, i) => ({ drawType, createdAt: 1_000 + i })) });
const star = (name: string) => screen.getAllByRole('button', { name: `收藏 ${name}` })[0]!;
/** The lobby renders its cards in steps (stepwise.ts): every card is there once it says so. */
const allCards = () => waitFor(() => expect(screen.getByTestId('game-lobby').dataset.complete).toBe('true'));
const favoriteCodes = () =>
  Array.from(screen.queryByTestId('lobby-favorites')?.querySelectorAll<HTMLElement>('[data-testid="lobby-game"]') ?? []).map((card) => card.dataset.drawType);

/** A fake favourites endpoint; `gate` holds answers back until the test releases them. */
function favoritesServer(initial: string[]) {
  let kept = [...initial];
  let refuse: { status: number; body: unknown } | null = null;
  let release: (() => void) | null = null;
  let gate: Promise<void> | null = null;
  const answer = async (path: string, init: RequestInit | undefined): Promise<Response> => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') return json(favorites(...kept));
    if (gate) await gate;
    if (refuse) return json(refuse.body, refuse.status);
    if (method === 'POST') {
      const { drawType } = JSON.parse(String(init!.body)) as { drawType: string };
      if (!kept.includes(drawType)) kept.push(drawType);
    } else {
      const drawType = new URLSearchParams(path.split('?')[1]).get('drawType');
      kept = kept.filter((code) => code !== drawType);
    }
    return json(favorites(...kept));
  };
  const api = stubApi((path, init) => (path.startsWith('/ajax/favorite-game') ? answer(path, init) : undefined));
  return {
    ...api,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release() {
      gate = null;
      release?.();
    },
    refuseWith(status: number, body: unknown) {
      refuse = { status, body };
    },
    favoriteCalls: () => api.calls.filter((c) => c.path.startsWith('/ajax/favorite-game') && (c.init?.method ?? 'GET') !== 'GET'),
  };
}

/** The favourite cards are on screen (so they ask for their issue and count down); the rest are not. */
class FavoritesInView {
  constructor(private readonly callback: (entries: { isIntersecting: boolean; target: Element }[]) => void) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: target.closest('[data-testid="lobby-favorites"]') !== null, target }]);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FavoritesInView);
  preferences.reset(['recentDraws', 'recentDrawTypes']);
  onlineManager.setOnline(true);
  vi.mocked(toastError).mockClear();
});
afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe('favourite games in the lobby', () => {
  it('lists the favourites first with their countdowns and marks their stars pressed', async () => {
    favoritesServer(['UUK3', 'UUFFC']);
    await renderGame(<GameLobby />);
    await waitFor(() => expect(favoriteCodes()).toEqual(['UUK3', 'UUFFC']));
    await allCards();
    const section = screen.getByTestId('lobby-favorites');
    expect(screen.getByRole('heading', { name: '我的收藏' })).toBeTruthy();
    await waitFor(() => expect(within(section).getAllByText(/距封盘/)).toHaveLength(2));
    expect(star('锦鲤分分彩').getAttribute('aria-pressed')).toBe('true');
    expect(star('锦鲤快3').getAttribute('aria-pressed')).toBe('true');
    expect(star('极速赛车').getAttribute('aria-pressed')).toBe('false');
    expect(star('极速赛车').getAttribute('title')).toBe('收藏');
    expect(star('锦鲤分分彩').getAttribute('title')).toBe('取消收藏');
  }, 30_000);

  it('stars and un-stars at once, before the server answers, and keeps its answer', async () => {
    const server = favoritesServer(['UUFFC']);
    await renderGame(<GameLobby />);
    await waitFor(() => expect(favoriteCodes()).toEqual(['UUFFC']));
    await allCards();
    server.hold();
    fireEvent.click(star('极速赛车'));
    await waitFor(() => expect(favoriteCodes()).toEqual(['UUFFC', 'UUPK10']));
    expect(star('极速赛车').getAttribute('aria-pressed')).toBe('true');
    server.release();
    await waitFor(() => expect(server.favoriteCalls()).toHaveLength(1));
    expect(server.favoriteCalls()[0]!.init?.body).toBe(JSON.stringify({ drawType: 'UUPK10' }));

    fireEvent.click(star('锦鲤分分彩'));
    await waitFor(() => expect(favoriteCodes()).toEqual(['UUPK10']));
    await waitFor(() => expect(server.favoriteCalls()).toHaveLength(2));
    expect(server.favoriteCalls()[1]).toMatchObject({ path: '/ajax/favorite-game?drawType=UUFFC', init: { method: 'DELETE' } });
    expect(toastError).not.toHaveBeenCalled();
  }, 30_000);

  it('rolls back and shows the server message when the change is refused', async () => {
    const server = favoritesServer(['UUFFC']);
    await renderGame(<GameLobby />);
    await waitFor(() => expect(favoriteCodes()).toEqual(['UUFFC']));
    await allCards();
    server.refuseWith(409, { code: 'CONFLICT', message: '最多只能收藏 50 个游戏' });
    server.hold();
    fireEvent.click(star('极速赛车'));
    await waitFor(() => expect(favoriteCodes()).toEqual(['UUFFC', 'UUPK10']));
    server.release();
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('最多只能收藏 50 个游戏'));
    await waitFor(() => expect(favoriteCodes()).toEqual(['UUFFC']));
    expect(star('极速赛车').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(star('锦鲤分分彩'));
    await waitFor(() => expect(toastError).toHaveBeenCalledTimes(2));
    expect(favoriteCodes()).toEqual(['UUFFC']);
    expect(star('锦鲤分分彩').getAttribute('aria-pressed')).toBe('true');
  }, 30_000);

  it('offline: shows the cached favourites, and the star says why it does nothing', async () => {
    const server = favoritesServer(['UUFFC']);
    await renderGame(<GameLobby />);
    await waitFor(() => expect(favoriteCodes()).toEqual(['UUFFC']));
    onlineManager.setOnline(false);
    await waitFor(() => expect(star('极速赛车').getAttribute('aria-disabled')).toBe('true'));
    expect(star('极速赛车').getAttribute('title')).toBe(OFFLINE_FAVORITE_REASON);
    fireEvent.click(star('极速赛车'));
    expect(toastError).toHaveBeenCalledWith(OFFLINE_FAVORITE_REASON);
    expect(server.favoriteCalls()).toHaveLength(0);
    expect(favoriteCodes()).toEqual(['UUFFC']);
  }, 30_000);

  it('is gone at logout', async () => {
    favoritesServer(['UUFFC']);
    const view = await renderGame(<GameLobby />);
    await waitFor(() => expect(favoriteCodes()).toEqual(['UUFFC']));
    clearSessionData(view.queryClient);
    await waitFor(() => expect(screen.queryByTestId('lobby-favorites')).toBeNull());
    expect(screen.queryByTestId('favorite-star')).toBeNull();
    expect(view.queryClient.getQueryData(['user', 'favorites'])).toBeUndefined();
  }, 30_000);

  it('trial and anonymous visitors get no star, no section and no request (spec §6)', async () => {
    for (const customer of [{ ...PLAYER, testMode: 'USER_TEST' as const }, null]) {
      const server = favoritesServer(['UUFFC']);
      const view = await renderGame(<GameLobby />, { customer });
      await screen.findAllByTestId('lobby-section');
      expect(screen.queryByTestId('favorite-star')).toBeNull();
      expect(screen.queryByTestId('lobby-favorites')).toBeNull();
      expect(server.calls.some((c) => c.path.startsWith('/ajax/favorite-game'))).toBe(false);
      view.unmount();
      vi.unstubAllGlobals();
    }
  }, 30_000);
});

describe('withFavoriteEntry', () => {
  it('keeps the server order (added, then code) whatever the change', () => {
    const list = favorites('UUFFC', 'UUK3');
    expect(withFavoriteEntry(list, 'UUPK10', { drawType: 'UUPK10', createdAt: 5_000 }).favorites.map((f) => f.drawType)).toEqual(['UUFFC', 'UUK3', 'UUPK10']);
    expect(withFavoriteEntry(list, 'UUFFC', null).favorites.map((f) => f.drawType)).toEqual(['UUK3']);
    expect(withFavoriteEntry(favorites('UUK3'), 'UUFFC', { drawType: 'UUFFC', createdAt: 1_000 }).favorites.map((f) => f.drawType)).toEqual(['UUFFC', 'UUK3']);
  });
});
