// Starting a session: the one place that creates it and sets the cookie, for the login form, a
// registration's one-time token and a new trial account alike. Whoever was logged in on this browser
// is logged out: the cookie is about to belong to the new session, so the old one would only live on
// unseen (a trial who registers must not keep a working trial session). A frozen customer gets no
// session (refused in the statement that would make it, and the browser's session stays as it was);
// neither does a login whose verified password was changed or reset meanwhile (the same statement
// compares the hash, so a change that ends the other sessions cannot miss this one). Every outcome
// goes into the login history.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { announcePresence } from '../agent-chat/presence.ts';
import { liveSessionOf } from './access.ts';
import { accountFrozen } from './frozen.ts';
import { recordLogin } from './login-history.ts';
import { revokeSession, startSession } from './store.ts';
import { SESSION_COOKIE } from './tokens.ts';

export interface SignInOptions {
  remember?: boolean;
  /**
   * The password hash the typed password was verified against (the login form): no session unless
   * the customer still has it. Null when no password proved this login (a registration's one-time
   * token, a new trial account).
   */
  verifiedHash: string | null;
}

/**
 * Signs the customer in on this browser. False, with nothing changed, when `verifiedHash` is no
 * longer the customer's password (the caller answers as for a wrong password); a frozen customer is
 * refused with the freeze's message.
 */
export async function signIn(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  customerId: number,
  { remember = false, verifiedHash }: SignInOptions,
): Promise<boolean> {
  const { config, database } = ctx;
  const lifetimeMs = remember ? config.sessionRememberMs : config.sessionIdleMs;
  const userAgent = request.headers['user-agent']?.slice(0, 300);
  const started = await startSession(database.pool, { customerId, remember, lifetimeMs, userAgent, ip: request.ip, verifiedHash });
  if (started.kind === 'password-changed') return false;
  await recordLogin(database.pool, { customerId, outcome: started.kind === 'created' ? 'SUCCESS' : 'FROZEN', ip: request.ip, userAgent });
  if (started.kind === 'frozen') throw accountFrozen();
  const { token } = started;
  const previous = await liveSessionOf(ctx, request);
  if (previous) {
    await revokeSession(database.pool, previous.sessionId);
    await ctx.events.closeSession(previous.customer.id, previous.sessionId);
  }
  await database.pool.query('UPDATE customers SET last_login_at = now() WHERE id = $1', [customerId]);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure,
    // Without "remember" the cookie ends with the browser session.
    ...(remember ? { maxAge: Math.floor(lifetimeMs / 1000) } : {}),
  });
  reply.header('cache-control', 'no-store');
  await announcePresence(ctx, customerId, true, request.log);
  return true;
}
