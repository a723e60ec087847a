// A frozen account (an operator's decision, docs/backoffice/customers.md) can neither sign in nor use
// a session it had: every refusal says so in the same words, so the player knows whom to ask.
import { ERROR_CODES } from '../../shared/api/errors.ts';
import { AppError } from '../http/errors.ts';

export const ACCOUNT_FROZEN_MESSAGE = '账号已被冻结，请联系客服';

export const accountFrozen = (): AppError => new AppError(403, ERROR_CODES.FORBIDDEN, ACCOUNT_FROZEN_MESSAGE);
