// The favourites of one customer: read, add (idempotent, capped), remove (idempotent).
import type pg from 'pg';
import { FAVORITE_MESSAGES, MAX_FAVORITE_GAMES, type FavoriteGame } from '../../shared/api/favorites.ts';
import { GAME_CLOSED_MESSAGES } from '../../shared/api/games.ts';
import { findDrawType } from '../../shared/catalogue/draw-types.ts';
import { withTransaction, type Queryable } from '../db/pool.ts';
import { errors } from '../http/errors.ts';

/** In the order they were added; codes the catalogue no longer knows are left out. */
export async function listFavorites(db: Queryable, customerId: number): Promise<FavoriteGame[]> {
  const result = await db.query<{ draw_type: string; created_at: Date }>(
    'SELECT draw_type, created_at FROM favorite_games WHERE customer_id = $1 ORDER BY created_at, draw_type',
    [customerId],
  );
  return result.rows
    .filter((row) => findDrawType(row.draw_type) !== undefined)
    .map((row) => ({ drawType: row.draw_type, createdAt: row.created_at.getTime() }));
}

/** Refuses a draw type the catalogue does not know or the operator has switched off (spec §8 wording). */
async function assertFavoritable(db: Queryable, drawType: string): Promise<void> {
  const info = findDrawType(drawType);
  if (!info) throw errors.validation(FAVORITE_MESSAGES.unknownDrawType, { drawType: FAVORITE_MESSAGES.unknownDrawType });
  const game = await db.query<{ enabled: boolean; play_modes: string[] }>(
    'SELECT enabled, play_modes FROM own_games WHERE draw_type = $1',
    [drawType],
  );
  const row = game.rows[0];
  if (!row || !row.enabled || row.play_modes.length === 0) throw errors.conflict(GAME_CLOSED_MESSAGES[info.product]);
}

export async function addFavorite(pool: pg.Pool, customerId: number, drawType: string): Promise<void> {
  await assertFavoritable(pool, drawType);
  await withTransaction(pool, async (client) => {
    // One writer per customer at a time, so two concurrent adds cannot pass the cap together.
    // NO KEY UPDATE does not block inserts elsewhere that reference the customer.
    await client.query('SELECT 1 FROM customers WHERE id = $1 FOR NO KEY UPDATE', [customerId]);
    const existing = await client.query<{ exists: boolean; count: number }>(
      `SELECT bool_or(draw_type = $2) AS exists, count(*)::int AS count FROM favorite_games WHERE customer_id = $1`,
      [customerId, drawType],
    );
    const { exists, count } = existing.rows[0]!;
    if (exists) return;
    if (count >= MAX_FAVORITE_GAMES) throw errors.conflict(FAVORITE_MESSAGES.tooMany);
    await client.query('INSERT INTO favorite_games (customer_id, draw_type) VALUES ($1, $2)', [customerId, drawType]);
  });
}

/** Removing a game that is not a favourite is not an error: the player's intent already holds. */
export async function removeFavorite(db: Queryable, customerId: number, drawType: string): Promise<void> {
  await db.query('DELETE FROM favorite_games WHERE customer_id = $1 AND draw_type = $2', [customerId, drawType]);
}
