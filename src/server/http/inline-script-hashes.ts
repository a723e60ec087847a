// The app shell starts two small scripts inline (the colour scheme before first paint, and the early
// startup requests): the Content-Security-Policy allows exactly those by hash, read from the shells
// the server is about to serve (the PWA's and the back office's), so an edit of either index.html can
// never silently break its page.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** `'sha256-…'` sources for every inline script of an HTML document, in document order. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
}

const SHELLS = ['index.html', 'backoffice/index.html'];

/** The hashes of the built shells' inline scripts, without repeats; none when there is no build. */
export function shellInlineScriptHashes(staticDir: string): string[] {
  const hashes = SHELLS.map((shell) => path.join(path.resolve(staticDir), shell))
    .filter((shell) => existsSync(shell))
    .flatMap((shell) => inlineScriptHashes(readFileSync(shell, 'utf8')));
  return [...new Set(hashes)];
}
