// The real app shell (providers, router, root overlays) over a router the test has built, as the app
// mounts it: the first location is loaded before the router renders. Resolves once the header shows.
import { act, render, screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AppProviders } from '../../src/app/App.tsx';
import { BackgroundRouterContext } from '../../src/app/components/shell/background-router.tsx';

export async function renderShell(queryClient: QueryClient, router: AnyRouter, wrap: (app: ReactNode) => ReactNode = (app) => app) {
  await act(async () => {
    await router.load();
  });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <BackgroundRouterContext.Provider value={null}>{wrap(<RouterProvider router={router} />)}</BackgroundRouterContext.Provider>
    </AppProviders>,
  );
  await screen.findByTestId('header');
  return view;
}
