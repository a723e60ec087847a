import { lazy, Suspense } from 'react';
import { textPopups } from '../features/notifications/text-popups.ts';
import { useSimpleStore } from '../lib/store/simple-store.ts';

const TextPopupDialog = lazy(() => import('./TextPopupDialog.tsx'));

/** System messages from the live stream (`textPopup`), one at a time. */
export function TextPopupHost() {
  const current = useSimpleStore(textPopups)[0];
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <TextPopupDialog popup={current} />
    </Suspense>
  );
}
