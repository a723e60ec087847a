// Creating an autobet: the plan is computed by the shared planner, one entry per coming issue.
import type pg from 'pg';
import type { CreateAutobet } from '../../shared/api/autobet.ts';
import { AutobetPlanError, planAutobet } from '../../shared/autobet/plan.ts';
import { findDrawType } from '../../shared/catalogue/draw-types.ts';
import { issuesFrom } from '../../shared/draws/index.ts';
import { withTransaction } from '../db/pool.ts';
import { errors } from '../http/errors.ts';
import { planUnits } from './units.ts';

const BEIJING_OFFSET_MS = 8 * 3_600_000;

export async function createAutobet(
  pool: pg.Pool,
  bettor: { customerId: number; prizeGroup: number },
  body: CreateAutobet,
  now: number,
): Promise<number> {
  const existing = await pool.query<{ id: number }>('SELECT id FROM autobets WHERE customer_id = $1 AND client_key = $2', [
    bettor.customerId,
    body.clientKey,
  ]);
  if (existing.rows[0]) return existing.rows[0].id;

  const info = findDrawType(body.drawType);
  if (!info) throw errors.validation('彩种不存在');
  if (info.autobetDisabled) throw errors.validation('该彩种不支持追号');
  const units = planUnits(info, body, bettor.prizeGroup, new Date(now + BEIJING_OFFSET_MS).toISOString().slice(0, 10));
  let planned;
  try {
    planned = planAutobet(body.plan, units);
  } catch (error) {
    if (error instanceof AutobetPlanError) throw errors.validation(error.message);
    throw error;
  }
  const issues = issuesFrom(info.code, now, planned.length);
  if (issues.length < planned.length) throw errors.validation('可追号的期数不足');
  const total = planned.reduce((n, p) => n + p.stake, 0);

  return withTransaction(pool, async (client) => {
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO autobets (customer_id, client_key, draw_type, play_mode, bets, plan, stop_on_win, total_planned)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (customer_id, client_key) DO NOTHING RETURNING id`,
      [bettor.customerId, body.clientKey, info.code, body.playMode, JSON.stringify(body.bets), JSON.stringify(body.plan), body.stopOnWin, total],
    );
    if (!inserted.rows[0]) {
      const again = await client.query<{ id: number }>('SELECT id FROM autobets WHERE customer_id = $1 AND client_key = $2', [
        bettor.customerId,
        body.clientKey,
      ]);
      return again.rows[0]!.id;
    }
    const id = inserted.rows[0].id;
    await client.query(
      `INSERT INTO autobet_entries (autobet_id, seq, issue_number, multiplier, stake)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::int[], $5::bigint[])`,
      [id, planned.map((p) => p.index + 1), issues.map((i) => i.issueNumber), planned.map((p) => p.multiplier), planned.map((p) => p.stake)],
    );
    return id;
  });
}
