// Issue 15 defect 5: no request, however malformed, gets a 5xx, an English message or a state change.
// The routes come from the app's own route table (every route the built app registers, HEAD included),
// so a new route is fuzzed without being listed here. Each request carries one value the route must
// refuse (tests/support/request-fuzz.ts) in a path parameter, the query, the body or the body's
// encoding; the rest is random. Seeded and a fixed number of runs per route, so a run is repeatable.
// Back-office routes are fuzzed a third time as a signed-in super administrator (issue 16), who
// passes every permission check, so the poison reaches the route's own validation.
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/http/route-table.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { operatorCookie } from '../support/operators.ts';
import {
  plausibleJson,
  plausibleUrlText,
  poisonedJson,
  poisonedUrlText,
  shapeOf,
  UNREADABLE_BODIES,
  type RawBody,
  type Shape,
} from '../support/request-fuzz.ts';

const SEED = 20_260_515;
// About eight runs per value a route reads, within bounds: a fixed, repeatable amount of work.
const RUNS_PER_INPUT = 8;
const RUNS_PER_ROUTE = { min: 16, max: 48 };
const RUNS_PER_UNSERVED_METHOD = 3;
const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
const WITH_BODY = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
// Tables whose rows change on a read by design: the sessions' sliding expiry, one captcha per GET.
// gateway_notifications: the payment-notification route logs every delivery, refused ones included
// (docs/wallet/deposits.md) — a log of what arrived, not a change of state. job_leases: the process
// renews its job leases every second, whatever the requests (docs/scaling/processes.md).
const VOLATILE_TABLES = ['sessions', 'operator_sessions', 'captcha_challenges', 'gateway_notifications', 'job_leases'];

let server: TestServer;
let baseUrl: string;
let playerCookie: string;
let adminCookie: string;

beforeAll(async () => {
  server = await startTestServer({ STATIC_DIR: 'tests/support/fixtures/dist' });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  playerCookie = await loginCookie(server.app, 'demo_player');
  adminCookie = await operatorCookie(server.app, 'SUPER_ADMIN');
});
afterAll(() => server?.close());

interface Caller {
  readonly name: string;
  readonly cookie: () => string | undefined;
  /** The routes this caller fuzzes (default: all). */
  readonly fuzzes?: (route: RouteEntry) => boolean;
}

const isBackoffice = (route: RouteEntry) => route.url.startsWith('/ajax/backoffice/');
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const CALLERS: readonly Caller[] = [
  { name: 'anonymous', cookie: () => undefined },
  { name: 'logged-in player', cookie: () => playerCookie },
  {
    name: 'signed-in super administrator',
    cookie: () => adminCookie,
    // A back-office change without input (signing out, a "run now" button) cannot carry a poison:
    // it would simply be done. Everything else is fuzzed.
    fuzzes: (route) => isBackoffice(route) && !(STATE_CHANGING.has(route.method) && poisonedRequest(route, partsOf(route)) === null),
  },
];

interface FuzzRequest {
  readonly method: string;
  readonly url: string;
  readonly body?: RawBody;
}

// ── The route table ─────────────────────────────────────────────────────────────────────────────

interface RouteParts {
  readonly params: Shape | null;
  readonly query: Shape | null;
  readonly body: Shape | null;
}

function partsOf(route: RouteEntry): RouteParts {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  return { params: shapeOf(schema.params), query: shapeOf(schema.querystring), body: shapeOf(schema.body) };
}

/** Test-only routes (NODE_ENV=test) are not part of the product. */
function productRoutes(): RouteEntry[] {
  return server.routes.filter((route) => !route.url.startsWith('/ajax/test/'));
}

// ── Requests ────────────────────────────────────────────────────────────────────────────────────

function inputCount(parts: RouteParts): number {
  const bodyKeys = (shape: Shape | null): number =>
    shape === null ? 0 : Math.max(1, Object.keys(shape.properties ?? {}).length, ...(shape.anyOf ?? shape.oneOf ?? []).map(bodyKeys));
  return properties(parts.params).length + properties(parts.query).length + bodyKeys(parts.body);
}

