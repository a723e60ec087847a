// Setting a new password with a reset code. Failed resets are counted on the typed name under a key of
// their own (resetThrottleKey), never with the login's wrong passwords: anyone may type a name and a
// code, so these failures may lock further resets and reset codes of the name, never its login. Each
// attempt is counted before the code is checked (a locked name is refused unchecked) and a right code
// clears the count. A name whose login is locked cannot be reset either. The code is checked and used
// up in the transaction that sets the password and ends every session of the customer (whoever held
// one may be the reason for the reset), so one code resets once however many requests carry it, and
// a login racing the reset with the old password makes no session.
import type { PasswordResetBody } from '../../../shared/api/password-reset.ts';
import { PASSWORD_RESET_FAILED_MESSAGE } from '../../../shared/api/password-reset.ts';
import type { ServerContext } from '../../context.ts';
import { withTransaction } from '../../db/pool.ts';
import { hashPassword } from '../../session/passwords.ts';
import { lockedError } from '../../session/routes.ts';
import { clearFailures, reserveAttempt, type LoginThrottleRules } from '../../session/throttle.ts';
import { checkCode, closeCode } from '../codes/code-store.ts';
import { closeSessionStreams, setLoginPassword } from '../sessions/revoke.ts';
import { fieldError } from '../validation.ts';
import { assertNotMoneyPassword } from '../profile/password-checks.ts';
import { findResetTarget, lockedUntil, resetThrottleKey, usernameKeyOf, type ResetContact } from './reset-target.ts';

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
  const loginLocked = await lockedUntil(pool, usernameKey);
  if (loginLocked) throw lockedError(loginLocked);
  // No captcha here: the code's own try limit and the reset lock bound the guessing.
  const reservation = await reserveAttempt(pool, resetThrottleKey(usernameKey), true, loginThrottleRules(ctx));
  if (reservation.kind === 'locked') throw lockedError(reservation.until);
  const { contact, code, field } = contactOf(body);
  // Hashed whatever the outcome, so a matching name and contact take no longer to refuse than others.
  const newHash = await hashPassword(body.newPassword);
  const customerId = await findResetTarget(pool, usernameKey, contact);
  const ended =
    customerId === null
      ? null
      : await withTransaction(pool, async (client) => {
          const checked = await checkCode(client, { customerId, ...contact }, code, ctx.config.accounts.codeMaxAttempts);
          // Returning (not throwing) commits a wrong try's count.
          if (checked.result !== 'passed') return null;
          // Only now, with the contact proved: a throw here rolls back and leaves the code open for a retry.
          await assertNotMoneyPassword(pool, customerId, body.newPassword);
          await closeCode(client, checked.codeId);
          return setLoginPassword(client, customerId, newHash, null);
        });
  if (customerId === null || ended === null) {
    if (reservation.kind === 'reserved' && reservation.lockedUntil) throw lockedError(reservation.lockedUntil);
    throw fieldError(field, PASSWORD_RESET_FAILED_MESSAGE);
  }
  // The code proved the contact and the password is new: the name starts afresh, login and resets.
  await clearFailures(pool, resetThrottleKey(usernameKey));
  await clearFailures(pool, usernameKey);
  await closeSessionStreams(ctx, customerId, ended);
}
