import { useQuery } from '@tanstack/react-query';
import { isOwnGameEnabled } from '../../../../shared/api/games.ts';
import type { DrawTypeInfo } from '../../../../shared/catalogue/draw-types.ts';
import type { PlayMode } from '../../../../shared/enums.ts';
import { enabledGamesQueryOptions } from '../games-queries.ts';

export { GAME_CLOSED_MESSAGES as CLOSED_MESSAGES } from '../../../../shared/api/games.ts';

/** Whether the operator has this game and mode open; unknown (no data yet) counts as open. */
export function useGameOpen(info: DrawTypeInfo, mode: PlayMode): boolean {
  const config = useQuery(enabledGamesQueryOptions()).data;
  return !config || isOwnGameEnabled(config, info.product, info.code, mode);
}
