// GET /ajax/enabled-games: the own games the operator has enabled (draw type × play modes) and the
// enabled third-party providers (spec §3.2, §4); which of them are simulated (模拟开奖) and which draw
// types this server does not offer at all (FEED_ADAPTER=none), from the result sources
// (draws/sources.ts). GET /ajax/board-settings/{drawType}: the operator's board odds and 退水 in force.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findDrawType } from '../../shared/catalogue/draw-types.ts';
import { BoardSettingsSchema } from '../../shared/api/board-settings.ts';
import { EnabledGamesSchema, GAMES_PATHS, type EnabledGames, type OwnGameEntry } from '../../shared/api/games.ts';
import { GameParamsSchema } from '../../shared/backoffice/games.ts';
import { INACTIVE_PROVIDERS, PLAY_MODES, THIRD_PARTY_PROVIDERS, type ThirdPartyProvider } from '../../shared/enums.ts';
import type { ServerContext } from '../context.ts';
import { feedModeOfConfig, hiddenDrawTypes, simulatedDrawTypes } from '../draws/sources.ts';
import { errors } from '../http/errors.ts';
import { currentBoardSettings, followGameSettings } from './settings.ts';

const isPlayMode = (m: string): m is OwnGameEntry['playModes'][number] => (PLAY_MODES as readonly string[]).includes(m);
const isProvider = (p: string): p is ThirdPartyProvider =>
  (THIRD_PARTY_PROVIDERS as readonly string[]).includes(p) && !INACTIVE_PROVIDERS.includes(p as ThirdPartyProvider);

export async function loadEnabledGames(ctx: ServerContext): Promise<EnabledGames> {
  const games = await ctx.database.pool.query<{ draw_type: string; play_modes: string[] }>(
    'SELECT draw_type, play_modes FROM own_games WHERE enabled ORDER BY sort_order, draw_type',
  );
  // Third-party providers: enabled with at least one enabled catalogue (issue 20, docs/providers/server.md).
  const providers = await ctx.database.pool.query<{ code: string }>(
    `SELECT p.code FROM third_party_providers p
      WHERE p.enabled AND EXISTS (SELECT 1 FROM provider_catalogues c WHERE c.provider = p.code AND c.enabled)
      ORDER BY p.code`,
  );
  const feedMode = feedModeOfConfig(ctx.config);
  const hidden = hiddenDrawTypes(feedMode);
  const config: EnabledGames = { lotterys: [], dices: [], thirdPartyGameProviders: [], hiddenDrawTypes: hidden };
  for (const row of games.rows) {
    const info = findDrawType(row.draw_type);
    if (!info || hidden.includes(info.code)) continue;
    const entry = { drawType: row.draw_type, playModes: row.play_modes.filter(isPlayMode) };
    if (entry.playModes.length === 0) continue;
    (info.product === 'DICE' ? config.dices : config.lotterys).push(entry);
  }
  config.thirdPartyGameProviders = providers.rows.map((r) => r.code).filter(isProvider);
  const listed = new Set([...config.lotterys, ...config.dices].map((entry) => entry.drawType));
  config.simulatedDrawTypes = simulatedDrawTypes(feedMode).filter((code) => listed.has(code));
  return config;
}

export async function gameRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // The operator's limits and odds, applied before the first bet and followed while the server runs.
  const stopFollowing = await followGameSettings(ctx.database.pool, 2_000, (error) => app.log.warn({ err: error }, 'game settings refresh failed'));
  app.addHook('onClose', async () => stopFollowing());

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(GAMES_PATHS.enabledGames, { schema: { response: { 200: EnabledGamesSchema } } }, () => loadEnabledGames(ctx));
  r.get(
    '/ajax/board-settings/:drawType',
    { schema: { params: GameParamsSchema, response: { 200: BoardSettingsSchema } } },
    (request) => {
      const info = findDrawType(request.params.drawType);
      if (!info) throw errors.notFound('彩种不存在');
      const version = currentBoardSettings(info.code);
      return { odds: version?.settings.odds ?? {}, rebates: version?.settings.rebates ?? {} };
    },
  );
}
