// The games pages' server state. A change to a game refreshes the list and that game's views.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { AdminGameListSchema, BoardOddsSchema, GAMES_ADMIN_PATHS, RegularLimitsSchema } from '../../../shared/backoffice/games.ts';
import { boGet } from '../../lib/api.ts';

export const GAMES_KEY = ['backoffice', 'games'] as const;

export const gamesQuery = () =>
  queryOptions({
    queryKey: [...GAMES_KEY, 'list'],
    queryFn: ({ signal }) => boGet(GAMES_ADMIN_PATHS.games, AdminGameListSchema, undefined, signal),
  });

export const limitsQuery = (drawType: string) =>
  queryOptions({
    queryKey: [...GAMES_KEY, 'limits', drawType],
    queryFn: ({ signal }) => boGet(GAMES_ADMIN_PATHS.limits(drawType), RegularLimitsSchema, undefined, signal),
  });

export const boardOddsQuery = (drawType: string) =>
  queryOptions({
    queryKey: [...GAMES_KEY, 'board', drawType],
    queryFn: ({ signal }) => boGet(GAMES_ADMIN_PATHS.board(drawType), BoardOddsSchema, undefined, signal),
  });

export function refreshGames(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: GAMES_KEY });
}
