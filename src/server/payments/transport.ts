// One HTTP exchange with a gateway, and what its failure lets the caller conclude (gateway.ts):
// refused / unreachable / 503 / 4xx → GatewayUnavailableError (it certainly did not take effect);
// time-out, connection lost after sending, other 5xx, 409 to a create → GatewayInDoubtError (it may have).
import { GatewayInDoubtError, GatewayUnavailableError } from './gateway.ts';

export interface GatewayResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** Errors raised before the request could have reached the gateway. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL']);

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export async function exchange(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
  what: string,
): Promise<GatewayResponse> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    body = await response.text();
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new GatewayInDoubtError(`${what}: 支付网关在 ${timeoutMs} ms 内没有应答`, { cause: error });
    }
    const code = errorCode(error);
    if (code && NOT_SENT_CODES.has(code)) {
      throw new GatewayUnavailableError(`${what}: 无法连接支付网关（${code}）`, { cause: error });
    }
    throw new GatewayInDoubtError(`${what}: 与支付网关的连接中断（${code ?? 'unknown'}）`, { cause: error });
  }
  return { status: response.status, headers: response.headers, body };
}

/**
 * The error for an answer that is not a success (404 is left to the caller: "unknown"). A 409 to a
 * request that creates something under our reference (a payment, a payout) says that one exists
 * already: whether it is ours and what became of it is learnt by querying (in doubt), never assumed.
 * Taken as "not created", a payout resent after an unanswered first try would end failed and refunded
 * while the gateway pays the first one.
 */
export function statusError(status: number, what: string, detail: string, createsUnderOurReference = false): Error {
  if (status === 409 && createsUnderOurReference) {
    return new GatewayInDoubtError(`${what}: 支付网关称该单号已存在（HTTP 409${detail ? `，${detail}` : ''}），待查询结果`);
  }
  if (status === 503 || (status >= 400 && status < 500)) {
    return new GatewayUnavailableError(`${what}: 支付网关拒绝了请求（HTTP ${status}${detail ? `，${detail}` : ''}）`);
  }
  return new GatewayInDoubtError(`${what}: 支付网关应答异常（HTTP ${status}${detail ? `，${detail}` : ''}）`);
}
