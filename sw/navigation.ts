// Which navigations the app shell answers. API calls and the event stream must always reach the
// network: a cached index.html in place of JSON or an SSE stream would break them silently. The
// operator back office is another app with its own HTML, which the PWA never caches.
export const NAVIGATION_DENYLIST: readonly RegExp[] = [
  /^\/ajax(\/|$)/,
  /^\/sse(\/|$)/,
  /^\/third-party-game(\/|$)/,
  /^\/customer-service(\/|$)/,
  /^\/backoffice(\/|$)/,
];

export function isShellNavigation(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathname));
}
