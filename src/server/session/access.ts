// The one server-side access check for the tiers of spec §6. Every endpoint that needs a session
// declares its tier here; route guards in the PWA are only a convenience.
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import { isTrial, meetsTier, type AccessTier } from '../../shared/api/session.ts';
import { customerFromRow } from '../customer/view.ts';
import type { ServerContext } from '../context.ts';
import { AppError, errors } from '../http/errors.ts';
import { accountFrozen } from './frozen.ts';
import { findSession, touchSession, type SessionLookup, type SessionRecord } from './store.ts';
import { SESSION_COOKIE } from './tokens.ts';

const resolved = new WeakMap<FastifyRequest, Promise<SessionLookup>>();

function lookupOf(ctx: ServerContext, request: FastifyRequest): Promise<SessionLookup> {
  let pending = resolved.get(request);
  if (!pending) {
    const token = request.cookies[SESSION_COOKIE];
    pending = token ? findSession(ctx.database.pool, token) : Promise.resolve({ kind: 'none' } as const);
    pending = pending.then(async (found) => {
      if (found.kind === 'live') {
        const lifetime = found.session.remember ? ctx.config.sessionRememberMs : ctx.config.sessionIdleMs;
        await touchSession(ctx.database.pool, found.session, lifetime);
      }
      return found;
    });
    resolved.set(request, pending);
  }
  return pending;
}

/**
 * The request's session, looked up once per request. A frozen customer's cookie is refused with the
 * freeze (403 账号已被冻结，请联系客服), whether its session was ended or not.
 */
export async function sessionOf(ctx: ServerContext, request: FastifyRequest): Promise<SessionRecord | null> {
  const found = await lookupOf(ctx, request);
  if (found.kind === 'frozen') throw accountFrozen();
  return found.kind === 'live' ? found.session : null;
}

/**
 * The request's live session or null, never a refusal: for the calls that must work whatever the
 * cookie holds (who is logged in, logging out, logging in as someone).
 */
export async function liveSessionOf(ctx: ServerContext, request: FastifyRequest): Promise<SessionRecord | null> {
  const found = await lookupOf(ctx, request);
  return found.kind === 'live' ? found.session : null;
}

export interface AccessRule {
  tier: AccessTier;
  /** For trial-restricted operations: the operation's Chinese name, e.g. 充值 ('试玩账号不能充值'). */
  operation?: string;
}

export function accessError(session: SessionRecord | null, rule: AccessRule): AppError | null {
  if (!session) return errors.unauthenticated();
  const customer = customerFromRow(session.customer);
  if (meetsTier(customer, rule.tier)) return null;
  if (isTrial(customer)) {
    const operation = rule.operation ?? '使用此功能';
    return new AppError(403, ERROR_CODES.TRIAL_FORBIDDEN, `试玩账号不能${operation}`);
  }
  return new AppError(403, ERROR_CODES.AGENT_ONLY, '仅代理可以使用此功能');
}

/** A preHandler enforcing `rule`; the handler then reads the session with `requireSession`. */
export function requireAccess(ctx: ServerContext, rule: AccessRule): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const error = accessError(await sessionOf(ctx, request), rule);
    if (error) throw error;
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's access tier (spec §6), enforced by `registerRouteAccess`. */
    access?: AccessRule;
  }
}

/**
 * Registers, on the root instance before the domains, the access check of every route that declares
 * `config: { access }`: it runs before the route's input is validated, so an anonymous call gets 401
 * (and a trial account its 403) whatever it sends, and it marks every answer of the route
 * `Cache-Control: no-store` — what a route behind a session answers is that player's own.
 */
export function registerRouteAccess(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook('onRoute', (route) => {
    const rule = route.config?.access;
    if (!rule) return;
    const guard = requireAccess(ctx, rule);
    const personal = async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    };
    route.onRequest = [personal, ...[route.onRequest ?? []].flat()];
    route.preValidation = [guard, ...[route.preValidation ?? []].flat()];
  });
}

/** The session of a request that passed `requireAccess`. */
export async function requireSession(ctx: ServerContext, request: FastifyRequest): Promise<SessionRecord> {
  const session = await sessionOf(ctx, request);
  if (!session) throw errors.unauthenticated();
  return session;
}

// ── Trial restrictions (spec §6), before routing ────────────────────────────────────────────────

export interface TrialRestriction {
  /** Default: every state-changing method. */
  methods?: readonly string[];
  /** Matches the path itself and everything below it ('/ajax/autobet' covers '/ajax/autobet/42/stop'). */
  prefix: string;
  /** '试玩账号不能{operation}'. */
  operation: string;
}

export const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * What a trial account may not do. Checked on every request before routing, so the rule holds for
 * endpoints that do not exist yet: new endpoints for these operations go under these prefixes.
 */
