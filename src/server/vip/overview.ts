// GET /ajax/vip: the player's level, this month's figures, progress to the next level, every level's
// rules and the bonuses received.
import type { VipLevelRules, VipOverview } from '../../shared/api/vip.ts';
import type { VipLevel } from '../../shared/enums.ts';
import type { Queryable } from '../db/pool.ts';
import { customerActivity } from './activity.ts';
import { vipLevelRules } from './levels.ts';
import { monthOf, startOfDay } from './periods.ts';

/** Progress toward a threshold, 0–100, floored (100 only when reached). */
function percentOf(value: number, threshold: number | null): number {
  if (threshold === null) return 0;
  return Math.min(100, Math.floor((value * 100) / threshold));
}

export function progressTo(rules: readonly VipLevelRules[], level: VipLevel, turnover: number, deposits: number): VipOverview['progress'] {
  const current = rules.find((r) => r.level === level)?.rank ?? 0;
  const next = rules.filter((r) => r.rank > current).sort((a, b) => a.rank - b.rank)[0];
  if (!next) return { nextLevel: null, percent: 100, turnoverNeeded: null, depositsNeeded: null };
  const needed = (threshold: number | null, value: number) => (threshold === null ? null : Math.max(0, threshold - value));
  return {
    nextLevel: next.level,
    percent: Math.max(percentOf(turnover, next.qualifyTurnover), percentOf(deposits, next.qualifyDeposits)),
    turnoverNeeded: needed(next.qualifyTurnover, turnover),
    depositsNeeded: needed(next.qualifyDeposits, deposits),
  };
}

export async function vipOverview(db: Queryable, customerId: number, now = new Date()): Promise<VipOverview> {
  const month = monthOf(now);
  const [rules, activity, customer, bonuses] = await Promise.all([
    vipLevelRules(db),
    customerActivity(db, customerId, startOfDay(month), now),
    db.query<{ vip_level: VipLevel }>('SELECT vip_level FROM customers WHERE id = $1', [customerId]),
    db.query<{ month: string; level: VipLevel; amount: number; paid_at: Date }>(
      `SELECT to_char(month, 'YYYY-MM') AS month, level, amount, paid_at FROM vip_bonus_payments
        WHERE customer_id = $1 ORDER BY month DESC LIMIT 24`,
      [customerId],
    ),
  ]);
  const level = customer.rows[0]?.vip_level ?? 'NOT_VIP';
  return {
    level,
    month: month.slice(0, 7),
    turnover: activity.turnover,
    deposits: activity.deposits,
    progress: progressTo(rules, level, activity.turnover, activity.deposits),
    levels: rules,
    bonuses: bonuses.rows.map((b) => ({ month: b.month, level: b.level, amount: b.amount, paidAt: b.paid_at.toISOString() })),
  };
}
