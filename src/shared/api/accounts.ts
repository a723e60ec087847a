// The accounts API (docs/accounts.md): captcha, registration and its one-time login token, trial
// accounts, first login and verification codes, the customer profile and its sessions, and player
// protection (decisions §8). Every field uses the spec §5 rule of src/shared/validation with its exact
// Chinese message. Amounts are integers of 0.0001 元; times are epoch milliseconds.
import { z } from 'zod';
import { CUSTOMER_TYPES, VIP_LEVELS } from '../enums.ts';
import { yuan } from '../money.ts';
import { LIMIT_KINDS, LIMIT_PERIODS } from './protection-status.ts';
import {
  AGREEMENT_REQUIRED_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  MALFORMED_REQUEST_MESSAGE,
  amountProblem,
  avatarImageDataSchema,
  calendarDate,
  emailVerificationSchema,
  firstLoginSchema,
  identical,
  isBlank,
  optionalForm,
  phoneVerificationSchema,
  requestText,
  required,
  rules,
  unsupportedCharactersMessage,
  type FirstLoginPayload,
} from '../validation/index.ts';

const encode = encodeURIComponent;

export const ACCOUNTS_PATHS = {
  captcha: '/ajax/captcha',
  registrationLink: (id: string) => `/ajax/registration-link/${encode(id)}`,
  register: (id: string) => `/ajax/registration-link/${encode(id)}/register`,
  loginToken: '/ajax/login-token',
  trial: '/ajax/trial',
  firstLogin: '/ajax/first-login',
  phoneSend: '/ajax/customer/phone/send',
  emailSend: '/ajax/customer/email/send',
  info: '/ajax/customer/info',
  alias: '/ajax/customer/alias',
  avatarPreset: '/ajax/customer/avatar/preset',
  avatarUpload: '/ajax/customer/avatar/upload',
  birthday: '/ajax/customer/birthday',
  email: '/ajax/customer/email',
  phone: '/ajax/customer/phone',
  qq: '/ajax/customer/qq',
  wechat: '/ajax/customer/wechat',
  password: '/ajax/customer/password',
  moneyPassword: '/ajax/customer/money-password',
  moneyPasswordReset: '/ajax/customer/money-password/reset',
  sessions: '/ajax/customer/sessions',
  revokeSession: (id: number) => `/ajax/customer/sessions/${id}/revoke`,
  signOutOthers: '/ajax/customer/sessions/sign-out-others',
} as const;

/** Uploaded avatars are served from here as re-encoded 184×184 PNG. */
export const AVATAR_URL_PREFIX = '/ajax/avatar/';

const malformed = { error: MALFORMED_REQUEST_MESSAGE };

// ── Captcha and registration ────────────────────────────────────────────────────────────────────

/** `GET /ajax/captcha`: a built-in image captcha, 4 letters or digits, single use. */
export const CaptchaSchema = z.object({
  id: z.string(),
  /** A `data:image/png;base64,…` URL. */
  image: z.string(),
  expiresInSeconds: z.number().int(),
});
export type Captcha = z.infer<typeof CaptchaSchema>;

export { RegistrationDataSchema, type RegistrationData } from './registration-data.ts';

export const AGE_CONFIRMATION_MESSAGE = '请确认您已年满 18 周岁';
export const CONTACT_TYPE_MESSAGE = '请选择联系方式类型';
export const CAPTCHA_STALE_MESSAGE = '验证码已失效，请刷新后重试';
export const RECAPTCHA_REQUIRED_MESSAGE = '请完成人机验证';
export const USERNAME_UNAVAILABLE_MESSAGE = '该用户名不可用';

/** Spec §3.5 registration contact types (QQ, WECHAT); each value meets its own §5 rule. */
export const RegistrationContactSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('QQ'), value: rules.qq.required }),
    z.object({ type: z.literal('WECHAT'), value: rules.wechat.required }),
  ],
  { error: CONTACT_TYPE_MESSAGE },
);
export type RegistrationContact = z.infer<typeof RegistrationContactSchema>;

/** A form group left entirely blank counts as not given (an optional contact or verification). */
function isBlankGroup(value: unknown): boolean {
  return isBlank(value) || (typeof value === 'object' && value !== null && Object.values(value).every(isBlank));
}
const isBlankContact = (value: unknown) =>
  isBlank(value) || (typeof value === 'object' && value !== null && isBlank((value as { value?: unknown }).value));

