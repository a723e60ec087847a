// Starting a session: the one place that creates it and sets the cookie, for the login form, a
// registration's one-time token and a new trial account alike. Whoever was logged in on this browser
// is logged out first: the cookie is about to belong to the new session, so the old one would only
// live on unseen (a trial who registers must not keep a working trial session).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { sessionOf } from './access.ts';
import { createSession, revokeSession } from './store.ts';
import { SESSION_COOKIE } from './tokens.ts';

export async function signIn(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  customerId: number,
  remember = false,
): Promise<void> {
  const { config, database } = ctx;
  const previous = await sessionOf(ctx, request);
  if (previous) {
    await revokeSession(database.pool, previous.sessionId);
    await ctx.events.closeSession(previous.customer.id, previous.sessionId);
  }
  const lifetimeMs = remember ? config.sessionRememberMs : config.sessionIdleMs;
  const { token } = await createSession(database.pool, {
    customerId,
    remember,
    lifetimeMs,
    userAgent: request.headers['user-agent']?.slice(0, 300),
    ip: request.ip,
  });
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
}
