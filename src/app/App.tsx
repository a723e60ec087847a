import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { BackgroundRouterContext } from './components/shell/background-router.tsx';
import { StartupFailedModal } from './components/StartupFailedModal.tsx';
import { ToastHost } from './components/ToastHost.tsx';
import { markAppInitialised } from './features/startup/startup.ts';
import { applyBodyThemeClass, preferenceColorSchemeManager } from './lib/preferences/color-scheme.ts';
import { preferences } from './lib/preferences/store.ts';
import { createBackgroundRouter, type AppRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

const colorSchemeManager = preferenceColorSchemeManager(preferences);

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => {
    applyBodyThemeClass(preferences.get('darkMode'));
    return preferences.subscribe(() => applyBodyThemeClass(preferences.get('darkMode')));
  }, []);
  return (
    // The theme's CSS variables and global classes come with the first route's CSS (theme.generated.css,
    // imported by styles.ts) instead of being computed and injected by the shell's first render.
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <ToastHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

type StartupState = 'loading' | 'ready' | 'failed';

const FIRST_LOAD_WAIT_MS = 1000;

/** The router renders only after startup, so route guards see the refreshed (or last-known) session. */
export function App({ queryClient, router, startup }: { queryClient: QueryClient; router: AppRouter; startup: Promise<unknown> }) {
  const [state, setState] = useState<StartupState>('loading');
  useEffect(() => {
    startup.then(
      async () => {
        // Resolving the first location before the router mounts (guards, the page's code) means the
        // router's state does not change right after mounting, which would force React to render the
        // whole page again synchronously. Should it fail, the mounted router loads again and shows why;
        // a page whose data is slow to come (a content page on a stalled network) does not keep the
        // shell from showing beyond FIRST_LOAD_WAIT_MS.
        await Promise.race([router.load().catch(() => {}), new Promise((resolve) => setTimeout(resolve, FIRST_LOAD_WAIT_MS))]);
        // The shell and the first page render as a transition: React renders them in slices that leave
        // the main thread free in between, instead of one long task on a phone.
        startTransition(() => setState('ready'));
      },
      () => setState('failed'),
    );
  }, [startup, router]);
  useEffect(() => {
    if (state === 'failed') markAppInitialised('failed');
  }, [state]);
  const backgroundRouter = useMemo(() => (href: string) => createBackgroundRouter(queryClient, href), [queryClient]);
  return (
    <AppProviders queryClient={queryClient}>
      {state === 'ready' && (
        <BackgroundRouterContext.Provider value={backgroundRouter}>
          <RouterProvider router={router} />
        </BackgroundRouterContext.Provider>
      )}
      {state === 'failed' && <StartupFailedModal />}
    </AppProviders>
  );
}
