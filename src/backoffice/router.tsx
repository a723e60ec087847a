// The back office's router, assembled from BACKOFFICE_PAGES under /backoffice: the sign-in page, and
// behind the operator-session guard the layout with every page (each showing the 403 page to a role
// without its permission).
import type { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { operatorSessionQuery } from './lib/operator.ts';
import { BACKOFFICE_PAGES } from './pages.ts';
import type { BackofficePage } from './shell/page.ts';
import { HomePage } from './shell/HomePage.tsx';
import { Layout } from './shell/Layout.tsx';
import { NotFoundPage, RouteErrorPage } from './shell/ErrorPages.tsx';
import { PageGate } from './shell/PageGate.tsx';
import { SignInPage } from './sign-in/SignInPage.tsx';
import { SIGN_IN_PATH, signInSearch } from './shell/session.ts';

export const BACKOFFICE_BASEPATH = '/backoffice';

export interface BackofficeRouterContext {
  queryClient: QueryClient;
  /** The pages the router was built from, for the navigation. */
  pages: readonly BackofficePage[];
}

export function createBackofficeRouteTree(pages: readonly BackofficePage[]) {
  const root = createRootRouteWithContext<BackofficeRouterContext>()({
    component: Outlet,
    notFoundComponent: NotFoundPage,
  });
  const signIn = createRoute({
    getParentRoute: () => root,
    path: SIGN_IN_PATH,
    validateSearch: signInSearch,
    component: SignInPage,
  });
  const signedIn = createRoute({
    getParentRoute: () => root,
    id: 'signed-in',
    beforeLoad: async ({ context, location }) => {
      const session = await context.queryClient.query({ ...operatorSessionQuery, staleTime: 30_000 });
      if (!session.operator) throw redirect({ to: SIGN_IN_PATH as never, search: { redirect: location.href } as never });
    },
    component: Layout,
  });
  const home = createRoute({ getParentRoute: () => signedIn, path: '/', component: HomePage });
  const pageRoutes = pages.map((page) =>
    createRoute({
      getParentRoute: () => signedIn,
      path: page.path,
      component: () => <PageGate page={page} />,
    }),
  );
  return root.addChildren([signIn, signedIn.addChildren([home, ...pageRoutes])]);
}

export function createBackofficeRouter(queryClient: QueryClient, options: { pages?: readonly BackofficePage[]; history?: RouterHistory } = {}) {
  const pages = options.pages ?? BACKOFFICE_PAGES;
  return createRouter({
    routeTree: createBackofficeRouteTree(pages),
    basepath: BACKOFFICE_BASEPATH,
    context: { queryClient, pages } satisfies BackofficeRouterContext,
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    // The query cache decides freshness; the router must not short-circuit it.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundPage,
  });
}

export type BackofficeRouter = ReturnType<typeof createBackofficeRouter>;

/** For component tests: the router at `path` (under /backoffice) in memory. */
export function memoryBackofficeRouter(queryClient: QueryClient, path: string, pages?: readonly BackofficePage[]) {
  return createBackofficeRouter(queryClient, { history: createMemoryHistory({ initialEntries: [`${BACKOFFICE_BASEPATH}${path}`] }), ...(pages ? { pages } : {}) });
}
