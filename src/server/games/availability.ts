// Whether an own game is open to players in a play mode (spec §4: an entry with that draw type and
// play mode), refused otherwise with the spec §8 closed message of its product.
import { GAME_CLOSED_MESSAGES } from '../../shared/api/games.ts';
import type { DrawTypeInfo } from '../../shared/catalogue/draw-types.ts';
import type { PlayMode } from '../../shared/enums.ts';
import type { Queryable } from '../db/pool.ts';
import { errors } from '../http/errors.ts';

export async function isGameOpen(db: Queryable, drawType: string, playMode: PlayMode): Promise<boolean> {
  const found = await db.query('SELECT 1 FROM own_games WHERE draw_type = $1 AND enabled AND $2 = ANY(play_modes)', [drawType, playMode]);
  return (found.rowCount ?? 0) > 0;
}

export async function assertGameOpen(db: Queryable, info: DrawTypeInfo, playMode: PlayMode): Promise<void> {
  if (!(await isGameOpen(db, info.code, playMode))) throw errors.conflict(GAME_CLOSED_MESSAGES[info.product]);
}
