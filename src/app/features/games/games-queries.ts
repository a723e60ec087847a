import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { BoardSettingsSchema, EnabledGamesSchema, GAMES_PATHS } from '../../../shared/api/games.ts';
import { apiGet } from '../../lib/api/client.ts';

export const enabledGamesQueryOptions = () =>
  queryOptions({
    queryKey: ['games', 'enabled'] as const,
    queryFn: ({ signal }) => apiGet(GAMES_PATHS.enabledGames, EnabledGamesSchema, signal),
    staleTime: 5 * 60_000,
  });

/** The operator's board odds and 退水 for a draw type (the board shows and prices with them). */
export const boardSettingsQueryOptions = (drawType: string) =>
  queryOptions({
    queryKey: ['games', 'board-settings', drawType] as const,
    queryFn: ({ signal }) => apiGet(GAMES_PATHS.boardSettings(drawType), BoardSettingsSchema, signal),
    staleTime: 5 * 60_000,
  });

/** An operator changed a game (opened, closed, limits, odds): refetch what the app shows of it at once. */
export function applyGamesChangedEvent(queryClient: QueryClient, drawType: string): void {
  void queryClient.invalidateQueries({ queryKey: enabledGamesQueryOptions().queryKey });
  void queryClient.invalidateQueries({ queryKey: boardSettingsQueryOptions(drawType).queryKey });
}
