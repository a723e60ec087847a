// The VIP job (docs/campaigns/ranking-and-vip.md): once a month it evaluates every customer on the
// previous calendar month (up to the highest level reached, or kept by the keep thresholds; below
// that, down), within the month it upgrades at once whoever already reaches a higher level, and it
// pays each evaluated level's monthly bonus. Every step is guarded so that two runs at once change
// a level once and pay once: the evaluation row's primary key, the level update's own condition,
// and the bonus transfer's idempotency key.
import type pg from 'pg';
import type { VipLevel } from '../../shared/enums.ts';
import type { ServerContext } from '../context.ts';
import { withTransaction } from '../db/pool.ts';
import { addRequiredStake, lockRequiredStake, requirementFor } from '../wallet/required-stake.ts';
import { playerAccountId, postTransfer, systemAccountId } from '../wallet/ledger.ts';
import { activityCte } from './activity.ts';
import { levelChangeEvents, type VipEvent } from './events.ts';
import { addMonths, monthOf, startOfDay } from './periods.ts';

export const VIP_BONUS_ACCOUNT = 'house:vip-bonus';

export interface LevelChange {
  customerId: number;
  previous: VipLevel;
  level: VipLevel;
}

export interface VipRunResult {
  evaluated: number;
  changes: LevelChange[];
  bonusesPaid: number;
  events: VipEvent[];
}

const reached = (keep: boolean) => `coalesce((SELECT l.level FROM vip_levels l
   WHERE l.qualify_turnover <= coalesce(a.turnover, 0) OR l.qualify_deposits <= coalesce(a.deposits, 0)
   ${keep ? 'OR (l.rank <= cur.rank AND (l.keep_turnover <= coalesce(a.turnover, 0) OR l.keep_deposits <= coalesce(a.deposits, 0)))' : ''}
   ORDER BY l.rank DESC LIMIT 1), 'NOT_VIP')`;

const toChanges = (rows: { customer_id: number; previous_level: VipLevel; level: VipLevel }[]): LevelChange[] =>
  rows.map((r) => ({ customerId: Number(r.customer_id), previous: r.previous_level, level: r.level }));

/**
 * Evaluates, once per month, every non-trial customer who existed when the month began, on the
 * previous month's figures. A level set by an operator counts as the current level here: kept if the
 * keep thresholds are met, else lowered.
 */
export async function evaluateMonth(client: pg.PoolClient, month: string): Promise<{ evaluated: number; changes: LevelChange[] }> {
  const from = startOfDay(addMonths(month, -1));
  const to = startOfDay(month);
  const result = await client.query<{ customer_id: number; previous_level: VipLevel; level: VipLevel; changed: boolean }>(
    `WITH ${activityCte('$2', '$3')},
     decided AS (
       SELECT c.id, c.vip_level AS previous, ${reached(true)} AS level, coalesce(a.turnover, 0) AS turnover, coalesce(a.deposits, 0) AS deposits
         FROM customers c JOIN vip_levels cur ON cur.level = c.vip_level LEFT JOIN activity a ON a.customer_id = c.id
        WHERE c.test_mode IS NULL AND c.created_at < $3),
     evaluated AS (
       INSERT INTO vip_evaluations (month, customer_id, previous_level, level, turnover, deposits)
       SELECT $1::date, id, previous, level, turnover, deposits FROM decided
       ON CONFLICT (month, customer_id) DO NOTHING RETURNING customer_id, previous_level, level),
     updated AS (
       UPDATE customers c SET vip_level = e.level FROM evaluated e
        WHERE c.id = e.customer_id AND e.level <> e.previous_level AND c.vip_level = e.previous_level
       RETURNING c.id),
     logged AS (
       INSERT INTO vip_level_changes (customer_id, previous_level, level, reason)
       SELECT e.customer_id, e.previous_level, e.level, 'MONTHLY' FROM evaluated e JOIN updated u ON u.id = e.customer_id)
     SELECT e.customer_id, e.previous_level, e.level, u.id IS NOT NULL AS changed
       FROM evaluated e LEFT JOIN updated u ON u.id = e.customer_id`,
    [month, from, to],
  );
  return { evaluated: result.rowCount ?? 0, changes: toChanges(result.rows.filter((r) => r.changed)) };
}

