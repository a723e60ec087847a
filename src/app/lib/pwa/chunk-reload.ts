// After a deploy an old tab can ask for chunks that no longer exist. Reload once to pick up the new
// build; offline, a reload would not help, so the route's network-error modal offers a retry instead.
const RELOAD_MARK = 'jinli-chunk-reload-at';
const RELOAD_GUARD_MS = 10_000;

export function shouldReloadForChunkError(now: number, lastReloadAt: number | null, online: boolean): boolean {
  return online && (lastReloadAt === null || now - lastReloadAt > RELOAD_GUARD_MS);
}

export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    let last: number | null = null;
    try {
      const stored = sessionStorage.getItem(RELOAD_MARK);
      last = stored ? Number(stored) : null;
    } catch {
      return;
    }
    if (!shouldReloadForChunkError(Date.now(), last, navigator.onLine)) return;
    event.preventDefault();
    sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
    window.location.reload();
  });
}

/** A failed dynamic import (lazy route chunk) as browsers report it. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    error.message,
  );
}
