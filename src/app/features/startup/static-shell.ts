// The phone lobby index.html paints before the app's code arrives (#static-lobby), and the hint its
// inline script reads to choose it: a player the app last saw logged in gets the splash instead,
// since their lobby opens with a shorter welcome than the static one.
import type { QueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '../session/session-queries.ts';

const SIGNED_IN_HINT = 'jinli-signed-in';

/** Called once the app has rendered its own page over which the static lobby lay. */
export function removeStaticShell(): void {
  document.getElementById('static-lobby')?.remove();
  document.documentElement.removeAttribute('data-static-shell');
}

function writeHint(signedIn: boolean): void {
  try {
    if ((localStorage.getItem(SIGNED_IN_HINT) === '1') !== signedIn) localStorage.setItem(SIGNED_IN_HINT, signedIn ? '1' : '0');
  } catch {
    // Storage blocked: the next visit shows the splash or the static lobby, both correct.
  }
}

/** Keeps the hint in step with the session query (logging in, out, a session that expired). */
export function trackSignedInHint(queryClient: QueryClient): () => void {
  const key = JSON.stringify(SESSION_QUERY_KEY);
  const sync = () => {
    const data = queryClient.getQueryData(SESSION_QUERY_KEY);
    if (data !== undefined) writeHint(data !== null);
  };
  sync();
  return queryClient.getQueryCache().subscribe((event) => {
    if (JSON.stringify(event.query.queryKey) !== key) return;
    if (event.type === 'updated') sync();
    else if (event.type === 'removed') writeHint(false);
  });
}
