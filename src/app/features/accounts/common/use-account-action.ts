import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CustomerInfo } from '../../../../shared/api/accounts.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { readSession, setSession } from '../../session/session-queries.ts';
import { CUSTOMER_INFO_QUERY_KEY } from '../account-queries.ts';
import { reportActionError } from './action-error.ts';

/** A changed profile shows at once, in the centre and in the header (alias, avatar). */
export function applyCustomerInfo(queryClient: QueryClient, info: CustomerInfo): void {
  queryClient.setQueryData(CUSTOMER_INFO_QUERY_KEY, info);
  const session = readSession(queryClient);
  if (session) setSession(queryClient, { ...session, alias: info.alias, avatarImage: info.avatarImage, birthday: info.birthday });
}

/**
 * One account action: a mutation (so a trial refusal anywhere reaches the trial modal), a success
 * toast, and the server's message otherwise.
 */
export function useAccountAction<Body, Result>(
  send: (body: Body) => Promise<Result>,
  { success, onDone }: { success: string; onDone?: (result: Result, queryClient: QueryClient) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      onDone?.(result, queryClient);
      toastSuccess(success);
    },
    onError: reportActionError,
  });
}
