// The operator's VIP level rules (table vip_levels).
import type { VipLevelRules } from '../../shared/api/vip.ts';
import type { VipLevel } from '../../shared/enums.ts';
import type { Queryable } from '../db/pool.ts';

interface LevelRow {
  level: VipLevel;
  rank: number;
  qualify_turnover: number | null;
  qualify_deposits: number | null;
  keep_turnover: number | null;
  keep_deposits: number | null;
  monthly_bonus: number;
  bonus_stake_multiple_bp: number;
  daily_withdrawal_count: number | null;
  daily_withdrawal_amount: number | null;
}

const toRules = (row: LevelRow): VipLevelRules => ({
  level: row.level,
  rank: row.rank,
  qualifyTurnover: row.qualify_turnover,
  qualifyDeposits: row.qualify_deposits,
  keepTurnover: row.keep_turnover,
  keepDeposits: row.keep_deposits,
  monthlyBonus: row.monthly_bonus,
  bonusStakeMultipleBp: row.bonus_stake_multiple_bp,
  dailyWithdrawalCount: row.daily_withdrawal_count,
  dailyWithdrawalAmount: row.daily_withdrawal_amount,
});

export async function vipLevelRules(db: Queryable): Promise<VipLevelRules[]> {
  const found = await db.query<LevelRow>('SELECT * FROM vip_levels ORDER BY rank');
  return found.rows.map(toRules);
}

/** The daily withdrawal limits of a customer's VIP level, when the programme sets them. */
export async function vipWithdrawalLimits(db: Queryable, customerId: number): Promise<{ count: number | null; amount: number | null }> {
  const found = await db.query<{ count: number | null; amount: number | null }>(
    `SELECT l.daily_withdrawal_count AS count, l.daily_withdrawal_amount AS amount
       FROM customers c JOIN vip_levels l ON l.level = c.vip_level WHERE c.id = $1`,
    [customerId],
  );
  return found.rows[0] ?? { count: null, amount: null };
}
