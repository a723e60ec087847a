// Issue 16 acceptance: every back-office endpoint × every role (and a customer session, and no
// session) gets the permission matrix's answer: 401 without an operator session, 403 for a role
// without the route's permission, and anything but 401/403 (or a 5xx) for a role with it. The routes
// come from the app's own route table, so whatever route a domain adds is covered without a list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorRoutes } from '../../src/server/backoffice/core/access.ts';
import { OPERATOR_ROLES, roleHas, type OperatorRole } from '../../src/shared/backoffice/permissions.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { operatorCookie } from '../support/operators.ts';

let server: TestServer;
const cookies = new Map<string, string | undefined>();

beforeAll(async () => {
  server = await startTestServer();
  for (const role of OPERATOR_ROLES) cookies.set(role, await operatorCookie(server.app, role));
  cookies.set('customer', await loginCookie(server.app, 'demo_player'));
  cookies.set('anonymous', undefined);
});
afterAll(() => server?.close());

const backofficeRoutes = () => server.routes.filter((route) => route.url.startsWith('/ajax/backoffice/'));
// Parameters that name nothing: a route that passes the check answers 400 or 404, and changes nothing.
const concreteUrl = (url: string) => url.replace(/:(\w+)/g, '999999');

describe('the back-office permission matrix on every route', () => {
  it('finds the back-office routes in the route table, each with its declared rule', () => {
    const rules = operatorRoutes(server.ctx);
    const routes = backofficeRoutes();
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      expect(rules.find((rule) => rule.method === route.method && rule.url === route.url), `${route.method} ${route.url}`).toBeDefined();
    }
    for (const known of ['/ajax/backoffice/session', '/ajax/backoffice/operators', '/ajax/backoffice/approvals/:id/approve', '/ajax/backoffice/audit']) {
      expect(routes.map((route) => route.url)).toContain(known);
    }
  });

  it('refuses a route without a declared permission at startup', async () => {
    const Fastify = (await import('fastify')).default;
    const { registerOperatorAccess } = await import('../../src/server/backoffice/core/access.ts');
    const app = Fastify();
    registerOperatorAccess(app, { ...server.ctx });
    expect(() => app.get('/ajax/backoffice/undeclared', async () => ({}))).toThrow(/config\.operator/);
    await app.close();
  });

  it('answers each caller as the matrix says', async () => {
    const rules = operatorRoutes(server.ctx);
    const failures: string[] = [];
    for (const route of backofficeRoutes()) {
      const permission = rules.find((rule) => rule.method === route.method && rule.url === route.url)!.permission;
      if (permission === null) continue;
      for (const [caller, cookie] of cookies) {
        const response = await server.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          headers: { ...MUTATION_HEADERS, ...(cookie ? { cookie } : {}) },
          ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) ? { payload: {} } : {}),
        });
        const status = response.statusCode;
        const operatorRole = (OPERATOR_ROLES as readonly string[]).includes(caller) ? (caller as OperatorRole) : null;
        const expected = operatorRole === null ? '401' : roleHas(operatorRole, permission) ? 'allowed' : '403';
        const actual = status === 401 ? '401' : status === 403 ? '403' : 'allowed';
        if (actual !== expected || status >= 500) failures.push(`${caller} ${route.method} ${route.url} (${permission}): ${status} ${response.body.slice(0, 120)}`);
        if (status === 401 || status === 403) {
          expect(response.headers['cache-control']).toBe('no-store');
          if (route.method !== 'HEAD') expect(response.json().message).toMatch(/[\u4e00-\u9fff]/);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
