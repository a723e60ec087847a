// Favourite games (收藏, spec §7 `GET, POST, DELETE /ajax/favorite-game`; not for trial accounts, §6).
// A favourite is an own game (draw type); its lobby card offers every play mode, so no mode is stored.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

export const FAVORITES_PATHS = { favoriteGame: '/ajax/favorite-game' } as const;

/** How many games one player may keep as favourites. */
export const MAX_FAVORITE_GAMES = 50;

export const FAVORITE_MESSAGES = {
  drawType: '请选择要收藏的游戏',
  unknownDrawType: '彩种不存在',
  tooMany: `最多只能收藏 ${MAX_FAVORITE_GAMES} 个游戏`,
} as const;

/**
 * The one input of POST (JSON body) and DELETE (query string `?drawType=…`: a DELETE body is
 * not something every proxy forwards).
 */
export const FavoriteGameInputSchema = lazySchema(() => z.object({
  drawType: z
    .string({ error: FAVORITE_MESSAGES.drawType })
    .regex(/^[A-Z0-9_]{1,32}$/, FAVORITE_MESSAGES.drawType),
}));
export type FavoriteGameInput = z.infer<typeof FavoriteGameInputSchema>;

export const FavoriteGameSchema = lazySchema(() => z.object({
  drawType: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.number().int(),
}));
export type FavoriteGame = z.infer<typeof FavoriteGameSchema>;

/** Every answer of the endpoint: the player's favourites in the order they were added. */
export const FavoriteGamesSchema = lazySchema(() => z.object({ favorites: z.array(FavoriteGameSchema) }));
export type FavoriteGames = z.infer<typeof FavoriteGamesSchema>;

export function favoriteGameUrl(drawType: string): string {
  return `${FAVORITES_PATHS.favoriteGame}?drawType=${encodeURIComponent(drawType)}`;
}
