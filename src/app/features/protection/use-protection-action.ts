import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProtectionStatusSchema } from '../../../shared/api/accounts.ts';
import { apiPut } from '../../lib/api/client.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { reportActionError } from '../accounts/common/action-error.ts';
import { PROTECTION_QUERY_KEY } from './protection-queries.ts';

/** A protection change: `PUT {path}` answered with the whole new status. */
export function useProtectionAction<Body>(path: string, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiPut(path, body, ProtectionStatusSchema),
    onSuccess: (status) => {
      queryClient.setQueryData(PROTECTION_QUERY_KEY, status);
      toastSuccess(success);
    },
    onError: reportActionError,
  });
}
