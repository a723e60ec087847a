// Mutating requests must prove they come from our own pages (decisions §5): the custom header (which
// a cross-origin page cannot send without a CORS preflight we never grant) and, when the browser
// sends one, an Origin equal to our own: scheme, host and port, compared as parsed origins, never as
// text (so neither `http://localhost:3000.evil.com` nor `http://localhost:30001` passes).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE, ERROR_CODES } from '../../shared/api/errors.ts';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfOptions {
  /**
   * The site is served over https even when the request reached us over http (`COOKIE_SECURE=true`
   * behind a TLS terminator without `TRUST_PROXY`), so our own pages' Origin is https.
   */
  readonly assumeHttps: boolean;
}

/** The origin a browser sends as `Origin`, parsed; null when the text is not exactly an origin. */
function parseOrigin(text: string): URL | null {
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
    if (url.pathname !== '/' || url.search || url.hash || text.endsWith('/')) return null;
    return url;
  } catch {
    return null;
  }
}

/** Our own origin as this request addressed it: its scheme and host (both from the proxy with `TRUST_PROXY`). */
function ownOrigin(request: FastifyRequest, options: CsrfOptions): string | null {
  const host = request.host;
  if (!host) return null;
  const scheme = options.assumeHttps ? 'https' : request.protocol;
  return parseOrigin(`${scheme}://${host}`)?.origin ?? null;
}

function originIsOurs(request: FastifyRequest, options: CsrfOptions): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const from = parseOrigin(origin);
  return from !== null && from.origin === ownOrigin(request, options);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A payment gateway's server-to-server notification: no browser sends it, so neither the custom
     * header nor an Origin applies; the route verifies the gateway's signature instead.
     */
    gatewayNotification?: boolean;
  }
}

export function registerCsrfProtection(app: FastifyInstance, options: CsrfOptions = { assumeHttps: false }): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.gatewayNotification === true) return;
    if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE || !originIsOurs(request, options)) {
      throw new AppError(403, ERROR_CODES.CSRF, '请求来源无效，请刷新页面后重试');
    }
  });
}
