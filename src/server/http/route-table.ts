// Every route the app serves, as registered (the automatic HEAD routes included): what the route fuzz
// test (tests/server/fuzz-routes.test.ts) walks, so that a new route is fuzzed without being listed.
import type { FastifyInstance, FastifySchema } from 'fastify';

export interface RouteEntry {
  readonly method: string;
  readonly url: string;
  readonly schema: FastifySchema | undefined;
  /** The route's access tier (spec §6), when it declares one. */
  readonly tier?: string | undefined;
}

/** Call before any route is registered; the list fills as routes are added. */
export function recordRoutes(app: FastifyInstance): readonly RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema, tier: route.config?.access?.tier });
  });
  return routes;
}