/** A confirmation is compared with the password as typed, so it is not trimmed. */
const confirmation = (label: string) =>
  required(label, requestText({ message: MALFORMED_REQUEST_MESSAGE, max: 128, charactersMessage: unsupportedCharactersMessage(label) }));
const confirmPassword = confirmation('确认密码');

export type CaptchaKind = 'image' | 'recaptcha';

/**
 * `POST /ajax/registration-link/{id}/register` (also the main site's registerId). `captchaKind`
 * follows the registration data: recaptchaRequired → 'recaptcha', else 'image'.
 */
export function registerBodySchema(captchaKind: CaptchaKind) {
  const captchaFields =
    captchaKind === 'image'
      ? {
          captchaId: requestText({ message: CAPTCHA_STALE_MESSAGE, min: 1, max: 64, charactersMessage: CAPTCHA_STALE_MESSAGE }),
          captcha: rules.captcha.required,
        }
      : {
          recaptchaToken: requestText({ message: RECAPTCHA_REQUIRED_MESSAGE, min: 1, max: 8192, charactersMessage: RECAPTCHA_REQUIRED_MESSAGE }),
        };
  const body = z.object(
    {
      username: rules.username.required,
      password: rules.password.required,
      confirmPassword,
      contact: optionalForm(RegistrationContactSchema, isBlankContact),
      ageConfirmed: z.literal(true, { error: AGE_CONFIRMATION_MESSAGE }),
      agreementAccepted: z.literal(true, { error: AGREEMENT_REQUIRED_MESSAGE }),
      ...captchaFields,
    },
    malformed,
  );
  return identical(body, { field: 'password', confirmField: 'confirmPassword', label: '密码' });
}
export interface RegisterBody {
  username: string;
  password: string;
  confirmPassword: string;
  contact?: RegistrationContact;
  ageConfirmed: true;
  agreementAccepted: true;
  captchaId?: string;
  captcha?: string;
  recaptchaToken?: string;
}

/** Spec §3.3 registration response: the "enter game" button logs in with `loginToken`. */
export const RegisterResponseSchema = z.object({ alias: z.string(), loginToken: z.string() });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** `PUT /ajax/login-token`: logs in with a one-time token (the /login-token/{token} page calls it). */
export const LoginTokenBodySchema = z.object({ token: requestText({ message: MALFORMED_REQUEST_MESSAGE, min: 1, max: 128 }) }, malformed);

/** `POST /ajax/trial`: creates a trial account and logs it in (the /trial/{id} page calls it). */
export const TrialBodySchema = z.object({ registrationId: requestText({ message: MALFORMED_REQUEST_MESSAGE, min: 1, max: 64 }) }, malformed);

// ── First login and verification codes ──────────────────────────────────────────────────────────

/**
 * The by-link variant of first login (the customer has a registrationLinkId): a contact
 * verification, skippable unless contact is required; a new password only if the player types one.
 */
export function firstLoginByLinkSchema({ contactRequired }: { contactRequired: boolean }): z.ZodType<FirstLoginPayload> {
  const payload = z.object(
    {
      newPassword: rules.password.optional,
      phoneVerification: optionalForm(phoneVerificationSchema, isBlankGroup),
      emailVerification: optionalForm(emailVerificationSchema, isBlankGroup),
      agreementAccepted: z.boolean(malformed).optional(),
    },
    malformed,
  );
  if (!contactRequired) return payload as z.ZodType<FirstLoginPayload>;
  return payload.refine((v) => v.phoneVerification !== undefined || v.emailVerification !== undefined, {
    error: CONTACT_REQUIRED_MESSAGE,
  }) as z.ZodType<FirstLoginPayload>;
}

/** The schema `PUT /ajax/first-login` applies to this customer. */
export function firstLoginSchemaFor(customer: { registrationLinkId: string | null; firstLoginContactRequired: boolean }) {
  const contactRequired = customer.firstLoginContactRequired;
  return customer.registrationLinkId
    ? firstLoginByLinkSchema({ contactRequired })
    : firstLoginSchema({ contactRequired, manualVariant: true });
}

