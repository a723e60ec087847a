// Board odds and 退水 per bet type, with each bet type's return to player computed exactly by the
// engine (shared/lottery/board/rtp.ts). A change is a new version of the draw type's settings
// (game_board_settings): bets placed before it settle at the odds they were placed at. The engine's
// guard refuses any odds or 退水 that would bring a bet type to 100 % RTP or more.
import type pg from 'pg';
import type { DrawTypeInfo } from '../../../shared/catalogue/draw-types.ts';
import { allPlayModes } from '../../../shared/catalogue/play-modes.ts';
import {
  boardEngine,
  compareBoardRational,
  formatBoardPercent,
  validateBoardSettings,
  type BoardRational,
  type BoardSettings,
} from '../../../shared/lottery/board/index.ts';
import { LotteryError } from '../../../shared/lottery/index.ts';
import type { BoardOdds, BoardSettingsInput } from '../../../shared/backoffice/games.ts';
import { errors } from '../../http/errors.ts';
import type { BoardSettingsVersion } from '../../games/settings.ts';
import type { Audit } from '../core/api.ts';

export function assertBoardGame(info: DrawTypeInfo): void {
  if (!allPlayModes(info).includes('BOARD')) throw errors.validation(`${info.name}不提供盘面玩法`);
}

const highestOf = (values: readonly BoardRational[]): BoardRational =>
  values.reduce((best, value) => (compareBoardRational(value, best) > 0 ? value : best));

const views = new Map<string, BoardOdds>();

/** The odds table with RTP (the enumeration is not free: cached per draw type, version and date). */
export function boardOddsView(info: DrawTypeInfo, version: BoardSettingsVersion | null, drawDate: string): BoardOdds {
  const key = `${info.code}:${version?.id ?? 0}:${drawDate}`;
  const cached = views.get(key);
  if (cached) return cached;
  const defaults = boardEngine(info.code, undefined, drawDate).catalogue();
  const engine = boardEngine(info.code, version?.settings, drawDate);
  const catalogue = engine.catalogue();
  const rtp = new Map(engine.rtp().betTypes.map((report) => [report.betTypeId, report]));
  const defaultTypes = new Map(defaults.groups.flatMap((group) => group.betTypes).map((betType) => [betType.id, betType]));
  const view: BoardOdds = {
    drawType: info.code,
    name: info.name,
    drawDate,
    customised: version !== null && (Object.keys(version.settings.odds ?? {}).length > 0 || Object.keys(version.settings.rebates ?? {}).length > 0),
    betTypes: catalogue.groups.flatMap((group) =>
      group.betTypes.map((betType) => {
        const report = rtp.get(betType.id)!;
        const base = defaultTypes.get(betType.id);
        const defaultOdds = new Map(base?.levels.map((level) => [level.key, level.odds]));
        return {
          id: betType.id,
          name: betType.name,
          group: group.name,
          rebate: betType.rebate,
          defaultRebate: base?.rebate ?? betType.rebate,
          levels: betType.levels.map((level) => ({ key: level.key, name: level.name, odds: level.odds, defaultOdds: defaultOdds.get(level.key) ?? level.odds })),
          rtp: formatBoardPercent(highestOf(report.entries.map((entry) => entry.rtp))),
          rtpWithRebate: formatBoardPercent(report.highest),
        };
      }),
    ),
  };
  if (views.size > 256) views.clear();
  views.set(key, view);
  return view;
}

/** Checks the settings with the engine (known bet types and odds keys, RTP below 100 %): a Chinese 400 otherwise. */
export function checkedSettings(info: DrawTypeInfo, input: BoardSettingsInput, drawDate: string): BoardSettings {
  const settings: BoardSettings = { odds: input.odds, rebates: input.rebates };
  try {
    validateBoardSettings(info.code, settings, drawDate);
  } catch (error) {
    if (error instanceof LotteryError) throw errors.validation(error.message);
    throw error;
  }
  return settings;
}

/** Records a new version of the draw type's odds and 退水, in force from `now` (draw clock). */
export async function saveBoardSettings(
  client: pg.PoolClient,
  audit: Audit,
  info: DrawTypeInfo,
  settings: BoardSettings,
  now: number,
  reason: string | null,
): Promise<void> {
  // One change of a draw type's odds at a time, so that each audit row's "before" is the version it replaced.
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('game_board_settings'), hashtext($1))`, [info.code]);
  const previous = await client.query<{ odds: unknown; rebates: unknown }>(
    'SELECT odds, rebates FROM game_board_settings WHERE draw_type = $1 ORDER BY effective_at DESC, id DESC LIMIT 1',
    [info.code],
  );
  const inserted = await client.query<{ id: number }>(
    `INSERT INTO game_board_settings (draw_type, odds, rebates, effective_at)
     VALUES ($1, $2, $3, greatest(to_timestamp($4 / 1000.0), (SELECT max(effective_at) FROM game_board_settings WHERE draw_type = $1)))
     RETURNING id`,
    [info.code, JSON.stringify(settings.odds ?? {}), JSON.stringify(settings.rebates ?? {}), now],
  );
  await audit({
    action: 'game.board.update',
    targetType: 'game',
    targetId: info.code,
    before: previous.rows[0] ?? { odds: {}, rebates: {} },
    after: { version: inserted.rows[0]!.id, odds: settings.odds ?? {}, rebates: settings.rebates ?? {} },
    reason,
  });
}
