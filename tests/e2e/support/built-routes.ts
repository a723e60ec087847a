// The routes the app has, read from the router's generated tree (src/routeTree.gen.ts), spelled as
// tests/app/spec-routes.ts spells them: so browser tests follow the pages as they are added.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function builtRoutes(): Set<string> {
  const tree = readFileSync(fileURLToPath(new URL('../../../src/routeTree.gen.ts', import.meta.url)), 'utf8');
  // Paths hold braces (`{-$id}`): the block ends at the first line that is only `}`.
  const block = /export interface FileRoutesByFullPath \{\n([\s\S]*?)\n\}/.exec(tree)?.[1];
  if (!block) throw new Error('FileRoutesByFullPath not found in src/routeTree.gen.ts');
  return new Set([...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => (m[1]!.length > 1 ? m[1]!.replace(/\/$/, '') : m[1]!)));
}
