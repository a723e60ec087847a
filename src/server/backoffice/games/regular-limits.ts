// Regular-mode limits per draw type: the prize-group range, the largest multiplier, the most 注 in one
// order, and the payout caps per order and per player per issue (the caps apply to board bets too).
// Stored in game_regular_limits and applied by games/settings.ts; no row means the engine's defaults.
import type pg from 'pg';
import type { DrawTypeInfo } from '../../../shared/catalogue/draw-types.ts';
import { allPlayModes } from '../../../shared/catalogue/play-modes.ts';
import { methodIds, methodLimits } from '../../../shared/lottery/index.ts';
import { FIXED_PRIZE_CATEGORIES } from '../../../shared/lottery/regular/limits.ts';
import type { RegularLimits, RegularLimitsInput } from '../../../shared/backoffice/games.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { maxBetsPerOrderOf } from '../../games/settings.ts';
import { issuePayoutCap, orderPayoutCap } from '../../orders/pricing.ts';
import type { Audit } from '../core/api.ts';

interface Shape {
  regular: boolean;
  prizeGroups: boolean;
}

function shapeOf(info: DrawTypeInfo): Shape {
  const regular = allPlayModes(info).includes('REGULAR') && methodIds(info.code).length > 0;
  return { regular, prizeGroups: regular && !FIXED_PRIZE_CATEGORIES.has(info.category) };
}

/** The limits in force in this process (the engine's defaults where the operator set none). */
export async function limitsView(db: Queryable, info: DrawTypeInfo): Promise<RegularLimits> {
  const { regular } = shapeOf(info);
  const first = regular ? methodIds(info.code)[0] : undefined;
  const method = first ? methodLimits(info.code, first) : null;
  const stored = await db.query('SELECT 1 FROM game_regular_limits WHERE draw_type = $1', [info.code]);
  return {
    drawType: info.code,
    name: info.name,
    regular,
    prizeGroup: method?.prizeGroup ?? null,
    maxMultiplier: method?.maxMultiplier ?? null,
    maxBetsPerOrder: regular ? maxBetsPerOrderOf(info.code) : null,
    maxPayoutPerOrder: orderPayoutCap(info.code),
    maxPayoutPerIssue: issuePayoutCap(info.code),
    customised: (stored.rowCount ?? 0) > 0,
  };
}

/** The settings as stored: every value the request gives, checked against what the draw type has. */
function storedValues(info: DrawTypeInfo, input: RegularLimitsInput) {
  const { regular, prizeGroups } = shapeOf(info);
  const fields: Record<string, string> = {};
  if (prizeGroups && !input.prizeGroup) fields.prizeGroup = '请填写奖金组范围';
  if (!prizeGroups && input.prizeGroup) fields.prizeGroup = `${info.name}没有奖金组，不能设置奖金组范围`;
  if (regular && (input.maxMultiplier === undefined || input.maxMultiplier === null)) fields.maxMultiplier = '请填写最大倍数';
  if (!regular && input.maxMultiplier != null) fields.maxMultiplier = `${info.name}没有标准玩法，不能设置最大倍数`;
  if (!regular && input.maxBetsPerOrder != null) fields.maxBetsPerOrder = `${info.name}没有标准玩法，不能设置每单最大注数`;
  const first = Object.values(fields)[0];
  if (first) throw errors.validation(first, fields);
  return {
    prizeGroupMin: input.prizeGroup?.min ?? null,
    prizeGroupMax: input.prizeGroup?.max ?? null,
    maxMultiplier: regular ? input.maxMultiplier! : null,
    maxBetsPerOrder: regular ? (input.maxBetsPerOrder ?? null) : null,
    maxPayoutPerOrder: input.maxPayoutPerOrder,
    maxPayoutPerIssue: input.maxPayoutPerIssue,
  };
}

/** Replaces the draw type's limits (one upsert) and records the change. */
export async function saveLimits(client: pg.PoolClient, audit: Audit, info: DrawTypeInfo, input: RegularLimitsInput, before: RegularLimits): Promise<void> {
  const values = storedValues(info, input);
  const stored = await client.query(
    `INSERT INTO game_regular_limits (draw_type, prize_group_min, prize_group_max, max_multiplier, max_bets_per_order,
                                      max_payout_per_order, max_payout_per_issue, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, clock_timestamp())
     ON CONFLICT (draw_type) DO UPDATE SET prize_group_min = EXCLUDED.prize_group_min, prize_group_max = EXCLUDED.prize_group_max,
       max_multiplier = EXCLUDED.max_multiplier, max_bets_per_order = EXCLUDED.max_bets_per_order,
       max_payout_per_order = EXCLUDED.max_payout_per_order, max_payout_per_issue = EXCLUDED.max_payout_per_issue,
       updated_at = EXCLUDED.updated_at
     RETURNING draw_type`,
    [info.code, values.prizeGroupMin, values.prizeGroupMax, values.maxMultiplier, values.maxBetsPerOrder, values.maxPayoutPerOrder, values.maxPayoutPerIssue],
  );
  if (stored.rowCount !== 1) throw new Error('game limits not stored');
  await audit({ action: 'game.limits.update', targetType: 'game', targetId: info.code, before, after: values, reason: input.reason ?? null });
}

/** Drops the operator's limits: the engine's defaults apply again. */
export async function resetLimits(client: pg.PoolClient, audit: Audit, info: DrawTypeInfo, before: RegularLimits, reason: string | null): Promise<void> {
  await client.query('DELETE FROM game_regular_limits WHERE draw_type = $1', [info.code]);
  await audit({ action: 'game.limits.reset', targetType: 'game', targetId: info.code, before, after: null, reason });
}