/** `POST /ajax/customer/phone/send` and `/email/send` (bodies: phoneCodeRequestSchema, emailCodeRequestSchema). */
export const CodeSentSchema = z.object({
  ok: z.literal(true),
  /** Seconds before another code may be requested. */
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type CodeSent = z.infer<typeof CodeSentSchema>;

// ── Profile ─────────────────────────────────────────────────────────────────────────────────────

export const AVATAR_PRESET_COUNT = 30;
export const AVATAR_PRESET_MESSAGE = '请选择 1~30 号预设头像';
export const BIRTHDAY_INVALID_MESSAGE = '请输入有效的生日';
export const BIRTHDAY_UNDERAGE_MESSAGE = '未满 18 周岁不能使用本平台';

export const AliasBodySchema = z.object({ alias: rules.alias.required }, malformed);
export const AvatarPresetBodySchema = z.object(
  {
    index: z
      .number({ error: AVATAR_PRESET_MESSAGE })
      .int({ error: AVATAR_PRESET_MESSAGE })
      .min(1, { error: AVATAR_PRESET_MESSAGE })
      .max(AVATAR_PRESET_COUNT, { error: AVATAR_PRESET_MESSAGE }),
  },
  malformed,
);
export const AvatarUploadBodySchema = z.object({ imageData: avatarImageDataSchema }, malformed);
export const AvatarUploadResponseSchema = z.object({ url: z.string() });

/** 'YYYY-MM-DD' (Beijing date) of a real day, at least 18 years ago (spec §9 minimum age). */
function isAdultOn(birthday: string, today: Date): boolean {
  const [year, month, day] = birthday.split('-').map(Number) as [number, number, number];
  const adultFrom = Date.UTC(year + 18, month - 1, day);
  // Beijing date of `today`.
  const beijing = new Date(today.getTime() + 8 * 3_600_000);
  return Date.UTC(beijing.getUTCFullYear(), beijing.getUTCMonth(), beijing.getUTCDate()) >= adultFrom;
}
export const birthdaySchema = required(
  '生日',
  calendarDate(BIRTHDAY_INVALID_MESSAGE).refine((text) => isAdultOn(text, new Date()), { error: BIRTHDAY_UNDERAGE_MESSAGE }),
);
export const BirthdayBodySchema = z.object({ birthday: birthdaySchema }, malformed);

/** Changing a contact needs the code sent to the new address and the login password (re-authentication). */
export const EmailBindBodySchema = emailVerificationSchema.extend({ password: rules.existingPassword.required });
export const PhoneBindBodySchema = phoneVerificationSchema.extend({ password: rules.existingPassword.required });
export const QqBodySchema = z.object({ qq: rules.qq.required }, malformed);
export const WechatBodySchema = z.object({ wechat: rules.wechat.required }, malformed);

export const PasswordChangeBodySchema = identical(
  z.object(
    { oldPassword: rules.existingPassword.required, newPassword: rules.password.required, confirmPassword },
    malformed,
  ),
  { field: 'newPassword', confirmField: 'confirmPassword', label: '密码' },
);

/** Setting a first money password needs no old one; changing it does (`oldMoneyPassword`). */
export const MoneyPasswordBodySchema = identical(
  z.object(
    {
      oldMoneyPassword: rules.existingPassword.optional,
      newMoneyPassword: rules.password.required,
      confirmMoneyPassword: confirmation('确认资金密码'),
    },
    malformed,
  ),
  { field: 'newMoneyPassword', confirmField: 'confirmMoneyPassword', label: '资金密码' },
);

/** Reset with a code sent to the bound phone or e-mail. */
export const MoneyPasswordResetBodySchema = identical(
  z.object(
    {
      phoneVerification: optionalForm(phoneVerificationSchema, isBlankGroup),
      emailVerification: optionalForm(emailVerificationSchema, isBlankGroup),
      newMoneyPassword: rules.password.required,
      confirmMoneyPassword: confirmation('确认资金密码'),
    },
    malformed,
  ),
  { field: 'newMoneyPassword', confirmField: 'confirmMoneyPassword', label: '资金密码' },
).refine((v) => v.phoneVerification !== undefined || v.emailVerification !== undefined, { error: CONTACT_REQUIRED_MESSAGE });

/** `GET /ajax/customer/info`: the profile with masked contacts. */
export const CustomerInfoSchema = z.object({
  name: z.string(),
  alias: z.string(),
  avatarImage: z.string().nullable(),
  birthday: z.string().nullable(),
  type: z.enum(CUSTOMER_TYPES),
  vipLevel: z.enum(VIP_LEVELS),
  testMode: z.enum(['USER_TEST']).nullable(),
  /** '138****5678', or null when none is bound. */
  phone: z.string().nullable(),
  /** 'ab***@example.com', or null. */
  email: z.string().nullable(),
  qq: z.string().nullable(),
  wechat: z.string().nullable(),
  moneyPasswordSet: z.boolean(),
  registeredAt: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
});
export type CustomerInfo = z.infer<typeof CustomerInfoSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });

