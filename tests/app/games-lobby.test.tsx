// The lobby's games per kind of device (spec §9), closed games with the spec §8 messages, recent games.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnabledGames } from '../../src/shared/api/games.ts';
import { formatRemaining } from '../../src/app/components/draw/Countdown.tsx';
import { drawQueryKeys } from '../../src/app/features/games/draws/draw-queries.ts';
import { buildLobby, firstScreenDrawTypes, FIRST_SCREEN_CARDS, recentLobbyGames } from '../../src/app/features/games/lobby/lobby-model.ts';
import { GameLobby } from '../../src/app/features/games/lobby/GameLobby.tsx';
import { recordVisit } from '../../src/app/features/games/common/recent-visits.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { ALL_ENABLED, json, openDraw, renderGame, stubApi } from './games-harness.tsx';

const PAGES = { regular: true, board: true, dice: true };
const modesOf = (config: EnabledGames, device: 'PC' | 'MOBILE', code: string) =>
  buildLobby(config, device, PAGES)
    .flatMap((s) => s.games)
    .find((g) => g.info.code === code)
    ?.links.map((l) => l.label);

describe('lobby model', () => {
  it('offers the play modes of spec §9 for each kind of device', () => {
    expect(modesOf(ALL_ENABLED, 'PC', 'UUFFC')).toEqual(['标准', '盘面']);
    expect(modesOf(ALL_ENABLED, 'MOBILE', 'UUFFC')).toEqual(['标准']);
    expect(modesOf(ALL_ENABLED, 'PC', 'UU28')).toEqual(['盘面']);
    expect(modesOf(ALL_ENABLED, 'MOBILE', 'UU28')).toBeUndefined();
    expect(modesOf(ALL_ENABLED, 'MOBILE', 'UUMARK6')).toEqual(['盘面']);
    expect(modesOf(ALL_ENABLED, 'MOBILE', 'UUFFKENO')).toEqual(['标准', '盘面']);
    expect(modesOf(ALL_ENABLED, 'PC', 'ASHAREF2SSC')).toBeUndefined();
    expect(modesOf(ALL_ENABLED, 'MOBILE', 'F1TB')).toEqual(['进入']);
    expect(modesOf(ALL_ENABLED, 'PC', 'GPTPK10')).toEqual(['标准']);
  });

  it('a game switched off keeps its card with the closed message; a missing page hides the link', () => {
    const config: EnabledGames = {
      ...ALL_ENABLED,
      lotterys: ALL_ENABLED.lotterys.filter((g) => g.drawType !== 'UUFFC'),
      dices: ALL_ENABLED.dices.filter((g) => g.drawType !== 'F1TB'),
    };
    const games = buildLobby(config, 'PC', PAGES).flatMap((s) => s.games);
    expect(games.find((g) => g.info.code === 'UUFFC')).toMatchObject({ closed: true, links: [] });
    expect(games.find((g) => g.info.code === 'F1TB')).toMatchObject({ closed: true, links: [] });
    expect(modesOf(ALL_ENABLED, 'PC', 'UUFFC')).toHaveLength(2);
    const withoutBoard = buildLobby(ALL_ENABLED, 'PC', { ...PAGES, board: false }).flatMap((s) => s.games);
    expect(withoutBoard.find((g) => g.info.code === 'UU28')).toBeUndefined();
  });

  it('recent games come from the recentDrawTypes preference, newest first, only those playable here', () => {
    const recent = recentLobbyGames(['UUPK10', 'UU28', 'UUFFC', 'NOPE'], ALL_ENABLED, 'MOBILE', PAGES);
    expect(recent.map((g) => g.info.code)).toEqual(['UUPK10', 'UUFFC']);
  });
});

