import { ERROR_CODES } from '../../../../shared/api/errors.ts';
import { ApiError, errorMessage } from '../../../lib/api/errors.ts';
import { toastError } from '../../../lib/notify.ts';
import { showTrialRestriction } from '../../notifications/trial-restriction.ts';

const TRIAL_PREFIX = '试玩账号不能';

/** The operation a `TRIAL_FORBIDDEN` refusal names ('试玩账号不能{operation}'), or null for other errors. */
export function trialForbiddenOperation(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODES.TRIAL_FORBIDDEN) return null;
  return error.message.startsWith(TRIAL_PREFIX) ? error.message.slice(TRIAL_PREFIX.length) : '进行此操作';
}

/** A failed action: the trial modal for a trial refusal (spec §6), a toast for anything else. */
export function reportActionError(error: unknown): void {
  const operation = trialForbiddenOperation(error);
  if (operation) showTrialRestriction(operation);
  else toastError(errorMessage(error));
}
