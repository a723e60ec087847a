// The player's favourite games (收藏): a user query (dropped at logout), persisted so the lobby shows
// them offline; changes go through the two requests below.
import { queryOptions } from '@tanstack/react-query';
import { FAVORITES_PATHS, FavoriteGamesSchema, favoriteGameUrl, type FavoriteGames } from '../../../shared/api/favorites.ts';
import { apiGet, apiPost, apiRequest } from '../../lib/api/client.ts';
import { USER_QUERY_PREFIX } from '../session/session-queries.ts';

export const FAVORITES_QUERY_KEY = [USER_QUERY_PREFIX, 'favorites'] as const;
export const FAVORITE_MUTATION_KEY = ['favorite-game'] as const;

export const favoritesQueryOptions = () =>
  queryOptions({
    queryKey: FAVORITES_QUERY_KEY,
    queryFn: ({ signal }) => apiGet(FAVORITES_PATHS.favoriteGame, FavoriteGamesSchema, signal),
    staleTime: 5 * 60_000,
  });

export function addFavoriteRequest(drawType: string): Promise<FavoriteGames> {
  return apiPost(FAVORITES_PATHS.favoriteGame, { drawType }, FavoriteGamesSchema);
}

export function removeFavoriteRequest(drawType: string): Promise<FavoriteGames> {
  return apiRequest(favoriteGameUrl(drawType), { method: 'DELETE', schema: FavoriteGamesSchema });
}

type Favorite = FavoriteGames['favorites'][number];

/** The list with `drawType` set to `entry` (absent when null), in the server's order (added, then code). */
export function withFavoriteEntry(current: FavoriteGames | undefined, drawType: string, entry: Favorite | null): FavoriteGames {
  const favorites = (current?.favorites ?? []).filter((f) => f.drawType !== drawType);
  if (entry) favorites.push(entry);
  favorites.sort((a, b) => a.createdAt - b.createdAt || (a.drawType < b.drawType ? -1 : a.drawType > b.drawType ? 1 : 0));
  return { favorites };
}
