// GET, POST, DELETE /ajax/favorite-game (spec §7). Reading needs a login; trial accounts may not
// change favourites (spec §6), so they always read an empty list. DELETE takes `?drawType=`.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FAVORITES_PATHS, FavoriteGameInputSchema, FavoriteGamesSchema } from '../../shared/api/favorites.ts';
import type { ServerContext } from '../context.ts';
import { requireAccess, requireSession } from '../session/access.ts';
import { addFavorite, listFavorites, removeFavorite } from './store.ts';

export async function favoriteRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const loggedIn = requireAccess(ctx, { tier: 'loggedIn' });
  const nonTrial = requireAccess(ctx, { tier: 'nonTrial', operation: '收藏游戏' });
  const path = FAVORITES_PATHS.favoriteGame;
  const response = { 200: FavoriteGamesSchema };

  r.get(path, { preHandler: loggedIn, schema: { response } }, async (request) => {
    const session = await requireSession(ctx, request);
    return { favorites: await listFavorites(pool, session.customer.id) };
  });

  r.post(path, { preHandler: nonTrial, schema: { body: FavoriteGameInputSchema, response } }, async (request) => {
    const session = await requireSession(ctx, request);
    await addFavorite(pool, session.customer.id, request.body.drawType);
    return { favorites: await listFavorites(pool, session.customer.id) };
  });

  r.delete(path, { preHandler: nonTrial, schema: { querystring: FavoriteGameInputSchema, response } }, async (request) => {
    const session = await requireSession(ctx, request);
    await removeFavorite(pool, session.customer.id, request.query.drawType);
    return { favorites: await listFavorites(pool, session.customer.id) };
  });
}
