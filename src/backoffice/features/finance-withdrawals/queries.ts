// The withdrawal audit pages' server state. Every key starts with WITHDRAWALS_KEY, so an action
// refreshes the queue and the detail at once.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ApproveWithdrawalResponseSchema,
  FINANCE_WITHDRAWAL_PATHS,
  WithdrawalDetailSchema,
  WithdrawalQueueSchema,
  WithdrawalSettingsSchema,
  type WithdrawalSettings,
} from '../../../shared/backoffice/finance-withdrawals.ts';
import type { PaymentStatus } from '../../../shared/enums.ts';
import { boGet, boSend } from '../../lib/api.ts';

export const WITHDRAWALS_KEY = ['backoffice', 'finance', 'withdrawals'] as const;

export interface QueueFilters {
  status?: PaymentStatus;
  username?: string;
  mine: boolean;
  page: number;
  pageSize: number;
}

export const queueQuery = (filters: QueueFilters) =>
  queryOptions({
    queryKey: [...WITHDRAWALS_KEY, 'queue', filters],
    queryFn: ({ signal }) =>
      boGet(FINANCE_WITHDRAWAL_PATHS.queue, WithdrawalQueueSchema, { ...filters, mine: filters.mine ? 'true' : undefined }, signal),
  });

/** `gateway` ('sandbox' | 'http'), when the server tells it, marks payouts made through the sandbox. */
const DetailWithGatewaySchema = WithdrawalDetailSchema.extend({ gateway: z.string().optional() });

export const detailQuery = (id: number) =>
  queryOptions({
    queryKey: [...WITHDRAWALS_KEY, 'detail', id],
    queryFn: ({ signal }) => boGet(FINANCE_WITHDRAWAL_PATHS.withdrawal(id), DetailWithGatewaySchema, undefined, signal),
  });

/** The settings, bare or as `{ settings }`. */
const SettingsAnswerSchema = z.union([WithdrawalSettingsSchema, z.object({ settings: WithdrawalSettingsSchema }).transform((body) => body.settings)]);

export const settingsQuery = () =>
  queryOptions({
    queryKey: [...WITHDRAWALS_KEY, 'settings'],
    queryFn: ({ signal }) => boGet(FINANCE_WITHDRAWAL_PATHS.settings, SettingsAnswerSchema, undefined, signal),
  });

export const claim = (id: number) => boSend('POST', FINANCE_WITHDRAWAL_PATHS.claim(id), {});
export const release = (id: number) => boSend('POST', FINANCE_WITHDRAWAL_PATHS.release(id), {});
export const approve = (id: number, reason: string) => boSend('POST', FINANCE_WITHDRAWAL_PATHS.approve(id), { reason }, ApproveWithdrawalResponseSchema);
export const reject = (id: number, reason: string) => boSend('POST', FINANCE_WITHDRAWAL_PATHS.reject(id), { reason });
export const recheck = (id: number) => boSend('POST', FINANCE_WITHDRAWAL_PATHS.recheck(id), {});
export const saveSettings = (settings: WithdrawalSettings, reason: string) => boSend('PUT', FINANCE_WITHDRAWAL_PATHS.settings, { settings, reason }, SettingsAnswerSchema);

export function refreshWithdrawals(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY });
}
