import { useQuery } from '@tanstack/react-query';
import { isOwnGameEnabled, isSimulatedDraw } from '../../../../shared/api/games.ts';
import type { DrawTypeInfo } from '../../../../shared/catalogue/draw-types.ts';
import type { PlayMode } from '../../../../shared/enums.ts';
import { enabledGamesQueryOptions } from '../games-queries.ts';

export { GAME_CLOSED_MESSAGES as CLOSED_MESSAGES } from '../../../../shared/api/games.ts';

/** Whether the operator has this game and mode open; unknown (no data yet) counts as open. */
export function useGameOpen(info: DrawTypeInfo, mode: PlayMode): boolean {
  const config = useQuery(enabledGamesQueryOptions()).data;
  return !config || isOwnGameEnabled(config, info.product, info.code, mode);
}

/** Whether the game's results come from the built-in simulated feed (labelled 模拟开奖). */
export function useSimulatedDraw(info: DrawTypeInfo): boolean {
  return isSimulatedDraw(useQuery(enabledGamesQueryOptions()).data, info.code);
}

export const SIMULATED_DRAW_LABEL = '模拟开奖';
/** What the label means, for its title. */
export const SIMULATED_DRAW_HINT = '号码由平台模拟产生，并非官方开奖结果；与平台彩种一样开售前公布承诺、开奖后公开种子，可验证';
