import { queryOptions } from '@tanstack/react-query';
import { EnabledGamesSchema, GAMES_PATHS } from '../../../shared/api/games.ts';
import { apiGet } from '../../lib/api/client.ts';

export const enabledGamesQueryOptions = () =>
  queryOptions({
    queryKey: ['games', 'enabled'] as const,
    queryFn: ({ signal }) => apiGet(GAMES_PATHS.enabledGames, EnabledGamesSchema, signal),
    staleTime: 5 * 60_000,
  });
