// The back office's games (/ajax/backoffice/games…): open and close own games per play mode, the
// regular-mode limits, the board odds and 退水 with their return to player. Every write is audited
// (withOperatorWrite); once it has committed, this process applies it at once (others within seconds,
// games/settings.ts) and players are told through the live stream (gamesChanged).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminGameListSchema,
  AdminGameSchema,
  BoardOddsSchema,
  BoardSettingsInputSchema,
  GameModeParamsSchema,
  GameParamsSchema,
  RegularLimitsInputSchema,
  RegularLimitsSchema,
  SetGameModeSchema,
} from '../../../shared/backoffice/games.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { feedModeOfConfig, hiddenDrawTypes } from '../../draws/sources.ts';
import { currentBoardSettings, reloadGameSettings } from '../../games/settings.ts';
import { withOperatorWrite } from '../core/api.ts';
import { assertBoardGame, boardOddsView, checkedSettings, saveBoardSettings } from './board-odds.ts';
import { gameInfo, listGames, setGameMode } from './game-modes.ts';
import { limitsView, resetLimits, saveLimits } from './regular-limits.ts';

const BEIJING_OFFSET_MS = 8 * 3_600_000;

export async function gameAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const read = { operator: { permission: 'games.read' as const } };
  const manage = { operator: { permission: 'games.manage' as const } };
  const hidden = () => hiddenDrawTypes(feedModeOfConfig(ctx.config));
  const today = () => new Date(ctx.clock.now() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);

  /** After a committed change: apply it here now, and tell every open app. */
  const changed = async (drawType: string) => {
    await reloadGameSettings(pool);
    await ctx.events.publishToAll('gamesChanged', { drawType });
  };

  r.get(`${BACKOFFICE_API}/games`, { config: read, schema: { response: { 200: AdminGameListSchema } } }, async () => ({
    games: await listGames(pool, hidden()),
  }));

  r.put(
    `${BACKOFFICE_API}/games/:drawType/modes/:playMode`,
    { config: manage, schema: { params: GameModeParamsSchema, body: SetGameModeSchema, response: { 200: AdminGameSchema } } },
    async (request) => {
      const { playMode } = request.params;
      const info = gameInfo(request.params.drawType, playMode);
      const result = await withOperatorWrite(ctx, request, (client, audit) =>
        setGameMode(client, audit, info, playMode, request.body.enabled, request.body.reason ?? null, hidden()),
      );
      if (result.changed) await changed(info.code);
      return result.game;
    },
  );

  r.get(`${BACKOFFICE_API}/games/:drawType/limits`, { config: read, schema: { params: GameParamsSchema, response: { 200: RegularLimitsSchema } } }, async (request) =>
    limitsView(pool, gameInfo(request.params.drawType)),
  );

  r.put(
    `${BACKOFFICE_API}/games/:drawType/limits`,
    { config: manage, schema: { params: GameParamsSchema, body: RegularLimitsInputSchema, response: { 200: RegularLimitsSchema } } },
    async (request) => {
      const info = gameInfo(request.params.drawType);
      await withOperatorWrite(ctx, request, async (client, audit) => saveLimits(client, audit, info, request.body, await limitsView(client, info)));
      await changed(info.code);
      return limitsView(pool, info);
    },
  );

  r.delete(
    `${BACKOFFICE_API}/games/:drawType/limits`,
    { config: manage, schema: { params: GameParamsSchema, response: { 200: RegularLimitsSchema } } },
    async (request) => {
      const info = gameInfo(request.params.drawType);
      await withOperatorWrite(ctx, request, async (client, audit) => resetLimits(client, audit, info, await limitsView(client, info), null));
      await changed(info.code);
      return limitsView(pool, info);
    },
  );

  r.get(`${BACKOFFICE_API}/games/:drawType/board`, { config: read, schema: { params: GameParamsSchema, response: { 200: BoardOddsSchema } } }, async (request) => {
    const info = gameInfo(request.params.drawType);
    assertBoardGame(info);
    return boardOddsView(info, currentBoardSettings(info.code), today());
  });

  r.put(
    `${BACKOFFICE_API}/games/:drawType/board`,
    { config: manage, schema: { params: GameParamsSchema, body: BoardSettingsInputSchema, response: { 200: BoardOddsSchema } } },
    async (request) => {
      const info = gameInfo(request.params.drawType);
      assertBoardGame(info);
      const drawDate = today();
      const settings = checkedSettings(info, request.body, drawDate);
      await withOperatorWrite(ctx, request, (client, audit) => saveBoardSettings(client, audit, info, settings, ctx.clock.now(), request.body.reason ?? null));
      await changed(info.code);
      return boardOddsView(info, currentBoardSettings(info.code), drawDate);
    },
  );
}
