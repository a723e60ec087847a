import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showTrialRestriction } from '../../notifications/trial-restriction.ts';
import { trialForbiddenOperation } from '../common/action-error.ts';

/**
 * Spec §6: whatever a trial player tries, the server refuses forbidden actions with
 * `TRIAL_FORBIDDEN`; any query or mutation failing that way opens the trial modal.
 */
export function TrialForbiddenWatcher() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onError = (error: unknown) => {
      const operation = trialForbiddenOperation(error);
      if (operation) showTrialRestriction(operation);
    };
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopMutations();
      stopQueries();
    };
  }, [queryClient]);
  return null;
}
