import type { QueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '../../../../shared/api/errors.ts';
import { ApiError, errorMessage, isUnauthenticated } from '../../../lib/api/errors.ts';
import { toastError } from '../../../lib/notify.ts';
import { showTrialRestriction } from '../../notifications/trial-restriction.ts';
import { drawQueryKeys } from '../draws/draw-queries.ts';

const TRIAL_PREFIX = '试玩账号不能';

/**
 * Shows why an order was refused. The server's message is Chinese and shown as is (余额不足,
 * 「第 N 期已截止投注」, 彩票游戏暂时关闭…); a trial refusal opens the trial-account alert (spec §6);
 * a refused issue refreshes the issue bar so the player sees the next one.
 */
export function reportOrderError(error: unknown, queryClient: QueryClient, drawType: string): void {
  if (error instanceof ApiError && error.code === ERROR_CODES.TRIAL_FORBIDDEN) {
    showTrialRestriction(error.message.startsWith(TRIAL_PREFIX) ? error.message.slice(TRIAL_PREFIX.length) : '投注');
    return;
  }
  if (error instanceof ApiError && error.code === ERROR_CODES.CONFLICT) {
    void queryClient.invalidateQueries({ queryKey: drawQueryKeys.current(drawType) });
  }
  if (isUnauthenticated(error)) {
    toastError('登录已失效，请重新登录');
    return;
  }
  toastError(errorMessage(error));
}

/** A fresh idempotency key for one order; retries of the same order reuse it. */
export function newClientKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
