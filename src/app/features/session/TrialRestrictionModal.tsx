import { lazy, Suspense } from 'react';
import { useSimpleStore } from '../../lib/store/simple-store.ts';
import { trialRestriction } from '../notifications/trial-restriction.ts';

const TrialRestrictionDialog = lazy(() => import('./TrialRestrictionDialog.tsx'));

export function TrialRestrictionModal() {
  const restriction = useSimpleStore(trialRestriction);
  if (!restriction) return null;
  return (
    <Suspense fallback={null}>
      <TrialRestrictionDialog operation={restriction.operation} />
    </Suspense>
  );
}
