import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { EnabledGamesSchema, GAMES_PATHS } from '../../../shared/api/games.ts';
import { apiGet } from '../../lib/api/client.ts';

export const enabledGamesQueryOptions = () =>
  queryOptions({
    queryKey: ['games', 'enabled'] as const,
    queryFn: ({ signal }) => apiGet(GAMES_PATHS.enabledGames, EnabledGamesSchema, signal),
    staleTime: 5 * 60_000,
  });

/** The key of a draw type's board odds and 退水 (board/board-settings-query.ts). */
export const boardSettingsQueryKey = (drawType: string) => ['games', 'board-settings', drawType] as const;

/** An operator changed a game (opened, closed, limits, odds): refetch what the app shows of it at once. */
export function applyGamesChangedEvent(queryClient: QueryClient, drawType: string): void {
  void queryClient.invalidateQueries({ queryKey: enabledGamesQueryOptions().queryKey });
  void queryClient.invalidateQueries({ queryKey: boardSettingsQueryKey(drawType) });
}