export const TRIAL_RESTRICTIONS: readonly TrialRestriction[] = [
  { prefix: '/ajax/wallet/deposit', operation: '充值' },
  { prefix: '/ajax/deposit', operation: '充值' },
  { prefix: '/ajax/wallet/withdrawal', operation: '提现' },
  { prefix: '/ajax/withdrawal', operation: '提现' },
  { prefix: '/ajax/wallet/transfer', operation: '转账' },
  { prefix: '/ajax/wallet/third-party', operation: '转账' },
  { prefix: '/ajax/transfer', operation: '转账' },
  { prefix: '/ajax/bank-card', operation: '绑定银行卡' },
  { prefix: '/ajax/wallet/bank-card', operation: '绑定银行卡' },
  { prefix: '/ajax/customer/bank-card', operation: '绑定银行卡' },
  { prefix: '/ajax/wallet/payout-accounts', operation: '绑卡' },
  { prefix: '/ajax/autobet', operation: '追号' },
  { prefix: '/ajax/rebate', operation: '调整返点' },
  { prefix: '/ajax/income-config', operation: '调整返点' },
  { methods: ['POST', 'DELETE'], prefix: '/ajax/favorite-game', operation: '收藏游戏' },
  { prefix: '/ajax/campaign', operation: '参加活动' },
  { prefix: '/ajax/red-packet', operation: '领取红包' },
  { prefix: '/ajax/mail', operation: '使用站内信' },
  { prefix: '/ajax/chat', operation: '使用聊天' },
];

/** The decoded path of a request URL, without its query. */
export function requestPath(url: string): string {
  const path = url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The restricted operation a request asks for, or null. */
export function trialRestrictionFor(method: string, url: string): TrialRestriction | null {
  const path = requestPath(url);
  return (
    TRIAL_RESTRICTIONS.find(
      (rule) =>
        (rule.methods ?? STATE_CHANGING).includes(method) && (path === rule.prefix || path.startsWith(`${rule.prefix}/`)),
    ) ?? null
  );
}

/** Registers the trial rule on the root instance (it must also see requests that match no route). */
export function registerTrialRestrictions(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook('onRequest', async (request) => {
    const rule = trialRestrictionFor(request.method, request.url);
    if (!rule) return;
    const session = await liveSessionOf(ctx, request);
    if (session && customerFromRow(session.customer).testMode !== null) {
      throw new AppError(403, ERROR_CODES.TRIAL_FORBIDDEN, `试玩账号不能${rule.operation}`);
    }
  });
}

// ── Pending first login (spec §4), before routing ───────────────────────────────────────────────

export const FIRST_LOGIN_REQUIRED_MESSAGE = '请先完成首次登录设置';

/**
 * What a session whose first login is pending may still change: the first-login step itself, the
 * codes it verifies, logging out, and the calls that replace the session with another one.
 */
export const FIRST_LOGIN_ALLOWED: readonly { method: string; path: string }[] = [
  { method: 'PUT', path: '/ajax/first-login' },
  { method: 'POST', path: '/ajax/customer/phone/send' },
  { method: 'POST', path: '/ajax/customer/email/send' },
  { method: 'PUT', path: '/ajax/logout' },
  { method: 'PUT', path: '/ajax/login' },
  { method: 'PUT', path: '/ajax/login-token' },
  { method: 'POST', path: '/ajax/trial' },
  // 忘记密码 works on a typed name, not on the session's customer.
  { method: 'POST', path: '/ajax/password-reset/phone/send' },
  { method: 'POST', path: '/ajax/password-reset/email/send' },
  { method: 'PUT', path: '/ajax/password-reset/password' },
];

/** Whether a pending first login blocks this request: every state-changing one not allowed above. */
export function blockedByFirstLogin(method: string, url: string): boolean {
  if (!(STATE_CHANGING as readonly string[]).includes(method)) return false;
  const path = requestPath(url).replace(/\/+$/, '');
  return !FIRST_LOGIN_ALLOWED.some((allowed) => allowed.method === method && allowed.path === path);
}

/**
 * Registers the first-login rule on the root instance: a player who has not finished the first-login
 * step (a password set by hand still to replace, or a contact still to verify) cannot bet, change
 * the profile or call anything else that changes state, whatever the client does. Reads stay open.
 */
export function registerFirstLoginGate(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook('onRequest', async (request) => {
    if (!blockedByFirstLogin(request.method, request.url)) return;
    if (FIRST_LOGIN_CHECKED_BY_ROUTE.some((r) => r.method === request.method && r.path === requestPath(request.url).replace(/\/+$/, ''))) return;
    if (!request.cookies[SESSION_COOKIE]) return;
    const refusal = firstLoginRefusal(await liveSessionOf(ctx, request));
    if (refusal) throw refusal;
  });
}

/**
 * Routes that apply the first-login rule themselves (with `firstLoginRefusal`, before validating the
 * body): placing an order skips the session lookup when its short-lived session cache answers, and
 * only sessions without a pending first login ever enter that cache.
 */
export const FIRST_LOGIN_CHECKED_BY_ROUTE: readonly { method: string; path: string }[] = [{ method: 'POST', path: '/ajax/orders' }];

export function firstLoginRefusal(session: SessionRecord | null): AppError | null {
  return session?.customer.first_login ? new AppError(403, ERROR_CODES.FIRST_LOGIN_REQUIRED, FIRST_LOGIN_REQUIRED_MESSAGE) : null;
}
