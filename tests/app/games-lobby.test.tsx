// The lobby's games per kind of device (spec §9), closed games with the spec §8 messages, recent games.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnabledGames } from '../../src/shared/api/games.ts';
import { buildLobby, recentLobbyGames } from '../../src/app/features/games/lobby/lobby-model.ts';
import { GameLobby } from '../../src/app/features/games/lobby/GameLobby.tsx';
import { recordVisit } from '../../src/app/features/games/common/recent-visits.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { ALL_ENABLED, renderGame, stubApi } from './games-harness.tsx';

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
});
