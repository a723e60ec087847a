// Changes that need verification codes (first login, binding a phone or e-mail, resetting the money
// password) run through `withVerifiedCodes`: every code is checked, and only if all pass does the
// change run, in the same transaction that uses the codes up. A wrong code still counts its try.
import type pg from 'pg';
import { withTransaction } from '../../db/pool.ts';
import { fieldError } from '../validation.ts';
import { checkCode, closeCode, type CodeOutcome, type CodeTarget } from './code-store.ts';

export const CODE_MESSAGES = {
  wrong: '验证码错误',
  burnt: '验证码错误次数过多，请重新获取',
  stale: '验证码已失效，请重新获取',
} as const satisfies Record<Exclude<CodeOutcome['result'], 'passed'>, string>;

export interface CodeCheck extends CodeTarget {
  code: string;
  /** The request field the code came in, e.g. 'phoneVerification.verificationCode'. */
  field: string;
}

export async function withVerifiedCodes<T>(
  pool: pg.Pool,
  checks: readonly CodeCheck[],
  maxAttempts: number,
  change: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  type Outcome = { failed: { field: string; message: string } } | { failed: null; value: T };
  const outcome = await withTransaction(pool, async (client): Promise<Outcome> => {
    const passed: number[] = [];
    for (const check of checks) {
      const checked = await checkCode(client, check, check.code, maxAttempts);
      // Returning (not throwing) commits the counted try.
      if (checked.result !== 'passed') return { failed: { field: check.field, message: CODE_MESSAGES[checked.result] } };
      passed.push(checked.codeId);
    }
    const value = await change(client);
    for (const id of passed) await closeCode(client, id);
    return { failed: null, value };
  });
  if (outcome.failed) throw fieldError(outcome.failed.field, outcome.failed.message);
  return outcome.value;
}