/** Raises, within the month, whoever's running figures already reach a higher level (never lowers). */
export async function upgradeWithinMonth(client: pg.PoolClient, now: Date): Promise<LevelChange[]> {
  const from = startOfDay(monthOf(now));
  const result = await client.query<{ customer_id: number; previous_level: VipLevel; level: VipLevel }>(
    `WITH ${activityCte('$1', '$2')},
     target AS (
       SELECT c.id, ${reached(false)} AS level FROM activity a JOIN customers c ON c.id = a.customer_id
        WHERE c.test_mode IS NULL),
     updated AS (
       UPDATE customers c SET vip_level = t.level FROM target t, vip_levels nl, vip_levels ol
        WHERE c.id = t.id AND nl.level = t.level AND ol.level = c.vip_level AND nl.rank > ol.rank
       RETURNING c.id, ol.level AS previous_level, t.level)
     INSERT INTO vip_level_changes (customer_id, previous_level, level, reason)
     SELECT id, previous_level, level, 'UPGRADE' FROM updated RETURNING customer_id, previous_level, level`,
    [from, now],
  );
  return toChanges(result.rows);
}

/** Pays the month's bonus of each customer's evaluated level, once (key vip-bonus:<month>:<customer>). */
export async function payMonthlyBonuses(pool: pg.Pool, month: string): Promise<{ paid: number; events: VipEvent[] }> {
  const due = await pool.query<{ customer_id: number; level: VipLevel; amount: number; multiple: number }>(
    `SELECT e.customer_id, e.level, l.monthly_bonus AS amount, l.bonus_stake_multiple_bp AS multiple
       FROM vip_evaluations e JOIN vip_levels l ON l.level = e.level
      WHERE e.month = $1 AND l.monthly_bonus > 0
        AND NOT EXISTS (SELECT 1 FROM vip_bonus_payments p WHERE p.month = e.month AND p.customer_id = e.customer_id)
      ORDER BY e.customer_id`,
    [month],
  );
  let paid = 0;
  const events: VipEvent[] = [];
  for (const row of due.rows) {
    const customerId = Number(row.customer_id);
    const key = `vip-bonus:${month.slice(0, 7)}:${customerId}`;
    const balance = await withTransaction(pool, async (client) => {
      await lockRequiredStake(client, customerId);
      const house = await systemAccountId(client, VIP_BONUS_ACCOUNT, 'HOUSE');
      const wallet = await playerAccountId(client, customerId);
      const transfer = await postTransfer(client, {
        idempotencyKey: key,
        type: 'REW',
        reference: key,
        memo: 'VIP 月礼金',
        legs: [
          { accountId: house, amount: -row.amount },
          { accountId: wallet, amount: row.amount },
        ],
      });
      if (transfer.replayed) return null;
      await client.query(
        'INSERT INTO vip_bonus_payments (month, customer_id, level, amount, transfer_id) VALUES ($1, $2, $3, $4, $5)',
        [month, customerId, row.level, row.amount, transfer.transferId],
      );
      await addRequiredStake(client, customerId, requirementFor(row.amount, row.multiple), 'BONUS', key);
      return transfer.balances.get(wallet) ?? null;
    });
    if (balance === null) continue;
    paid += 1;
    events.push({ customerId, type: 'balance', payload: { balance } });
    events.push({ customerId, type: 'textPopup', payload: { title: 'VIP 月礼金', content: `您的 VIP 月礼金已到账，请查收。` } });
  }
  return { paid, events };
}

/** One pass of the job; `now` for tests. Events are returned for publishing after the commits. */
export async function runVipJob(pool: pg.Pool, now = new Date()): Promise<VipRunResult> {
  const month = monthOf(now);
  const monthly = await withTransaction(pool, (client) => evaluateMonth(client, month));
  const upgrades = await withTransaction(pool, (client) => upgradeWithinMonth(client, now));
  const bonuses = await payMonthlyBonuses(pool, month);
  const changes = [...monthly.changes, ...upgrades];
  return { evaluated: monthly.evaluated, changes, bonusesPaid: bonuses.paid, events: [...levelChangeEvents(changes), ...bonuses.events] };
}

/** The job with its events published (after every commit); a lost event costs a refresh, never money. */
export async function runVipJobAndPublish(ctx: ServerContext, now = new Date(), log?: { warn: (obj: object, msg: string) => void }): Promise<VipRunResult> {
  const result = await runVipJob(ctx.database.pool, now);
  if (result.events.length > 0) void ctx.events.publish(result.events).catch((error: unknown) => log?.warn({ err: error }, 'VIP events not published'));
  return result;
}
