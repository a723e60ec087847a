// A deposit or withdrawal changed status (live event `paymentStatus`): the wallet views that show it
// are refetched. Owned by issue 17's wallet pages (helper H5 completes it with their query keys).
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PaymentStatusEventSchema } from '../../../shared/api/events.ts';
import { USER_QUERY_PREFIX } from '../session/session-queries.ts';

export type PaymentStatusEvent = z.infer<typeof PaymentStatusEventSchema>;

/** Every wallet query key starts with this (balance, deposits, withdrawals, statements); all are refetched. */
export const WALLET_QUERY_ROOT = [USER_QUERY_PREFIX, 'wallet'] as const;

export function applyPaymentStatusEvent(queryClient: QueryClient, _event: PaymentStatusEvent): void {
  void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
}

/** A balance change is a new statement line: an open statement refetches (closed ones refetch when opened). */
export function applyBalanceToStatement(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: [...WALLET_QUERY_ROOT, 'transactions'] });
}
