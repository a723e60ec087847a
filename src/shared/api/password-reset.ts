// 忘记密码 (docs/accounts.md#password-reset): a player who cannot log in resets the login password with
// a code sent to the phone or e-mail verified on the account. The answers never say whether an
// account exists or which contact it has: a code request always answers CodeSent, and every failed
// reset (unknown name, another contact, a wrong or used code) answers PASSWORD_RESET_FAILED_MESSAGE.
import { z } from 'zod';
import { emailCodeRequestSchema, emailVerificationSchema, identical, phoneCodeRequestSchema, phoneVerificationSchema, required, requestText, rules, unsupportedCharactersMessage, MALFORMED_REQUEST_MESSAGE, CONTACT_REQUIRED_MESSAGE } from '../validation/index.ts';
import { LoginBodySchema } from './session.ts';

export { CodeSentSchema, OkSchema, type CodeSent } from './accounts.ts';

export const PASSWORD_RESET_PATHS = {
  phoneSend: '/ajax/password-reset/phone/send',
  emailSend: '/ajax/password-reset/email/send',
  reset: '/ajax/password-reset/password',
} as const;

export const PASSWORD_RESET_FAILED_MESSAGE = '验证码错误或已失效，请重新获取';
export const PASSWORD_RESET_DONE_MESSAGE = '密码已重置，请使用新密码登录';

const malformed = { error: MALFORMED_REQUEST_MESSAGE };
/** The name as the login form takes it (any case, surrounding spaces ignored). */
const username = LoginBodySchema.shape.username;

/** `POST /ajax/password-reset/phone/send {username, phone}`. */
export const ResetPhoneCodeBodySchema = phoneCodeRequestSchema.extend({ username });
/** `POST /ajax/password-reset/email/send {username, email}`. */
export const ResetEmailCodeBodySchema = emailCodeRequestSchema.extend({ username });

const confirmPassword = required(
  '确认密码',
  requestText({ message: MALFORMED_REQUEST_MESSAGE, max: 128, charactersMessage: unsupportedCharactersMessage('确认密码') }),
);

/** `PUT /ajax/password-reset/password`: the code of one channel and the new password (spec §5 rule). */
export const PasswordResetBodySchema = identical(
  z.object(
    {
      username,
      phoneVerification: phoneVerificationSchema.optional(),
      emailVerification: emailVerificationSchema.optional(),
      newPassword: rules.password.required,
      confirmPassword,
    },
    malformed,
  ),
  { field: 'newPassword', confirmField: 'confirmPassword', label: '密码' },
).refine((body) => (body.phoneVerification === undefined) !== (body.emailVerification === undefined), { error: CONTACT_REQUIRED_MESSAGE });
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;
