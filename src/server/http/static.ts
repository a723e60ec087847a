// Serves the built PWA and the operator back office: the service worker, both apps' index.html and
// the manifest are revalidated on every load, whether sent as is or pre-compressed; content-hashed
// assets are immutable. GET (and HEAD) under /backoffice falls back to the back office's HTML, any
// other page outside /ajax/ and /sse/ to the PWA's.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errors } from './errors.ts';

const NO_CACHE_FILES = new Set(['sw.js', 'index.html', 'registerSW.js']);

/** The back office's own HTML, written by the build beside its assets (vite.config.ts). */
export const BACKOFFICE_SHELL = 'backoffice/index.html';

export function isApiPath(url: string): boolean {
  return url.startsWith('/ajax/') || url === '/ajax' || url.startsWith('/sse/') || url === '/sse';
}

/** The file a pre-compressed copy stands for: `index.html.br` is `index.html` to the browser. */
function servedName(filePath: string): string {
  return path.basename(filePath).replace(/\.(?:br|gz)$/, '');
}

function cacheControlFor(filePath: string): string {
  const name = servedName(filePath);
  if (NO_CACHE_FILES.has(name) || name.endsWith('.webmanifest')) return 'no-cache';
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export function isBackofficePath(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return pathname === '/backoffice' || pathname.startsWith('/backoffice/');
}

/** A missing asset (`/assets/x.js`, `/content/x.json`) is a 404, not the app shell. */
function looksLikeFile(url: string): boolean {
  const path = url.split('?')[0]!;
  return /\.[a-z0-9]{1,8}$/i.test(path.slice(path.lastIndexOf('/') + 1));
}

export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = path.resolve(staticDir);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  const hasBackoffice = existsSync(path.join(root, BACKOFFICE_SHELL));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every text asset; send those when the browser accepts them.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', cacheControlFor(filePath));
      },
    });
  } else {
    app.log.warn({ root }, 'no built PWA found: run `npm run build` (npm start does it for you)');
  }

  app.setNotFoundHandler((request, reply) => {
    // HEAD too: uptime probes and link checkers ask with it, and get GET's answer without its body.
    const readsPage = request.method === 'GET' || request.method === 'HEAD';
    if (readsPage && !isApiPath(request.url) && !looksLikeFile(request.url)) {
      // Never the PWA's shell for a back-office address: that app would open in its place.
      const shell = isBackofficePath(request.url) ? (hasBackoffice ? BACKOFFICE_SHELL : null) : hasBuild ? 'index.html' : null;
      if (shell) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(shell);
    }
    throw errors.notFound('接口不存在');
  });
}
