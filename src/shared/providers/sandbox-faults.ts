// The sandbox game provider's fault controls (decisions §10), one set per provider code, shared by
// the sandbox service, the platform's sandbox adapter and the back office. All off: a healthy provider.
import { z } from 'zod';

export const ProviderFaultsSchema = z.object({
  /** Every API request for this provider answers 503 (the provider is down). */
  down: z.boolean(),
  /** Extra latency of every API answer for this provider, in milliseconds. */
  delayMs: z.number().int().min(0).max(120_000),
  /**
   * Transfers are held past the client's time-out: SUCCEED — the transfer is made anyway; FAIL — it is
   * recorded as failed. Either way the status query tells the truth at once.
   */
  transferTimeout: z.enum(['OFF', 'SUCCEED', 'FAIL']),
  /** A reused reference: REPLAY answers with the first transfer (idempotent); REJECT answers 409 DUPLICATE_REFERENCE. */
  duplicateReference: z.enum(['REPLAY', 'REJECT']),
  /** Balance queries answer 500. */
  balanceFails: z.boolean(),
  /** Every bet record of a page is sent twice, and the page's second half again on the next page. */
  recordsTwice: z.boolean(),
  /** The records of a page come in reverse order. */
  recordsOutOfOrder: z.boolean(),
  /** Answers carry a wrong signature. */
  wrongSignature: z.boolean(),
});
export type ProviderFaults = z.infer<typeof ProviderFaultsSchema>;

export const NO_PROVIDER_FAULTS: ProviderFaults = {
  down: false,
  delayMs: 0,
  transferTimeout: 'OFF',
  duplicateReference: 'REPLAY',
  balanceFails: false,
  recordsTwice: false,
  recordsOutOfOrder: false,
  wrongSignature: false,
};

export const PROVIDER_FAULT_LABELS: Record<keyof ProviderFaults, string> = {
  down: '服务不可用（503）',
  delayMs: '应答延迟（毫秒）',
  transferTimeout: '转账超时（成功 / 失败）',
  duplicateReference: '重复流水号（返回首次结果 / 拒绝）',
  balanceFails: '余额查询失败',
  recordsTwice: '投注记录重复发送',
  recordsOutOfOrder: '投注记录乱序',
  wrongSignature: '应答签名错误',
};
