// `GET /ajax/enabled-games` (spec §3.2 enabledGameConfig, §4 availability).
import { z } from 'zod';
import { PLAY_MODES, THIRD_PARTY_PROVIDERS } from '../enums.ts';
import { lazySchema } from './lazy-schema.ts';

export const GAMES_PATHS = { enabledGames: '/ajax/enabled-games' } as const;

/** Spec §8 messages for an own game the operator has closed, per product. */
export const GAME_CLOSED_MESSAGES = {
  LOTTERY: '彩票游戏暂时关闭，请稍后再试',
  DICE: '骰宝游戏暂时关闭，请稍后再试',
} as const;

export const OwnGameEntrySchema = lazySchema(() => z.object({
  drawType: z.string(),
  playModes: z.array(z.enum(PLAY_MODES)),
}));
export type OwnGameEntry = z.infer<typeof OwnGameEntrySchema>;

export const EnabledGamesSchema = lazySchema(() => z.object({
  /** Own games per product: `lotterys` and `dices` ({product}s of spec §3.2). */
  lotterys: z.array(OwnGameEntrySchema),
  dices: z.array(OwnGameEntrySchema),
  thirdPartyGameProviders: z.array(z.enum(THIRD_PARTY_PROVIDERS)),
  /** Feed draw types whose results this server simulates (FEED_ADAPTER=simulated): shown with 模拟开奖. */
  simulatedDrawTypes: z.array(z.string()).optional(),
  /** Draw types this server does not offer at all (FEED_ADAPTER=none): listed nowhere, not even as closed. */
  hiddenDrawTypes: z.array(z.string()).optional(),
}));
export type EnabledGames = z.infer<typeof EnabledGamesSchema>;

/** Spec §4: an own game is enabled when a game entry has that draw type and play mode. */
export function isOwnGameEnabled(
  config: EnabledGames,
  product: 'LOTTERY' | 'DICE',
  drawType: string,
  playMode: z.infer<typeof OwnGameEntrySchema>['playModes'][number],
): boolean {
  const entries = product === 'LOTTERY' ? config.lotterys : config.dices;
  return entries.some((e) => e.drawType === drawType && e.playModes.includes(playMode));
}

/** Whether the draw type's results are simulated (the built-in simulated feed), not official. */
export function isSimulatedDraw(config: EnabledGames | undefined, drawType: string): boolean {
  return config?.simulatedDrawTypes?.includes(drawType) ?? false;
}

export function isHiddenDraw(config: EnabledGames, drawType: string): boolean {
  return config.hiddenDrawTypes?.includes(drawType) ?? false;
}
