import { ERROR_CODES } from '../../shared/api/errors.ts';
import { ApiError } from '../../app/lib/api/errors.ts';

/** The pending step is gone (expired, or the operator was locked): the password comes first again. */
export function stepExpired(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === ERROR_CODES.UNAUTHENTICATED || error.code === ERROR_CODES.ACCOUNT_LOCKED);
}