describe('lobby', () => {
  beforeEach(() => {
    stubApi();
    preferences.reset(['recentDraws', 'recentDrawTypes']);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows categories with entries, and recent games only to a logged-in player', async () => {
    recordVisit('UUK3', 'REGULAR');
    recordVisit('UUPK10', 'BOARD');
    recordVisit('UUK3', 'REGULAR');
    expect(preferences.get('recentDrawTypes')).toEqual(['UUK3', 'UUPK10']);
    expect(preferences.get('recentDraws')).toEqual([
      { drawType: 'UUK3', playMode: 'REGULAR' },
      { drawType: 'UUPK10', playMode: 'BOARD' },
    ]);
    const view = await renderGame(<GameLobby />);
    expect(await screen.findByTestId('lobby-recent')).toBeTruthy();
    const sections = screen.getAllByTestId('lobby-section').map((s) => s.dataset.category);
    expect(sections).toContain('DICE');
    expect(sections).toContain('SSC');
    expect(screen.getAllByRole('link', { name: '锦鲤分分彩 标准' })[0]!.getAttribute('href')).toBe('/game/regular/UUFFC');
    view.unmount();
    await renderGame(<GameLobby />, { customer: null });
    await screen.findAllByTestId('lobby-section');
    expect(screen.queryByTestId('lobby-recent')).toBeNull();
  }, 30_000);

  it('renders the first screen’s cards first and the rest in later steps, with plain links', async () => {
    const all = buildLobby(ALL_ENABLED, 'PC', PAGES).flatMap((s) => s.games);
    // Oracle: every card the model lists, in its order, once the lobby says it is complete.
    const seen: number[] = [];
    const observer = new MutationObserver(() => seen.push(document.querySelectorAll('[data-testid="lobby-game"]').length));
    observer.observe(document.body, { subtree: true, childList: true });
    await renderGame(<GameLobby />, { customer: null });
    await waitFor(() => expect(screen.getByTestId('game-lobby').dataset.complete).toBe('true'), { timeout: 20_000 });
    observer.disconnect();
    const counts = seen.filter((n) => n > 0);
    expect(counts[0]).toBeLessThanOrEqual(FIRST_SCREEN_CARDS);
    expect(counts.at(-1)).toBe(all.length);
    expect(new Set(counts).size).toBeGreaterThan(2);
    expect(screen.getAllByTestId('lobby-game').map((card) => card.dataset.drawType)).toEqual(all.map((g) => g.info.code));
    const link = screen.getAllByRole('link', { name: '锦鲤分分彩 标准' })[0]!;
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/game/regular/UUFFC');
    expect(link.hasAttribute('data-lobby-nav')).toBe(true);
  }, 30_000);
});

/** Every card is on screen, as on a tall window (jsdom has no IntersectionObserver). */
class AllInView {
  constructor(private readonly callback: (entries: { isIntersecting: boolean; target: Element }[]) => void) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target }]);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

