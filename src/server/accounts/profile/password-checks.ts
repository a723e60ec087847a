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
async function spendTry(
  pool: pg.Pool,
  which: Which,
  customerId: number,
  password: string,
  tries = triesOf(which, customerId),
  locked = LOCKED[which],
): Promise<boolean> {
  if ((await reserveSlot(pool, tries)) === null) throw new AppError(429, ERROR_CODES.RATE_LIMITED, locked);
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
 * Comparing a new password with the customer's other password (they must differ) answers a question
 * about that other password, so it is counted: 5 comparisons in 15 minutes. It has its own window per
 * password compared with: the usual answer ("they differ") keeps its slot, and a player setting
 * passwords correctly must not lock the login or money password checks themselves.
 */
const differenceTries = (which: Which, customerId: number): Window => ({
  bucket: `${which}-password-difference`,
  key: String(customerId),
  limit: MAX_WRONG,
  windowMs: WINDOW_MS,
});
export const TOO_MANY_COMPARISONS = '操作过于频繁，请 15 分钟后再试';

/** Whether `password` is the customer's login password (a money password must differ from it). */
export function isLoginPassword(pool: pg.Pool, customerId: number, password: string): Promise<boolean> {
  return spendTry(pool, 'login', customerId, password, differenceTries('login', customerId), TOO_MANY_COMPARISONS);
}

/** Whether `password` is the customer's money password (a login password must differ from it); false when none is set. */
export async function isMoneyPassword(pool: pg.Pool, customerId: number, password: string): Promise<boolean> {
  const set = await pool.query('SELECT 1 FROM customers WHERE id = $1 AND money_password_hash IS NOT NULL', [customerId]);
  if (set.rowCount === 0) return false;
  return spendTry(pool, 'money', customerId, password, differenceTries('money', customerId), TOO_MANY_COMPARISONS);
}

export const SAME_AS_MONEY_PASSWORD = '登录密码不能与资金密码相同';

/** Refuses a new login password equal to the money password (decisions §5: they are separate). */
export async function assertNotMoneyPassword(pool: pg.Pool, customerId: number, password: string, field = 'newPassword'): Promise<void> {
  if (await isMoneyPassword(pool, customerId, password)) throw fieldError(field, SAME_AS_MONEY_PASSWORD);
}

/** After a reset proved who the customer is, wrong money passwords typed before no longer count. */
export function forgetMoneyPasswordFailures(pool: pg.Pool, customerId: number): Promise<void> {
  const tries = triesOf('money', customerId);
  return clearEvents(pool, tries.bucket, tries.key);
}
