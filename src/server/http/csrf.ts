// Mutating requests must prove they come from our own pages (decisions §5): the custom header (which
// a cross-origin page cannot send without a CORS preflight we never grant) and, when the browser
// sends one, an Origin equal to our own.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE, ERROR_CODES } from '../../shared/api/errors.ts';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originMatchesHost(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === 'null') return false;
  try {
    const from = new URL(origin);
    // Parse the Host with the origin's scheme so default ports compare equal (":80" vs none).
    return from.host === new URL(`${from.protocol}//${request.headers.host}`).host;
  } catch {
    return false;
  }
}

export function registerCsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE || !originMatchesHost(request)) {
      throw new AppError(403, ERROR_CODES.CSRF, '请求来源无效，请刷新页面后重试');
    }
  });
}
