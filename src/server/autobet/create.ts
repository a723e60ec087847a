// Creating an autobet: the plan is computed by the shared planner, one entry per coming issue.
import type pg from 'pg';
import type { CreateAutobet } from '../../shared/api/autobet.ts';
import { AutobetPlanError, planAutobet } from '../../shared/autobet/plan.ts';
import { findDrawType } from '../../shared/catalogue/draw-types.ts';
import { issuesFrom } from '../../shared/draws/index.ts';
import { loadSchedule } from '../draws/calendar.ts';
import { withTransaction } from '../db/pool.ts';
import { errors } from '../http/errors.ts';
import { assertGameOpen } from '../games/availability.ts';
import { canonicalJson } from '../orders/replay.ts';
import { planUnits } from './units.ts';

const BEIJING_OFFSET_MS = 8 * 3_600_000;

export const AUTOBET_KEY_REUSED_MESSAGE = '该追号标识已用于另一个追号计划，请重新提交';

interface StoredAutobet {
  id: number;
  draw_type: string;
  play_mode: string;
  bets: unknown;
  plan: unknown;
  stop_on_win: boolean;
}

/**
 * The autobet already created under the request's client key, if the request asks for that same plan
 * (draw type, play mode, bets, plan, stop on win); the same key with another plan is refused (409).
 */
async function existingAutobet(db: pg.Pool | pg.PoolClient, customerId: number, body: CreateAutobet): Promise<number | null> {
  const found = await db.query<StoredAutobet>(
    'SELECT id, draw_type, play_mode, bets, plan, stop_on_win FROM autobets WHERE customer_id = $1 AND client_key = $2',
    [customerId, body.clientKey],
  );
  const stored = found.rows[0];
  if (!stored) return null;
  const same =
    stored.draw_type === findDrawType(body.drawType)?.code &&
    stored.play_mode === body.playMode &&
    stored.stop_on_win === body.stopOnWin &&
    canonicalJson(stored.bets) === canonicalJson(body.bets) &&
    canonicalJson(stored.plan) === canonicalJson(body.plan);
  if (!same) throw errors.conflict(AUTOBET_KEY_REUSED_MESSAGE);
  return stored.id;
}

export async function createAutobet(
  pool: pg.Pool,
  bettor: { customerId: number; prizeGroup: number },
  body: CreateAutobet,
  now: number,
): Promise<number> {
  const existing = await existingAutobet(pool, bettor.customerId, body);
  if (existing !== null) return existing;

  const info = findDrawType(body.drawType);
  if (!info) throw errors.validation('彩种不存在');
  if (info.autobetDisabled) throw errors.validation('该彩种不支持追号');
  // A plan on a game the operator has closed (in this play mode) is refused like a bet on it.
  await assertGameOpen(pool, info, body.playMode);
  const units = planUnits(info, body, bettor.prizeGroup, new Date(now + BEIJING_OFFSET_MS).toISOString().slice(0, 10));
  let planned;
  try {
    planned = planAutobet(body.plan, units);
  } catch (error) {
    if (error instanceof AutobetPlanError) throw errors.validation(error.message);
    throw error;
  }
  // The operator's calendar (休市日历) decides which days have issues and how yearly 期号 count.
  const issues = issuesFrom((await loadSchedule(pool, info.code)) ?? info.code, now, planned.length);
  if (issues.length < planned.length) throw errors.validation('可追号的期数不足');
  const total = planned.reduce((n, p) => n + p.stake, 0);

  return withTransaction(pool, async (client) => {
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO autobets (customer_id, client_key, draw_type, play_mode, bets, plan, stop_on_win, total_planned)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (customer_id, client_key) DO NOTHING RETURNING id`,
      [bettor.customerId, body.clientKey, info.code, body.playMode, JSON.stringify(body.bets), JSON.stringify(body.plan), body.stopOnWin, total],
    );
    if (!inserted.rows[0]) return (await existingAutobet(client, bettor.customerId, body))!;
    const id = inserted.rows[0].id;
    // Each entry keeps its issue's scheduled close: should the issue never be generated (its game
    // disabled meanwhile), the runner still cancels the entry once that time has passed.
    await client.query(
      `INSERT INTO autobet_entries (autobet_id, seq, issue_number, multiplier, stake, closes_at)
       SELECT $1, s, n, m, k, to_timestamp(c / 1000.0) FROM unnest($2::int[], $3::text[], $4::int[], $5::bigint[], $6::float8[]) AS x(s, n, m, k, c)`,
      [
        id,
        planned.map((p) => p.index + 1),
        issues.map((i) => i.issueNumber),
        planned.map((p) => p.multiplier),
        planned.map((p) => p.stake),
        issues.map((i) => i.closesAt),
      ],
    );
    return id;
  });
}
