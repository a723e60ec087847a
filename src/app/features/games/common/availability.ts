import { useQuery } from '@tanstack/react-query';
import { isOwnGameEnabled } from '../../../../shared/api/games.ts';
import type { DrawTypeInfo } from '../../../../shared/catalogue/draw-types.ts';
import type { PlayMode } from '../../../../shared/enums.ts';
import { enabledGamesQueryOptions } from '../games-queries.ts';

/** Spec §8 messages for an own game the operator has closed. */
export const CLOSED_MESSAGES = {
  LOTTERY: '彩票游戏暂时关闭，请稍后再试',
  DICE: '骰宝游戏暂时关闭，请稍后再试',
} as const;

/** Whether the operator has this game and mode open; unknown (no data yet) counts as open. */
export function useGameOpen(info: DrawTypeInfo, mode: PlayMode): boolean {
  const config = useQuery(enabledGamesQueryOptions()).data;
  return !config || isOwnGameEnabled(config, info.product, info.code, mode);
}