const runsFor = (parts: RouteParts) => Math.min(RUNS_PER_ROUTE.max, Math.max(RUNS_PER_ROUTE.min, RUNS_PER_INPUT * inputCount(parts)));

const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);

function pathWith(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => values[name]!);
}

function properties(shape: Shape | null): [string, Shape][] {
  return Object.entries(shape?.properties ?? {});
}

function plausibleParams(route: RouteEntry, parts: RouteParts): fc.Arbitrary<Record<string, string>> {
  const names = paramNames(route.url);
  const shapes = Object.fromEntries(properties(parts.params));
  return fc.tuple(...names.map((name) => plausibleUrlText(shapes[name] ?? {}))).map((values) => Object.fromEntries(names.map((name, i) => [name, values[i]!])));
}

function plausiblePath(route: RouteEntry, parts: RouteParts): fc.Arbitrary<string> {
  return plausibleParams(route, parts).map((values) => pathWith(route.url, values));
}

function plausibleQuery(parts: RouteParts): fc.Arbitrary<string> {
  const entries = properties(parts.query);
  const junk = fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.string({ maxLength: 8 })), { maxLength: 2 });
  return fc
    .tuple(fc.tuple(...entries.map(([, shape]) => fc.option(plausibleUrlText(shape), { nil: undefined }))), junk)
    .map(([values, extra]) =>
      [
        ...entries.flatMap(([key], i) => (values[i] === undefined ? [] : [`${key}=${values[i]}`])),
        ...extra.map(([key, value]) => `${key}=${encodeURIComponent(value)}`),
      ].join('&'),
    );
}

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);
const json = (value: unknown): RawBody => ({ contentType: 'application/json', payload: JSON.stringify(value) });

/** One certain poison somewhere in a request to `route`; null when the route reads no input at all. */
function poisonedRequest(route: RouteEntry, parts: RouteParts): fc.Arbitrary<FuzzRequest> | null {
  const { method } = route;
  // Weighted towards values the route reads (parameters, query, body) over bodies it cannot read.
  const options: { arbitrary: fc.Arbitrary<FuzzRequest>; weight: number }[] = [];
  const plausibleBody = parts.body ? plausibleJson(parts.body).map(json) : fc.constant(undefined);
  const params = properties(parts.params);
  if (params.length > 0) {
    options.push({
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...params), plausibleParams(route, parts), plausibleQuery(parts), plausibleBody)
        .chain(([[name, shape], values, query, body]) =>
          poisonedUrlText(shape, 'path').map((bad) => ({
            method,
            url: withQuery(pathWith(route.url, { ...values, [name]: bad }), query),
            ...(WITH_BODY.has(method) && body ? { body } : {}),
          })),
        ),
    });
  }
  const queryKeys = properties(parts.query);
  if (queryKeys.length > 0) {
    options.push({
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...queryKeys), plausiblePath(route, parts), plausibleQuery(parts), plausibleBody, fc.boolean())
        .chain(([[key, shape], path, query, body, duplicate]) =>
          poisonedUrlText(shape, 'query').map((bad) => {
            const others = query.split('&').filter((pair) => pair && !pair.startsWith(`${key}=`));
            // A repeated key arrives as an array, which no field takes.
            const poison = duplicate ? `${key}=${bad}&${key}=${bad}` : `${key}=${bad}`;
            return { method, url: withQuery(path, [...others, poison].join('&')), ...(WITH_BODY.has(method) && body ? { body } : {}) };
          }),
        ),
    });
  }
  if (parts.body) {
    options.push({
      weight: 6,
      arbitrary: fc.tuple(plausiblePath(route, parts), plausibleQuery(parts), poisonedJson(parts.body)).map(([path, query, body]) => ({
        method,
        url: withQuery(path, query),
        body: json(body),
      })),
    });
  }
  if (WITH_BODY.has(method)) {
    options.push({
      weight: 1,
      arbitrary: fc.tuple(plausiblePath(route, parts), plausibleQuery(parts), fc.constantFrom(...UNREADABLE_BODIES)).map(([path, query, body]) => ({
        method,
        url: withQuery(path, query),
        body,
      })),
    });
  }
  return options.length > 0 ? fc.oneof(...options) : null;
}

