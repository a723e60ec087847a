// Session calls of spec §7: login, logout, current customer, login configuration.
import { z } from 'zod';
import { CUSTOMER_TYPES, VIP_LEVELS } from '../enums.ts';
import { requestText } from '../validation/safe-text.ts';
import { lazySchema } from './lazy-schema.ts';

export const SESSION_PATHS = {
  currentCustomer: '/ajax/current-customer',
  login: '/ajax/login',
  logout: '/ajax/logout',
  loginConfig: '/ajax/login/config',
} as const;

/**
 * Spec §3.1. `testMode` is null for real accounts and 'USER_TEST' for trial accounts. `prizeGroup` (奖金组,
 * not in the spec's list) is the player's own group: the top of the prize slider and the base of the rebate.
 */
export const CurrentCustomerSchema = lazySchema(() => z.object({
  name: z.string(),
  alias: z.string(),
  avatarImage: z.string().nullable(),
  birthday: z.string().nullable(),
  type: z.enum(CUSTOMER_TYPES),
  vipLevel: z.enum(VIP_LEVELS),
  testMode: z.enum(['USER_TEST']).nullable(),
  firstLogin: z.boolean(),
  firstLoginContactRequired: z.boolean(),
  registrationLinkId: z.string().nullable(),
  prizeGroup: z.number().int().min(1700).max(2000),
}));
export type CurrentCustomer = z.infer<typeof CurrentCustomerSchema>;

/** `GET /ajax/current-customer`: the customer, or null when anonymous. */
export const CurrentCustomerResponseSchema = lazySchema(() => CurrentCustomerSchema.nullable());

export const LoginBodySchema = lazySchema(() => z.object({
  username: requestText({ message: '请输入用户名', min: 1, max: 64, charactersMessage: '用户名包含不支持的字符' }),
  password: requestText({ message: '请输入密码', min: 1, max: 128, charactersMessage: '密码包含不支持的字符' }),
  remember: z.boolean().optional(),
  /** The login captcha, sent once the typed name needs one (docs/accounts.md): the picture's id and answer… */
  captchaId: requestText({ message: '验证码已失效，请刷新后重试', max: 64 }).optional(),
  captcha: requestText({ message: '请输入验证码', max: 16 }).optional(),
  /** …or a reCAPTCHA Enterprise token made for the action LOGIN. */
  recaptchaToken: requestText({ message: '请完成人机验证', max: 8192 }).optional(),
}));
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginConfigSchema = lazySchema(() => z.object({
  /**
   * Always false: no login needs a captcha up front. A typed name needs one after
   * `captchaAfterFailures` failures; the login answer says so with CAPTCHA_REQUIRED (docs/accounts.md).
   */
  captchaRequired: z.boolean(),
  captchaAfterFailures: z.number().int(),
  /** Which captcha the login form shows when one is needed (the site's captcha adapter). */
  captchaKind: z.enum(['image', 'recaptcha']),
  recaptchaSiteKey: z.string().nullable(),
  /** Failed attempts allowed before an account is locked, and how long the lock lasts. */
  maxFailedAttempts: z.number().int(),
  lockoutMinutes: z.number().int(),
  /** Whether self-registration is open on this site: at least one registration link is active. */
  registrationEnabled: z.boolean(),
}));
export type LoginConfig = z.infer<typeof LoginConfigSchema>;

/** Access tiers of spec §6. */
export type AccessTier = 'loggedIn' | 'nonTrial' | 'agentOnly';

export function isTrial(customer: Pick<CurrentCustomer, 'testMode'>): boolean {
  return customer.testMode !== null;
}

/** The one definition of the spec §6 tiers, used by route guards and by the server alike. */
export function meetsTier(customer: Pick<CurrentCustomer, 'testMode' | 'type'> | null, tier: AccessTier): boolean {
  if (!customer) return false;
  if (tier === 'loggedIn') return true;
  if (isTrial(customer)) return false;
  return tier === 'nonTrial' || customer.type !== 'PLAYER';
}
