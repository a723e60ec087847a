import { lazy, Suspense } from 'react';
import { isTrial } from '../../../../shared/api/session.ts';
import { useCurrentCustomer } from '../../session/use-current-customer.ts';

const FirstLoginModal = lazy(() => import('./FirstLoginModal.tsx'));

/** Spec §4: a customer with a first login pending gets the first-login root overlay. */
export function FirstLoginHost() {
  const customer = useCurrentCustomer();
  if (!customer?.firstLogin || isTrial(customer)) return null;
  return (
    <Suspense fallback={null}>
      <FirstLoginModal key={customer.name} customer={customer} />
    </Suspense>
  );
}
