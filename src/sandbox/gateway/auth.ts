// Who may call the merchant and control APIs: requests signed with the merchant's secret, fresh (±5 min)
// and never seen before (nonce). Answers are signed back, bound to the request's nonce.
import { MAX_CLOCK_SKEW_MS, requestPurpose, responsePurpose, signHeaders, verifySigned } from '../../server/payments/signing.ts';

const PROBLEM_MESSAGES = {
  missing: '缺少签名请求头',
  merchant: '商户号不存在',
  stale: '请求时间戳超出允许范围（±5 分钟）',
  signature: '签名错误',
  replay: '请求随机数已被使用（重放）',
} as const;

export type AuthFailure = { code: 'UNAUTHORIZED'; message: string };

export class RequestAuth {
  private readonly seenNonces = new Map<string, number>();
  private lastPrune = Date.now();

  constructor(
    private readonly merchantId: string,
    private readonly secret: string,
  ) {}

  /** null when the request is authentic; otherwise why not. A nonce is spent only by an authentic request. */
  verify(method: string, pathWithQuery: string, rawBody: string, headers: Record<string, string | string[] | undefined>): AuthFailure | null {
    const result = verifySigned(this.secret, this.merchantId, requestPurpose(method, pathWithQuery), rawBody, headers);
    if (result.problem !== null) return { code: 'UNAUTHORIZED', message: PROBLEM_MESSAGES[result.problem] };
    const now = Date.now();
    this.prune(now);
    if (this.seenNonces.has(result.values.nonce)) return { code: 'UNAUTHORIZED', message: PROBLEM_MESSAGES.replay };
    // A nonce only needs remembering while its timestamp would still pass the freshness check.
    this.seenNonces.set(result.values.nonce, Number(result.values.timestamp) + MAX_CLOCK_SKEW_MS);
    return null;
  }

  responseHeaders(status: number, requestNonce: string, body: string): Record<string, string> {
    return signHeaders(this.secret, this.merchantId, responsePurpose(status, requestNonce), body);
  }

  private prune(now: number): void {
    if (now - this.lastPrune < 60_000 && this.seenNonces.size < 100_000) return;
    this.lastPrune = now;
    for (const [nonce, until] of this.seenNonces) if (until < now) this.seenNonces.delete(nonce);
  }
}
