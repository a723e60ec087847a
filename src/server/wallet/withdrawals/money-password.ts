// The money password confirms binding a payout account and every withdrawal. A customer who has not
// set one is told where to set it (not '资金密码错误'); the check itself counts wrong tries and locks
// after five (accounts/profile/password-checks.ts).
import type pg from 'pg';
import { NO_MONEY_PASSWORD_MESSAGE } from '../../../shared/api/withdrawals.ts';
import { checkMoneyPassword } from '../../accounts/profile/password-checks.ts';
import { fieldError } from '../../accounts/validation.ts';

export async function hasMoneyPassword(pool: pg.Pool, customerId: number): Promise<boolean> {
  const found = await pool.query<{ set: boolean }>('SELECT money_password_hash IS NOT NULL AS set FROM customers WHERE id = $1', [customerId]);
  return found.rows[0]?.set ?? false;
}

export async function confirmMoneyPassword(pool: pg.Pool, customerId: number, password: string): Promise<void> {
  if (!(await hasMoneyPassword(pool, customerId))) throw fieldError('moneyPassword', NO_MONEY_PASSWORD_MESSAGE);
  await checkMoneyPassword(pool, customerId, password);
}