describe('lobby countdowns', () => {
  beforeEach(() => preferences.reset(['recentDraws', 'recentDrawTypes']));
  afterEach(() => vi.unstubAllGlobals());

  it('a countdown of a day or more shows the days: weekly draws are days away', () => {
    // Oracle: days, hours, minutes and seconds counted back out of the text.
    const parse = (text: string) => {
      const match = /^(?:(\d+)天 )?(?:(\d{2}):)?(\d{2}):(\d{2})$/.exec(text);
      if (!match) throw new Error(text);
      const [, d = '0', h = '0', m, sec] = match;
      return ((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60 + Number(sec);
    };
    for (const seconds of [0, 59, 3_599, 3_600, 86_399, 86_400, 86_401, 2 * 86_400 + 3 * 3_600 + 4 * 60 + 5, 6 * 86_400 + 86_399, 30 * 86_400]) {
      const text = formatRemaining(seconds);
      expect(parse(text)).toBe(seconds);
      expect(text.includes('天')).toBe(seconds >= 86_400);
    }
    expect(formatRemaining(2 * 86_400 + 3 * 3_600 + 4 * 60 + 5)).toBe('2天 03:04:05');
    expect(formatRemaining(3_600 * 23 + 61)).toBe('23:01:01');
  });

  it('the first screen is the first periodic cards in lobby order, without instant or closed games', () => {
    const sections = buildLobby(ALL_ENABLED, 'PC', PAGES);
    const recent = recentLobbyGames(['MKSSC', 'UUK3'], ALL_ENABLED, 'PC', PAGES);
    const all = [recent, ...sections.map((section) => section.games)].flat();
    const expected = [...new Set(all.slice(0, FIRST_SCREEN_CARDS).filter((g) => !g.info.instant && !g.closed).map((g) => g.info.code))];
    const codes = firstScreenDrawTypes([recent, ...sections.map((section) => section.games)]);
    expect(codes).toEqual(expected);
    expect(codes[0]).toBe('UUK3');
    expect(codes).not.toContain('MKSSC');
    expect(codes.length).toBeLessThanOrEqual(FIRST_SCREEN_CARDS);
  });

  it('the grid renders at once; the first screen’s issues come in one request, and the countdowns with it', async () => {
    vi.stubGlobal('IntersectionObserver', AllInView);
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { calls } = stubApi((path) => {
      if (!path.startsWith('/ajax/draws/current?')) return undefined;
      const types = new URLSearchParams(path.split('?')[1]).get('types')!.split(',');
      return answered.then(() => json({ serverTime: Date.now(), draws: Object.fromEntries(types.map((code) => [code, openDraw(code)])) }));
    });
    const view = await renderGame(<GameLobby />, { customer: null });
    const firstScreen = firstScreenDrawTypes(buildLobby(ALL_ENABLED, 'PC', PAGES).map((section) => section.games));
    // Nothing waits for the issues: the cards are there while the request is still out.
    const cards = await screen.findAllByTestId('lobby-game');
    const first = cards.find((card) => card.dataset.drawType === firstScreen[0])!;
    expect(first.querySelector('[role="timer"]')).toBeNull();
    await vi.waitFor(() => expect(calls.filter((c) => c.path.startsWith('/ajax/draws/current?')).length).toBeGreaterThan(0));
    const batches = calls.filter((c) => c.path.startsWith('/ajax/draws/current?'));
    // One request for the first screen (the cards in view join it or the next one); never one per card.
    expect(new URLSearchParams(batches[0]!.path.split('?')[1]).get('types')!.split(',')).toEqual(expect.arrayContaining(firstScreen));
    expect(calls.filter((c) => /^\/ajax\/draws\/[^/]+\/current/.test(c.path))).toEqual([]);
    release();
    await vi.waitFor(() => expect(within(first).getByRole('timer').textContent).toMatch(/^00:(4\d|5[01])$/));
    view.unmount();
  }, 30_000);

  it('a returning visitor’s kept issues show on the first render, without a request for them', async () => {
    vi.stubGlobal('IntersectionObserver', AllInView);
    const { calls } = stubApi();
    const firstScreen = firstScreenDrawTypes(buildLobby(ALL_ENABLED, 'PC', PAGES).map((section) => section.games));
    const view = await renderGame(<GameLobby />, {
      customer: null,
      prepare: (queryClient) => {
        for (const code of firstScreen) queryClient.setQueryData(drawQueryKeys.current(code), openDraw(code));
      },
    });
    const first = (await screen.findAllByTestId('lobby-game')).find((card) => card.dataset.drawType === firstScreen[0])!;
    expect(within(first).getByRole('timer').textContent).toMatch(/^00:(4\d|5[01])$/);
    await vi.waitFor(() => expect(calls.some((c) => c.path.startsWith('/ajax/draws/current?'))).toBe(true));
    const asked = calls.filter((c) => c.path.startsWith('/ajax/draws/current?')).flatMap((c) => new URLSearchParams(c.path.split('?')[1]).get('types')!.split(','));
    expect(asked.filter((code) => firstScreen.includes(code))).toEqual([]);
    view.unmount();
  }, 30_000);
});
