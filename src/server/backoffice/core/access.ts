// The back office's one access check (api.ts): every route under /ajax/backoffice/ declares
// `config.operator`; before its input is validated, a route with a permission answers 401 without an
// active operator session (a customer's session is never one) and 403 when the role lacks the
// permission. Every answer of a back-office route is no-store.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import { roleHas, type Permission } from '../../../shared/backoffice/permissions.ts';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import type { OperatorPrincipal, OperatorRouteRule } from './api.ts';
import { findOperatorSession, OPERATOR_COOKIE, touchOperatorSession, type OperatorSessionRecord } from './sessions.ts';

export const NOT_SIGNED_IN_MESSAGE = '请先登录运营后台';
export const NO_PERMISSION_MESSAGE = '没有权限执行此操作';

export const notSignedIn = () => new AppError(401, ERROR_CODES.UNAUTHENTICATED, NOT_SIGNED_IN_MESSAGE);
export const noPermission = (message = NO_PERMISSION_MESSAGE) => new AppError(403, ERROR_CODES.FORBIDDEN, message);

const resolved = new WeakMap<FastifyRequest, Promise<OperatorSessionRecord | null>>();
const principals = new WeakMap<FastifyRequest, OperatorPrincipal>();

/** The request's operator session in any stage, looked up once per request. */
export function operatorSessionOf(ctx: ServerContext, request: FastifyRequest): Promise<OperatorSessionRecord | null> {
  let pending = resolved.get(request);
  if (!pending) {
    const token = request.cookies[OPERATOR_COOKIE];
    pending = token
      ? findOperatorSession(ctx.database.pool, token, ctx.config.operators).then(async (session) => {
          if (session?.stage === 'ACTIVE') await touchOperatorSession(ctx.database.pool, session);
          return session;
        })
      : Promise.resolve(null);
    resolved.set(request, pending);
  }
  return pending;
}

export function principalOf(session: OperatorSessionRecord, request: FastifyRequest): OperatorPrincipal {
  const { id, username, displayName, role } = session.operator;
  return { id, username, displayName, role, sessionId: session.sessionId, ip: request.ip };
}

/** The signed-in operator of a request that passed the permission check. */
export function operatorOf(request: FastifyRequest): OperatorPrincipal {
  const principal = principals.get(request);
  if (!principal) throw notSignedIn();
  return principal;
}

/** The active operator of a request, whatever its route declares (the sign-in routes, GET /session). */
export async function activeOperator(ctx: ServerContext, request: FastifyRequest): Promise<OperatorPrincipal | null> {
  const session = await operatorSessionOf(ctx, request);
  return session?.stage === 'ACTIVE' ? principalOf(session, request) : null;
}

export interface OperatorRouteRecord {
  method: string;
  url: string;
  permission: Permission | null;
}

const routeRules = new WeakMap<ServerContext, OperatorRouteRecord[]>();

/** Every back-office route of the app built with `ctx` and its rule (for the permission test). */
export function operatorRoutes(ctx: ServerContext): readonly OperatorRouteRecord[] {
  return routeRules.get(ctx) ?? [];
}

export function isBackofficeUrl(url: string): boolean {
  return url === BACKOFFICE_API || url.startsWith(`${BACKOFFICE_API}/`);
}

function guard(ctx: ServerContext, permission: Permission) {
  return async (request: FastifyRequest) => {
    const session = await operatorSessionOf(ctx, request);
    if (!session || session.stage !== 'ACTIVE') throw notSignedIn();
    if (!roleHas(session.operator.role, permission)) throw noPermission();
    principals.set(request, principalOf(session, request));
  };
}

export function registerOperatorAccess(app: FastifyInstance, ctx: ServerContext): void {
  const records: OperatorRouteRecord[] = [];
  routeRules.set(ctx, records);
  app.addHook('onRoute', (route) => {
    if (!isBackofficeUrl(route.url)) return;
    const rule: OperatorRouteRule | undefined = route.config?.operator;
    if (!rule) throw new Error(`back-office route ${String(route.method)} ${route.url} declares no config.operator (core/api.ts)`);
    for (const method of [route.method].flat()) records.push({ method, url: route.url, permission: rule.permission });
    const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    };
    route.onRequest = [noStore, ...[route.onRequest ?? []].flat()];
    if (rule.permission !== null) route.preValidation = [guard(ctx, rule.permission), ...[route.preValidation ?? []].flat()];
  });
}
