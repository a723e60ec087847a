// Opening and closing own games per play mode. A game's open modes are own_games.play_modes while
// own_games.enabled is set (spec §4: an entry with that draw type and play mode). Closing a mode
// removes it from play_modes and leaves `enabled` alone: the game's issues go on being generated and
// drawn, so bets already placed on them settle. Opening a mode sets `enabled`.
import type pg from 'pg';
import { CATEGORY_NAMES, DRAW_TYPES, findDrawType, type DrawTypeInfo } from '../../../shared/catalogue/draw-types.ts';
import { allPlayModes } from '../../../shared/catalogue/play-modes.ts';
import { PLAY_MODES, type PlayMode } from '../../../shared/enums.ts';
import type { AdminGame } from '../../../shared/backoffice/games.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import type { Audit } from '../core/api.ts';

interface GameRow {
  draw_type: string;
  enabled: boolean;
  play_modes: string[];
}

const openModes = (row: GameRow | undefined): PlayMode[] =>
  row?.enabled ? PLAY_MODES.filter((mode) => row.play_modes.includes(mode)) : [];

function view(info: DrawTypeInfo, row: GameRow | undefined, hidden: readonly string[]): AdminGame {
  return {
    drawType: info.code,
    name: info.name,
    product: info.product,
    categoryName: info.product === 'DICE' ? '骰宝' : CATEGORY_NAMES[info.category],
    source: info.source,
    offeredModes: [...allPlayModes(info)],
    enabledModes: openModes(row),
    hidden: hidden.includes(info.code),
  };
}

/** Every own game of the catalogue that can be played in some mode, in catalogue order. */
export async function listGames(db: Queryable, hidden: readonly string[]): Promise<AdminGame[]> {
  const rows = await db.query<GameRow>('SELECT draw_type, enabled, play_modes FROM own_games');
  const byCode = new Map(rows.rows.map((row) => [row.draw_type, row]));
  return DRAW_TYPES.filter((info) => allPlayModes(info).length > 0).map((info) => view(info, byCode.get(info.code), hidden));
}

/** The draw type of a request, known to the catalogue and playable in `playMode` (else a Chinese 400/404). */
export function gameInfo(drawType: string, playMode?: PlayMode): DrawTypeInfo {
  const info = findDrawType(drawType);
  if (!info || allPlayModes(info).length === 0) throw errors.notFound('彩种不存在');
  if (playMode && !allPlayModes(info).includes(playMode)) {
    throw errors.validation(`${info.name}不提供${playMode === 'REGULAR' ? '标准' : '盘面'}玩法`);
  }
  return info;
}

/**
 * Opens or closes one play mode of a game, under the game row's lock (concurrent changes of the same
 * game apply one after the other, none lost), with its audit row. Returns the game as it now is.
 */
export async function setGameMode(
  client: pg.PoolClient,
  audit: Audit,
  info: DrawTypeInfo,
  playMode: PlayMode,
  open: boolean,
  reason: string | null,
  hidden: readonly string[],
): Promise<{ game: AdminGame; changed: boolean }> {
  const locked = await client.query<GameRow>('SELECT draw_type, enabled, play_modes FROM own_games WHERE draw_type = $1 FOR UPDATE', [info.code]);
  const before = openModes(locked.rows[0]);
  const after = PLAY_MODES.filter((mode) => (mode === playMode ? open : before.includes(mode)));
  const changed = after.length !== before.length;
  if (changed) {
    await client.query(
      `INSERT INTO own_games (draw_type, enabled, play_modes, sort_order)
       VALUES ($1, true, $2, (SELECT coalesce(max(sort_order), 0) + 1 FROM own_games))
       ON CONFLICT (draw_type) DO UPDATE SET play_modes = EXCLUDED.play_modes, enabled = own_games.enabled OR $3`,
      [info.code, after, open],
    );
  }
  // Recorded even when the mode already was as asked: the operator's request is in the log either way.
  await audit({
    action: open ? 'game.open' : 'game.close',
    targetType: 'game',
    targetId: `${info.code}:${playMode}`,
    before: { drawType: info.code, enabledModes: before },
    after: { drawType: info.code, enabledModes: after },
    reason,
  });
  const row = { draw_type: info.code, enabled: true, play_modes: after };
  return { game: view(info, row, hidden), changed };
}
