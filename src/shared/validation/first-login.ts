// The first-login payload of spec §3.3 and its checks of spec §5, and the code-sending requests
// that validate the phone or e-mail first.
import { z } from 'zod';
import { authCode, email, password, phone } from './account-rules.ts';
import { optionalForm } from './field-rule.ts';
import { isBlank } from './required.ts';

/** Code inputs accept up to 6 characters (spec §5): the `maxLength` of the input. */
export const VERIFICATION_CODE_MAX_LENGTH = 6;

export const CONTACT_REQUIRED_MESSAGE = '请验证手机号码或邮箱';
export const AGREEMENT_REQUIRED_MESSAGE = '请阅读并同意用户协议';
/** Only a hand-made request can be shaped wrongly (a string where an object belongs). */
export const MALFORMED_REQUEST_MESSAGE = '提交的数据格式有误';
const malformed = { error: MALFORMED_REQUEST_MESSAGE };

export interface PhoneVerification {
  phone: string;
  verificationCode: string;
}

export interface EmailVerification {
  email: string;
  verificationCode: string;
}

export interface FirstLoginPayload {
  newPassword: string;
  phoneVerification?: PhoneVerification;
  emailVerification?: EmailVerification;
  /** Only in the manual variant, where it must be true. */
  agreementAccepted?: boolean;
}

export interface FirstLoginOptions {
  /** `firstLoginContactRequired` of the current customer: a phone or an e-mail must be verified. */
  readonly contactRequired: boolean;
  /** The manual variant of the form, which asks to accept the user agreement. */
  readonly manualVariant?: boolean;
}

export const phoneVerificationSchema = z.object({ phone: phone.required, verificationCode: authCode.required }, malformed);
export const emailVerificationSchema = z.object({ email: email.required, verificationCode: authCode.required }, malformed);

/** A group the form left entirely blank counts as not given, so an optional contact can be skipped. */
function isBlankGroup(value: unknown): boolean {
  return isBlank(value) || (typeof value === 'object' && value !== null && Object.values(value).every(isBlank));
}

export function firstLoginSchema({ contactRequired, manualVariant = false }: FirstLoginOptions): z.ZodType<FirstLoginPayload> {
  const agreement = manualVariant
    ? z.literal(true, { error: AGREEMENT_REQUIRED_MESSAGE })
    : z.boolean(malformed).optional();
  const payload = z.object(
    {
      newPassword: password.required,
      phoneVerification: optionalForm(phoneVerificationSchema, isBlankGroup),
      emailVerification: optionalForm(emailVerificationSchema, isBlankGroup),
      agreementAccepted: agreement,
    },
    malformed,
  );
  if (!contactRequired) return payload;
  return payload.refine((value) => value.phoneVerification !== undefined || value.emailVerification !== undefined, {
    error: CONTACT_REQUIRED_MESSAGE,
  });
}

/** `POST /ajax/customer/phone/send {phone}`: the phone is checked before a code is sent. */
export const phoneCodeRequestSchema = z.object({ phone: phone.required }, malformed);
/** `POST /ajax/customer/email/send {email}`: the e-mail is checked before a code is sent. */
export const emailCodeRequestSchema = z.object({ email: email.required }, malformed);
