// The two ways a call can fail. An ApiError is the server's answer; a NetworkError means no answer
// arrived, which must never be read as "logged out" (the cached session stays).
import { ERROR_CODES } from '../../../shared/api/errors.ts';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly #serverBody: boolean;

  /** `serverBody`: the server's own `{ code, message }` body was read (not a proxy's page, not made up here). */
  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, { serverBody = false }: { serverBody?: boolean } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.#serverBody = serverBody;
  }

  /** Whether this error carries the server's own answer (see isDefinitiveRefusal). */
  get fromServerBody(): boolean {
    return this.#serverBody;
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

/**
 * Whether a money request was certainly refused, so nothing was placed or moved and its idempotency
 * key may be dropped (decisions §7): a 4xx that carries the server's own `{ code, message }` body.
 * Anything else is no real answer and the request may have been carried out: no response at all
 * (NetworkError), any 5xx (a proxy's 502/504 while the server went on), a 4xx page that is not the
 * server's, an answer that could not be read (BAD_RESPONSE). A retry then reuses the key.
 */
export function isDefinitiveRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.fromServerBody && error.status >= 400 && error.status < 500;
}

/** A message fit for a toast, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return '操作失败，请稍后重试';
}
