import { lazy, Suspense, useState } from 'react';

const CookiesDisabledDialog = lazy(() => import('./CookiesDisabledDialog.tsx'));

/** Spec §1: cookies are required; the dialog says so and asks for a refresh after enabling them. */
export function CookiesDisabledModal({ cookieEnabled = navigator.cookieEnabled }: { cookieEnabled?: boolean }) {
  const [opened, setOpened] = useState(() => !cookieEnabled);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <CookiesDisabledDialog onClose={() => setOpened(false)} />
    </Suspense>
  );
}
