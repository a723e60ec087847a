// The simulated feed's draw types carry 模拟开奖 on their lobby card and their game page's header; draw
// types the server does not offer (FEED_ADAPTER=none) are not in the lobby at all, not even as closed.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnabledGames } from '../../src/shared/api/games.ts';
import { DRAW_TYPES } from '../../src/shared/catalogue/draw-types.ts';
import { buildLobby } from '../../src/app/features/games/lobby/lobby-model.ts';
import { GameLobby } from '../../src/app/features/games/lobby/GameLobby.tsx';
import { RegularGamePage } from '../../src/app/features/games/regular/RegularGamePage.tsx';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { ALL_ENABLED, renderGame, stubApi } from './games-harness.tsx';

const FEED_TYPES = DRAW_TYPES.filter((d) => d.source === 'feed').map((d) => d.code);
const SIMULATED: EnabledGames = { ...ALL_ENABLED, simulatedDrawTypes: ['CQSSC', 'JSTB'] };
const WITHOUT_FEED: EnabledGames = {
  lotterys: ALL_ENABLED.lotterys.filter((g) => !FEED_TYPES.includes(g.drawType)),
  dices: ALL_ENABLED.dices.filter((g) => !FEED_TYPES.includes(g.drawType)),
  thirdPartyGameProviders: [],
  simulatedDrawTypes: [],
  hiddenDrawTypes: FEED_TYPES,
};
const PAGES = { regular: true, board: true, dice: true };

beforeEach(() => {
  stubApi();
  preferences.reset(['recentDraws', 'recentDrawTypes']);
});
afterEach(() => vi.unstubAllGlobals());

const cardOf = (code: string) => screen.getAllByTestId('lobby-game').find((card) => card.dataset.drawType === code);

describe('模拟开奖', () => {
  it('is on the lobby card of each simulated draw type, and on no other', async () => {
    await renderGame(<GameLobby />, { enabledGames: SIMULATED });
    // The lobby renders its cards in steps: every card is there once it says so.
    await waitFor(() => expect(screen.getByTestId('game-lobby').dataset.complete).toBe('true'));
    await waitFor(() => expect(within(cardOf('CQSSC')!).getByTestId('simulated-draw').textContent).toBe('模拟开奖'));
    expect(within(cardOf('JSTB')!).getByTestId('simulated-draw').textContent).toBe('模拟开奖');
    expect(within(cardOf('UUFFC')!).queryByTestId('simulated-draw')).toBeNull();
    expect(within(cardOf('XJSSC')!).queryByTestId('simulated-draw')).toBeNull();
  }, 30_000);

  it('is in the game page header of a simulated draw type', async () => {
    const view = await renderGame(<RegularGamePage drawType="CQSSC" />, { enabledGames: SIMULATED });
    const header = await screen.findByRole('heading', { level: 1, name: '重庆时时彩' });
    expect(screen.getByTestId('simulated-draw').textContent).toBe('模拟开奖');
    expect(header.parentElement!.contains(screen.getByTestId('simulated-draw'))).toBe(true);
    view.unmount();

    const official = await renderGame(<RegularGamePage drawType="CQSSC" />);
    await official.findByRole('heading', { level: 1, name: '重庆时时彩' });
    expect(official.queryByTestId('simulated-draw')).toBeNull();
  }, 30_000);
});

describe('FEED_ADAPTER=none', () => {
  it('the lobby lists no feed draw type, not even as closed', async () => {
    const games = buildLobby(WITHOUT_FEED, 'PC', PAGES).flatMap((s) => s.games.map((g) => g.info.code));
    expect(games.filter((code) => FEED_TYPES.includes(code))).toEqual([]);
    expect(games).toContain('UUFFC');

    await renderGame(<GameLobby />, { enabledGames: WITHOUT_FEED });
    await waitFor(() => expect(cardOf('UUFFC')).toBeDefined());
    expect(cardOf('CQSSC')).toBeUndefined();
    expect(screen.getAllByTestId('lobby-game').filter((card) => FEED_TYPES.includes(card.dataset.drawType!))).toEqual([]);
  }, 30_000);
});
