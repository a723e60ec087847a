import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, type AnyRoute } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { NotFoundPage } from './components/NotFoundPage.tsx';
import { RouteErrorPage } from './components/RouteErrorPage.tsx';
import { navigationMemory } from './routing/app-navigation.ts';
import { entryRef, isOverlayShown } from './routing/overlay.tsx';

export interface RouterContext {
  queryClient: QueryClient;
  /** A second router that only paints the page behind an overlay: no shell, no tracking. */
  background: boolean;
}

function baseOptions(queryClient: QueryClient, background: boolean) {
  return {
    routeTree,
    context: { queryClient, background } satisfies RouterContext,
    defaultPreload: 'intent' as const,
    // The query cache decides freshness; the router must not short-circuit it.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    defaultPendingMs: 400,
  };
}

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({ ...baseOptions(queryClient, false), scrollRestoration: true });
  // onLoad fires when the new matches are committed, before React paints them, so the page area
  // already knows the overlay's background on its first render.
  router.subscribe('onLoad', ({ toLocation }) => {
    navigationMemory.record(entryRef(toLocation), isOverlayShown(router.state.matches));
  });
  return router;
}

export function createBackgroundRouter(queryClient: QueryClient, href: string) {
  return createRouter({ ...baseOptions(queryClient, true), history: createMemoryHistory({ initialEntries: [href] }) });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

/** Fetches the code of the routes matching the current URL while startup is still running. */
export function warmRouteChunks(router: AppRouter): void {
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = (router.routesById as unknown as Record<string, AnyRoute | undefined>)[match.routeId];
    if (route) void router.loadRouteChunk(route)?.catch(() => undefined);
  }
}
