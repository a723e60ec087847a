import { lazy, Suspense, useState } from 'react';
import { swUpdate } from '../lib/pwa/sw-update.ts';
import { useSimpleStore } from '../lib/store/simple-store.ts';

const UpdateNotice = lazy(() => import('./UpdateNotice.tsx'));

export function UpdatePrompt() {
  const { waiting } = useSimpleStore(swUpdate);
  const [later, setLater] = useState(false);
  if (!waiting || later) return null;
  return (
    <Suspense fallback={null}>
      <UpdateNotice onLater={() => setLater(true)} />
    </Suspense>
  );
}
