import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { AppShellLayout } from '../components/shell/AppShellLayout.tsx';
import { validateAutobetSearch } from '../features/autobet/autobet-search.ts';
import { validateOrderDetailSearch } from '../features/orders/order-detail-search.ts';
import { validateAuthSearch } from '../features/session/auth-modal.ts';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Root overlays addressed by search parameters: the login modal, the order detail, the autobet screen and detail.
  validateSearch: (search: Record<string, unknown>) => ({
    ...validateAuthSearch(search),
    ...validateOrderDetailSearch(search),
    ...validateAutobetSearch(search),
  }),
  component: RootComponent,
  notFoundComponent: NotFoundPage,
});

function RootComponent() {
  const { background } = Route.useRouteContext();
  return background ? <Outlet /> : <AppShellLayout />;
}
