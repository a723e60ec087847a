// The two ways a call can fail. An ApiError is the server's answer; a NetworkError means no answer
// arrived, which must never be read as "logged out" (the cached session stays).
import { ERROR_CODES } from '../../../shared/api/errors.ts';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const NETWORK_ERROR_MESSAGE = '网络连接失败，请检查网络后重试';

export class NetworkError extends Error {
  override name = 'NetworkError';

  constructor(options?: { cause?: unknown }) {
    super(NETWORK_ERROR_MESSAGE, options);
  }
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

/**
 * The server says the session is gone (expired, revoked): the only error that ends a session. Wrong
 * credentials at login also answer 401, with their own code, and must not count.
 */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.UNAUTHENTICATED;
}

/** A message fit for a toast, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return '操作失败，请稍后重试';
}
