import { Outlet, RouterProvider } from '@tanstack/react-router';
import { useMemo, useSyncExternalStore } from 'react';
import { navigationMemory } from '../../routing/app-navigation.ts';
import { useOverlayState } from '../../routing/overlay.tsx';
import { useBackgroundRouterFactory } from './background-router.tsx';

/**
 * The page area. When the current route is an overlay, the page it was opened over (or the lobby,
 * after a reload or deep link) is painted behind it by a second, memory-history router, and the
 * overlay itself renders through the Outlet as a modal.
 */
export function PageArea() {
  const { overlay, key } = useOverlayState();
  useSyncExternalStore(
    (listener) => navigationMemory.subscribe(listener),
    () => navigationMemory.getVersion(),
  );
  const background = overlay ? (navigationMemory.backgroundOf(key) ?? '/') : null;
  return (
    <>
      {background !== null && <BackgroundPage href={background} />}
      <Outlet />
    </>
  );
}

function BackgroundPage({ href }: { href: string }) {
  const factory = useBackgroundRouterFactory();
  const router = useMemo(() => factory?.(href) ?? null, [factory, href]);
  if (!router) return null;
  return (
    <div className="jl-background-page" inert data-testid="overlay-background">
      <RouterProvider router={router} />
    </div>
  );
}
