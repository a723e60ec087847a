// Checking the login password or the money password of a logged-in customer (re-authentication
// before changing a contact or a password). Wrong tries are counted per customer in the database:
// 5 within 15 minutes lock that check for the rest of the window.
import type pg from 'pg';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import { AppError } from '../../http/errors.ts';
import { verifyPassword } from '../../session/passwords.ts';
import { clearEvents, recentCount, recordEvent } from '../rate-limit.ts';
import { fieldError } from '../validation.ts';

const MAX_WRONG = 5;
const WINDOW_MS = 15 * 60_000;

type Which = 'login' | 'money';
const COLUMN: Record<Which, string> = { login: 'password_hash', money: 'money_password_hash' };
const WRONG: Record<Which, string> = { login: '密码错误', money: '资金密码错误' };
const LOCKED: Record<Which, string> = {
  login: '密码错误次数过多，请 15 分钟后再试',
  money: '资金密码错误次数过多，请 15 分钟后再试',
};

async function check(pool: pg.Pool, which: Which, customerId: number, password: string, field: string): Promise<void> {
  const bucket = `${which}-password-check`;
  const key = String(customerId);
  if ((await recentCount(pool, bucket, key, WINDOW_MS)) >= MAX_WRONG) throw new AppError(429, ERROR_CODES.RATE_LIMITED, LOCKED[which]);
  const found = await pool.query<{ hash: string | null }>(`SELECT ${COLUMN[which]} AS hash FROM customers WHERE id = $1`, [customerId]);
  const hash = found.rows[0]?.hash;
  if (hash && (await verifyPassword(hash, password))) {
    await clearEvents(pool, bucket, key);
    return;
  }
  await recordEvent(pool, bucket, key);
  throw fieldError(field, WRONG[which]);
}

export function checkLoginPassword(pool: pg.Pool, customerId: number, password: string, field = 'password'): Promise<void> {
  return check(pool, 'login', customerId, password, field);
}

/** For the wallet too: withdrawals confirm with the money password. */
export function checkMoneyPassword(pool: pg.Pool, customerId: number, password: string, field = 'moneyPassword'): Promise<void> {
  return check(pool, 'money', customerId, password, field);
}

/** Whether `password` is the customer's login password (a money password must differ from it). */
export async function isLoginPassword(pool: pg.Pool, customerId: number, password: string): Promise<boolean> {
  const found = await pool.query<{ hash: string }>('SELECT password_hash AS hash FROM customers WHERE id = $1', [customerId]);
  return found.rows[0] ? verifyPassword(found.rows[0].hash, password) : false;
}
