// Checking the login password or the money password of a logged-in customer (re-authentication
// before changing a contact or a password; the money password before a withdrawal). Tries are counted
// per customer in the database: 5 wrong within 15 minutes lock that check for the rest of the window.
// A try is reserved before its Argon2 check and kept unless the password proves right, so parallel
// requests cannot all be checked against the same free count.
import type pg from 'pg';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import { AppError } from '../../http/errors.ts';
import { verifyPassword } from '../../session/passwords.ts';
import { clearEvents, reserveSlot, type Window } from '../rate-limit.ts';
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

const triesOf = (which: Which, customerId: number): Window => ({
  bucket: `${which}-password-check`,
  key: String(customerId),
  limit: MAX_WRONG,
  windowMs: WINDOW_MS,
});

/**
 * Whether `password` is the customer's `which` password, spending one try; throws 429 when the tries
 * of the window are used up (the password is then not checked at all). A right password gives every
 * try back.
 */
async function spendTry(pool: pg.Pool, which: Which, customerId: number, password: string): Promise<boolean> {
  const tries = triesOf(which, customerId);
  if ((await reserveSlot(pool, tries)) === null) throw new AppError(429, ERROR_CODES.RATE_LIMITED, LOCKED[which]);
  const found = await pool.query<{ hash: string | null }>(`SELECT ${COLUMN[which]} AS hash FROM customers WHERE id = $1`, [customerId]);
  const hash = found.rows[0]?.hash;
  if (!hash || !(await verifyPassword(hash, password))) return false;
  await clearEvents(pool, tries.bucket, tries.key);
  return true;
}

async function check(pool: pg.Pool, which: Which, customerId: number, password: string, field: string): Promise<void> {
  if (!(await spendTry(pool, which, customerId, password))) throw fieldError(field, WRONG[which]);
}

export function checkLoginPassword(pool: pg.Pool, customerId: number, password: string, field = 'password'): Promise<void> {
  return check(pool, 'login', customerId, password, field);
}

/** For the wallet too: withdrawals confirm with the money password. */
export function checkMoneyPassword(pool: pg.Pool, customerId: number, password: string, field = 'moneyPassword'): Promise<void> {
  return check(pool, 'money', customerId, password, field);
}

/**
 * Whether `password` is the customer's login password (a money password must differ from it). It is
 * an answer about the login password, so it spends a login-password try like any other check:
 * otherwise setting money passwords would be an unlimited way to guess the login password.
 */
export function isLoginPassword(pool: pg.Pool, customerId: number, password: string): Promise<boolean> {
  return spendTry(pool, 'login', customerId, password);
}
