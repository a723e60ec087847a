// Operator content (announcements, help, tutorials) readable offline: the network first, so a change
// an operator published shows as soon as the app asks again; offline (or after a few seconds without
// an answer), the last answer this worker saw; with none yet, the shipped default from the precache.
/// <reference lib="webworker" />
import { matchPrecache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

// As src/shared/api/content-paths.ts (the worker's project compiles sw/ alone); the offline browser
// tests open every shipped page through this mapping.
const CONTENT_API = '/ajax/content';

/** /ajax/content/help/terms → /content/help/terms.json; the help index is /content/help/index.json. */
export function shippedContentPath(apiPath: string): string {
  const rest = apiPath.slice(CONTENT_API.length);
  return `/content${rest === '/help' ? '/help/index' : rest}.json`;
}

const CACHE_NAME = 'jinli-content-v1';
const NETWORK_TIMEOUT_SECONDS = 4;

export function isContentRequest(url: URL, method: string, origin: string): boolean {
  return method === 'GET' && url.origin === origin && url.pathname.startsWith(`${CONTENT_API}/`);
}

export function registerContentCache(origin: string): void {
  registerRoute(
    ({ url, request }) => isContentRequest(url, request.method, origin),
    new NetworkFirst({
      cacheName: CACHE_NAME,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [
        {
          handlerDidError: async ({ request }) => (await matchPrecache(shippedContentPath(new URL(request.url).pathname))) ?? undefined,
        },
      ],
    }),
  );
}
