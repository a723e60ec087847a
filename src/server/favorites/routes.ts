// GET, POST, DELETE /ajax/favorite-game (spec §7). Reading needs a login; trial accounts may not
// change favourites (spec §6), so they always read an empty list. DELETE takes `?drawType=`.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FAVORITES_PATHS, FavoriteGameInputSchema, FavoriteGamesSchema } from '../../shared/api/favorites.ts';
import type { ServerContext } from '../context.ts';
import { requireSession, type AccessRule } from '../session/access.ts';
import { addFavorite, listFavorites, removeFavorite } from './store.ts';

export async function favoriteRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const loggedIn: AccessRule = { tier: 'loggedIn' };
  const nonTrial: AccessRule = { tier: 'nonTrial', operation: '收藏游戏' };
  const path = FAVORITES_PATHS.favoriteGame;
  const response = { 200: FavoriteGamesSchema };

  r.get(path, { config: { access: loggedIn }, schema: { response } }, async (request) => {
    const session = await requireSession(ctx, request);
    return { favorites: await listFavorites(pool, session.customer.id) };
  });

  r.post(path, { config: { access: nonTrial }, schema: { body: FavoriteGameInputSchema, response } }, async (request) => {
    const session = await requireSession(ctx, request);
    await addFavorite(pool, session.customer.id, request.body.drawType);
    return { favorites: await listFavorites(pool, session.customer.id) };
  });

  r.delete(path, { config: { access: nonTrial }, schema: { querystring: FavoriteGameInputSchema, response } }, async (request) => {
    const session = await requireSession(ctx, request);
    await removeFavorite(pool, session.customer.id, request.query.drawType);
    return { favorites: await listFavorites(pool, session.customer.id) };
  });
}
