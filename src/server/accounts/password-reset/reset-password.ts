// Setting a new login password with a reset code. The login's lockout applies to the typed name: each
// attempt is counted as a failure before the code is checked (a locked name is refused unchecked),
// and a right code clears the count as a right password does. The code is checked and used up in
// the transaction that sets the password, so one code resets once however many requests carry it.
// Every session of the customer ends: whoever held one may be the reason for the reset.
import type { PasswordResetBody } from '../../../shared/api/password-reset.ts';
import { PASSWORD_RESET_FAILED_MESSAGE } from '../../../shared/api/password-reset.ts';
import type { ServerContext } from '../../context.ts';
import { withTransaction } from '../../db/pool.ts';
import { hashPassword } from '../../session/passwords.ts';
import { lockedError } from '../../session/routes.ts';
import { clearFailures, reserveAttempt, type LoginThrottleRules } from '../../session/throttle.ts';
import { checkCode, closeCode } from '../codes/code-store.ts';
import { revokeOtherSessions } from '../sessions/revoke.ts';
import { fieldError } from '../validation.ts';
import { findResetTarget, usernameKeyOf, type ResetContact } from './reset-target.ts';

function contactOf(body: PasswordResetBody): { contact: ResetContact; code: string; field: string } {
  if (body.phoneVerification) {
    const { phone, verificationCode } = body.phoneVerification;
    return { contact: { channel: 'SMS', destination: phone }, code: verificationCode, field: 'phoneVerification.verificationCode' };
  }
  const { email, verificationCode } = body.emailVerification!;
  return { contact: { channel: 'EMAIL', destination: email.toLowerCase() }, code: verificationCode, field: 'emailVerification.verificationCode' };
}

export function loginThrottleRules(ctx: ServerContext): LoginThrottleRules {
  return { captchaAfter: ctx.config.loginCaptchaAfterFailures, lockAfter: ctx.config.loginMaxFailures, windowMs: ctx.config.loginLockMs };
}

export async function resetPassword(ctx: ServerContext, body: PasswordResetBody): Promise<void> {
  const pool = ctx.database.pool;
  const usernameKey = usernameKeyOf(body.username);
  // No captcha here: the code's own try limit and the lock bound the guessing.
  const reservation = await reserveAttempt(pool, usernameKey, true, loginThrottleRules(ctx));
  if (reservation.kind === 'locked') throw lockedError(reservation.until);
  const { contact, code, field } = contactOf(body);
  // Hashed whatever the outcome, so a matching name and contact take no longer to refuse than others.
  const newHash = await hashPassword(body.newPassword);
  const customerId = await findResetTarget(pool, usernameKey, contact);
  const reset =
    customerId !== null &&
    (await withTransaction(pool, async (client) => {
      const checked = await checkCode(client, { customerId, ...contact }, code, ctx.config.accounts.codeMaxAttempts);
      // Returning (not throwing) commits a wrong try's count.
      if (checked.result !== 'passed') return false;
      await client.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [customerId, newHash]);
      await closeCode(client, checked.codeId);
      return true;
    }));
  if (!reset) {
    if (reservation.kind === 'reserved' && reservation.lockedUntil) throw lockedError(reservation.lockedUntil);
    throw fieldError(field, PASSWORD_RESET_FAILED_MESSAGE);
  }
  await clearFailures(pool, usernameKey);
  await revokeOtherSessions(ctx, customerId, null);
}
