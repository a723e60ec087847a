// The dialogs of the game pages load on first use: the modal stack is a large share of a page's
// code and most visits never open one. Pages warm them while idle, so the first click is instant.
import { lazy, Suspense, useEffect, type ComponentProps } from 'react';

const loadConfirm = () => import('./ConfirmOrderDialog.tsx');
const loadInstant = () => import('./InstantResultDialog.tsx');

const ConfirmOrderDialog = lazy(() => loadConfirm().then((m) => ({ default: m.ConfirmOrderDialog })));
const InstantResultDialog = lazy(() => loadInstant().then((m) => ({ default: m.InstantResultDialog })));

export function LazyConfirmOrderDialog(props: ComponentProps<typeof ConfirmOrderDialog>) {
  return (
    <Suspense fallback={null}>
      <ConfirmOrderDialog {...props} />
    </Suspense>
  );
}

export function LazyInstantResultDialog(props: ComponentProps<typeof InstantResultDialog>) {
  return (
    <Suspense fallback={null}>
      <InstantResultDialog {...props} />
    </Suspense>
  );
}

/** Fetches the dialogs' code once the page has settled. */
export function useWarmOrderDialogs(): void {
  useEffect(() => {
    const warm = () => void Promise.all([loadConfirm(), loadInstant()]).catch(() => undefined);
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(warm, { timeout: 3000 }) : setTimeout(warm, 1500);
    return () => {
      if (typeof cancelIdleCallback === 'function' && typeof requestIdleCallback === 'function') cancelIdleCallback(idle as number);
      else clearTimeout(idle as ReturnType<typeof setTimeout>);
    };
  }, []);
}