/** A route without input (a read, a logout): random query values it must ignore without failing. */
function inputlessRequest(route: RouteEntry): fc.Arbitrary<FuzzRequest> {
  const junk = fc.array(fc.tuple(fc.stringMatching(/^[A-Za-z]{1,10}$/), fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('%00', '%E0%A4%A', '2026-02-30'))), {
    maxLength: 3,
  });
  return junk.map((pairs) => ({
    method: route.method,
    url: withQuery(route.url, pairs.map(([key, value]) => `${key}=${value.startsWith('%') ? value : encodeURIComponent(value)}`).join('&')),
  }));
}

// ── Sending and checking ────────────────────────────────────────────────────────────────────────

interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

async function send(request: FuzzRequest, caller: Caller): Promise<Answer> {
  const headers: Record<string, string> = { ...MUTATION_HEADERS };
  const cookie = caller.cookie();
  if (cookie) headers.cookie = cookie;
  if (request.body) headers['content-type'] = request.body.contentType;
  if (request.url.startsWith('/sse/')) return sendOverHttp(request, headers);
  const response = await server.app.inject({ method: request.method as 'GET', url: request.url, headers, payload: request.body?.payload });
  return { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body: response.body };
}

/** An event stream never ends, so it is read over a socket only until its headers arrive. */
async function sendOverHttp(request: FuzzRequest, headers: Record<string, string>): Promise<Answer> {
  const abort = new AbortController();
  // Only catches a hang (headers that never come), with a message saying so.
  const hang = setTimeout(() => abort.abort(new Error('no answer within 20 s')), 20_000);
  try {
    const response = await fetch(`${baseUrl}${request.url}`, { method: request.method, headers, body: request.body?.payload, signal: abort.signal });
    const streaming = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
    const body = streaming || request.method === 'HEAD' ? '' : await response.text();
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', body };
  } finally {
    clearTimeout(hang);
    abort.abort();
  }
}

const CHINESE = /[\u4e00-\u9fff]/;

/** What is wrong with an answer, or null: a 5xx, or an error that is not `{ code, message }` in Chinese. */
function problemWith(answer: Answer, request: FuzzRequest, mustRefuse: boolean): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.body.slice(0, 200)}`;
  if (mustRefuse && answer.status < 400) return `accepted a poisoned request (${answer.status})`;
  if (answer.status < 400 || request.method === 'HEAD') return null;
  if (!answer.contentType.startsWith('application/json')) return `error as ${answer.contentType}`;
  const body = JSON.parse(answer.body) as { code?: unknown; message?: unknown };
  if (typeof body.code !== 'string' || typeof body.message !== 'string') return `error shape ${answer.body.slice(0, 200)}`;
  if (!CHINESE.test(body.message)) return `message not in Chinese: ${body.message}`;
  return null;
}

async function check(request: FuzzRequest, caller: Caller, mustRefuse: boolean): Promise<void> {
  const problem = problemWith(await send(request, caller), request, mustRefuse);
  if (problem) throw new Error(`${request.method} ${request.url.slice(0, 120)} ${request.body ? request.body.payload.slice(0, 120) : ''} → ${problem}`);
}

/** fast-check's report cut to what a reader needs: the counterexample and what was wrong with it. */
function briefly(error: Error): string {
  const lines = error.message.split('\n');
  const counterexample = lines.find((line) => line.startsWith('Counterexample:')) ?? '';
  const cause = error.cause instanceof Error ? error.cause.message : lines[0]!;
  return `${cause.slice(0, 400)} | ${counterexample.slice(0, 300)}`;
}

// ── State ───────────────────────────────────────────────────────────────────────────────────────

/** Row count and content hash of every table but the volatile ones, in one statement. */
async function snapshot(): Promise<Record<string, string>> {
  const pool = server.db.database.pool;
  const tables = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND NOT (table_name = ANY($1)) ORDER BY table_name`,
    [VOLATILE_TABLES],
  );
  const sql = tables.rows
    .map(({ name }) => `SELECT '${name}' AS name, count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS state FROM "${name}" t`)
    .join(' UNION ALL ');
  const rows = await pool.query<{ name: string; state: string }>(sql);
  return Object.fromEntries(rows.rows.map((row) => [row.name, row.state]));
}

