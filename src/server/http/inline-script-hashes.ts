// The app shell starts two small scripts inline (the colour scheme before first paint, and the early
// startup requests): the Content-Security-Policy allows exactly those by hash, read from the shell
// the server is about to serve, so an edit of index.html can never silently break the page.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** `'sha256-…'` sources for every inline script of an HTML document, in document order. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
}

/** The hashes of the built shell's inline scripts; none when there is no build. */
export function shellInlineScriptHashes(staticDir: string): string[] {
  const shell = path.join(path.resolve(staticDir), 'index.html');
  return existsSync(shell) ? inlineScriptHashes(readFileSync(shell, 'utf8')) : [];
}
