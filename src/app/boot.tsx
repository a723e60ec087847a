// Boot order matters: restore the persisted cache and preferences before the first render, run the
// startup sequence, then render the router. The steps after the restore run as tasks of their own and
// the first render is a transition: on a phone each is tens of milliseconds, together one long task
// that kept the page from answering a tap. Loaded by main.tsx once the framework has evaluated.
import './lib/zod-config.ts';
import './styles.ts';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { siteConfigQueryOptions } from './features/content/content-queries.ts';
import { captureReferral } from './features/startup/referral.ts';
import { runStartup } from './features/startup/startup.ts';
import { trackSignedInHint } from './features/startup/static-shell.ts';
import { clearSessionData } from './features/session/session-queries.ts';
import { createIdbPersister, restoreQueryCache, subscribeQueryCache } from './lib/persister.ts';
import { preferences } from './lib/preferences/store.ts';
import { afterLoadWhenIdle } from './lib/pwa/after-load-idle.ts';
import { installChunkReload } from './lib/pwa/chunk-reload.ts';
import type { EarlyInstallPrompt } from './lib/pwa/early-install-prompt.ts';
import { captureInstallPrompt } from './lib/pwa/install-prompt.ts';
import { createQueryClient } from './lib/query-client.ts';
import { nextTask } from './lib/next-task.ts';
import { shareQueryTimers } from './lib/query-timers.ts';
import { createAppRouter, warmRouteChunks } from './router.tsx';

const RESTORE_TIMEOUT_MS = 2000;

function timeout(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** How long the first render waits for the site settings; they are optional, so a slow answer does not hold the app. */
const SITE_SETTINGS_WAIT_MS = 1_000;

/**
 * Startup, settled once the site settings (the bottom navigation's VIP link) have also arrived: with
 * them, the shell's first render is its last, where their arrival just after it rendered the footer and
 * the bottom navigation again, synchronously (docs/pwa.md, sixth pass). Not part of the startup
 * sequence of spec §4: asked for beside it, and never failing it (prefetchQuery does not throw).
 */
function withSiteSettings<T>(startup: Promise<T>, queryClient: QueryClient): Promise<T> {
  const options = siteConfigQueryOptions();
  const fetched = queryClient.prefetchQuery(options);
  // Known from the last visit, or offline (the fetch then waits for the network): nothing to wait for.
  if (queryClient.getQueryData(options.queryKey) !== undefined || !onlineManager.isOnline()) return startup;
  return Promise.all([startup, Promise.race([fetched, timeout(SITE_SETTINGS_WAIT_MS)])]).then(([result]) => result);
}

/** `takeEarlyInstallPrompt`: main.tsx's listener, replaced here by the app's own (same task: no event is lost). */
export async function boot(takeEarlyInstallPrompt: () => EarlyInstallPrompt): Promise<void> {
  captureInstallPrompt(window, takeEarlyInstallPrompt());
  installChunkReload();
  // The query client's online state starts as "online"; booting from the precache offline must not think so.
  onlineManager.setOnline(navigator.onLine);

  shareQueryTimers();
  const queryClient = createQueryClient({ onUnauthenticated: () => clearSessionData(queryClient) });
  const persister = createIdbPersister();
  // A slow or broken IndexedDB must not keep the app from opening; it then starts without them, and a
  // startup request that fails for the network waits for the restore (startup.ts).
  const restored = Promise.allSettled([restoreQueryCache(queryClient, persister), preferences.load()]);
  await Promise.race([restored, timeout(RESTORE_TIMEOUT_MS)]);
  subscribeQueryCache(queryClient, persister);
  trackSignedInHint(queryClient);
  try {
    captureReferral(new URL(window.location.href), preferences);
  } catch {
    // A malformed referral is ignored.
  }

  const startup = withSiteSettings(runStartup(queryClient, preferences, restored), queryClient);
  await nextTask();
  const router = createAppRouter(queryClient);
  warmRouteChunks(router);
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} startup={startup} />
      </StrictMode>,
    ),
  );
  // The service worker's install downloads the whole precache (about 300 files, 1.9 MiB): registered
  // once the page has loaded and is idle, that download no longer competes with the first screen for
  // the network and the CPU (docs/pwa.md, seventh pass). Nothing on screen needs workbox-window.
  afterLoadWhenIdle(() => void import('./lib/pwa/service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker()));
}
