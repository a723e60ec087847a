// The gamesChanged live event (an operator opened or closed a game, or changed its limits or odds):
// the app refetches enabled games and that draw type's board odds at once, and nothing else.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '../../src/app/features/live/apply-live-event.ts';
import { boardSettingsQueryOptions } from '../../src/app/features/games/board/board-settings-query.ts';
import { enabledGamesQueryOptions } from '../../src/app/features/games/games-queries.ts';

describe('gamesChanged live events', () => {
  it('mark enabled games and that draw type\'s board odds stale', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(enabledGamesQueryOptions().queryKey, { lotterys: [], dices: [], thirdPartyGameProviders: [] });
    queryClient.setQueryData(boardSettingsQueryOptions('CQSSC').queryKey, { odds: {}, rebates: {} });
    queryClient.setQueryData(boardSettingsQueryOptions('UUFFC').queryKey, { odds: {}, rebates: {} });
    applyLiveEvent(queryClient, 'gamesChanged', { drawType: 'CQSSC' }, '9');
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(enabledGamesQueryOptions().queryKey)).toBe(true);
    expect(stale(boardSettingsQueryOptions('CQSSC').queryKey)).toBe(true);
    expect(stale(boardSettingsQueryOptions('UUFFC').queryKey)).toBe(false);
  });
});