/** Lazily created state (a first instant seed, a captcha) is made before the first snapshot. */
async function warmUp(): Promise<void> {
  for (const caller of CALLERS) {
    for (const route of productRoutes().filter(caller.fuzzes ?? (() => true))) {
      if (route.method === 'GET' && !route.url.includes(':')) await send({ method: 'GET', url: route.url }, caller);
    }
  }
}

const changedTables = (before: Record<string, string>, after: Record<string, string>) => Object.keys(before).filter((table) => before[table] !== after[table]);

async function fuzz(caller: Caller, route: RouteEntry, failures: string[]): Promise<void> {
  const parts = partsOf(route);
  const poisoned = poisonedRequest(route, parts);
  const requests = poisoned ?? inputlessRequest(route);
  await fc
    .assert(
      fc.asyncProperty(requests, (request) => check(request, caller, poisoned !== null)),
      { seed: SEED, numRuns: runsFor(parts), endOnFailure: true },
    )
    .catch((error: Error) => failures.push(`${caller.name} ${route.method} ${route.url}: ${briefly(error)}`));
}

/**
 * Every route in turn, with the database compared before and after them all: a snapshot hashes every
 * table, and one around each route was three quarters of this file's time. Should anything change,
 * the routes are replayed one by one (the same seeded requests) to name the one that does.
 */
async function fuzzRoutes(caller: Caller, routes: RouteEntry[], failures: string[]): Promise<void> {
  const before = await snapshot();
  for (const route of routes) await fuzz(caller, route, failures);
  const changed = changedTables(before, await snapshot());
  if (changed.length === 0) return;
  const culprits: string[] = [];
  for (const route of routes) {
    const beforeRoute = await snapshot();
    await fuzz(caller, route, []);
    const changedByRoute = changedTables(beforeRoute, await snapshot());
    if (changedByRoute.length > 0) culprits.push(`${route.method} ${route.url} changed ${changedByRoute.join(', ')}`);
  }
  failures.push(`${caller.name} callers changed ${changed.join(', ')}; replayed one route at a time: ${culprits.join('; ') || 'none changed it again'}`);
}

describe('every route of the route table, fuzzed', () => {
  it('finds the routes in the app itself', () => {
    const urls = new Set(productRoutes().map((route) => route.url));
    expect(urls.size).toBeGreaterThan(40);
    for (const known of ['/ajax/login', '/ajax/orders', '/ajax/customer/alias', '/ajax/draws/:drawType/issues/:issueNumber', '/sse/events', '/ajax/backoffice/operators']) {
      expect(urls).toContain(known);
    }
    expect(productRoutes().some((route) => route.method === 'HEAD')).toBe(true);
  });

  for (const caller of CALLERS) {
    it(`answers ${caller.name} callers without a 5xx, in Chinese, changing nothing`, async () => {
      await warmUp();
      const failures: string[] = [];
      await fuzzRoutes(caller, productRoutes().filter(caller.fuzzes ?? (() => true)), failures);
      expect(failures).toEqual([]);
    }, 600_000);
  }

  it('answers the methods a path does not serve with a JSON 4xx', async () => {
    const served = new Map<string, Set<string>>();
    for (const route of productRoutes()) served.set(route.url, (served.get(route.url) ?? new Set()).add(route.method));
    const failures: string[] = [];
    const before = await snapshot();
    for (const [url, methods] of served) {
      const route = productRoutes().find((r) => r.url === url)!;
      for (const method of ALL_METHODS.filter((m) => !methods.has(m))) {
        const requests = fc
          .tuple(plausiblePath(route, partsOf(route)), fc.constantFrom(...UNREADABLE_BODIES, json({ a: 1 })))
          .map(([path, body]) => ({ method, url: path, ...(WITH_BODY.has(method) ? { body } : {}) }));
        await fc
          .assert(
            fc.asyncProperty(requests, (request) => check(request, CALLERS[1]!, true)),
            { seed: SEED, numRuns: RUNS_PER_UNSERVED_METHOD, endOnFailure: true },
          )
          .catch((error: Error) => failures.push(`${method} ${url}: ${briefly(error)}`));
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 600_000);
});
