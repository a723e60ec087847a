// The one error model of the API (decisions §9): `{ code, message, fields? }` with a Chinese message
// fit to show in a toast.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

export const ApiErrorSchema = lazySchema(() => z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
}));
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

/** Error codes the server sends; the PWA branches on these, never on message text. */
export const ERROR_CODES = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  TRIAL_FORBIDDEN: 'TRIAL_FORBIDDEN',
  AGENT_ONLY: 'AGENT_ONLY',
  FIRST_LOGIN_REQUIRED: 'FIRST_LOGIN_REQUIRED',
  NOT_FOUND: 'NOT_FOUND',
  BAD_CREDENTIALS: 'BAD_CREDENTIALS',
  ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  /** Login: the typed name needs a captcha with its next attempt (docs/accounts.md). */
  CAPTCHA_REQUIRED: 'CAPTCHA_REQUIRED',
  RATE_LIMITED: 'RATE_LIMITED',
  CSRF: 'CSRF',
  CONFLICT: 'CONFLICT',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The custom header every mutating request carries (decisions §5), besides a same-origin Origin. */
export const CSRF_HEADER = 'x-jinli-request';
export const CSRF_HEADER_VALUE = '1';
