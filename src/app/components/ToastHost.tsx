import { lazy, Suspense } from 'react';
import { toastsRequested } from '../lib/notify.ts';
import { useSimpleStore } from '../lib/store/simple-store.ts';

const ToastContainer = lazy(() => import('./ToastContainer.tsx'));

export function ToastHost() {
  const requested = useSimpleStore(toastsRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
