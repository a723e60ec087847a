import { lazy, Suspense } from 'react';
import { useSimpleStore } from '../../lib/store/simple-store.ts';
import { settlementPopups } from './settlement-popups.ts';

const SettlementPopupStack = lazy(() => import('./settlement-popups-stack.tsx'));

/** Settlement popups from the live stream; their cards load with the first one. */
export function SettlementPopupHost() {
  const count = useSimpleStore(settlementPopups).length;
  if (count === 0) return null;
  return (
    <Suspense fallback={null}>
      <SettlementPopupStack />
    </Suspense>
  );
}