export const SessionInfoSchema = z.object({
  id: z.number().int(),
  current: z.boolean(),
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  expiresAt: z.number().int(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
});
export const SessionListSchema = z.object({ sessions: z.array(SessionInfoSchema) });
export const SignOutOthersResponseSchema = z.object({ revoked: z.number().int() });

// ── Player protection (decisions §8) ────────────────────────────────────────────────────────────

export {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  LimitStatusSchema,
  PROTECTION_PATHS,
  ProtectionStatusSchema,
  type LimitKind,
  type LimitPeriod,
  type LimitStatus,
  type ProtectionStatus,
} from './protection-status.ts';

export const LIMIT_AMOUNT_OPTIONS = { label: '限额', min: yuan(1), max: yuan(100_000_000) } as const;
export const COOLING_OFF_WEEKS = { min: 1, max: 6 } as const;
export const SELF_EXCLUSION_MONTHS = { min: 6, max: 60 } as const;
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;

const LIMIT_AMOUNT_INVALID = `请输入有效的${LIMIT_AMOUNT_OPTIONS.label}`;
/** A limit in Money, or null to remove it (a removal waits 24 hours like any raise). */
const limitAmount = z
  .number({ error: LIMIT_AMOUNT_INVALID })
  .int({ error: LIMIT_AMOUNT_INVALID })
  .check((payload) => {
    const message = amountProblem(payload.value, LIMIT_AMOUNT_OPTIONS);
    if (message) payload.issues.push({ code: 'custom', message, input: payload.value });
  })
  .nullable();

export const SetLimitBodySchema = z.object(
  {
    kind: z.enum(LIMIT_KINDS, { error: '请选择限额类型' }),
    period: z.enum(LIMIT_PERIODS, { error: '请选择限额周期' }),
    amount: limitAmount,
  },
  malformed,
);
export type SetLimitBody = z.infer<typeof SetLimitBodySchema>;

const COOLING_OFF_MESSAGE = '冷静期可选 1~6 周';
export const CoolingOffBodySchema = z.object(
  {
    weeks: z
      .number({ error: COOLING_OFF_MESSAGE })
      .int({ error: COOLING_OFF_MESSAGE })
      .min(COOLING_OFF_WEEKS.min, { error: COOLING_OFF_MESSAGE })
      .max(COOLING_OFF_WEEKS.max, { error: COOLING_OFF_MESSAGE }),
  },
  malformed,
);
const SELF_EXCLUSION_MESSAGE = '自我排除期可选 6~60 个月';
export const SelfExclusionBodySchema = z.object(
  {
    months: z
      .number({ error: SELF_EXCLUSION_MESSAGE })
      .int({ error: SELF_EXCLUSION_MESSAGE })
      .min(SELF_EXCLUSION_MONTHS.min, { error: SELF_EXCLUSION_MESSAGE })
      .max(SELF_EXCLUSION_MONTHS.max, { error: SELF_EXCLUSION_MESSAGE }),
  },
  malformed,
);
const REALITY_CHECK_MESSAGE = '请选择有效的提醒间隔';
export const RealityCheckBodySchema = z.object(
  {
    minutes: z
      .number({ error: REALITY_CHECK_MESSAGE })
      .refine((m) => (REALITY_CHECK_MINUTES as readonly number[]).includes(m), { error: REALITY_CHECK_MESSAGE })
      .nullable(),
  },
  malformed,
);

