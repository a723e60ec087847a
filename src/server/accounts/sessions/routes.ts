// The customer's own sessions (ASVS 7.4.3): list them, end one, or sign out every other device. Ended
// sessions lose their live streams in every process.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNTS_PATHS, OkSchema, SessionListSchema, SignOutOthersResponseSchema } from '../../../shared/api/accounts.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import { requireAccess, requireSession } from '../../session/access.ts';
import { revokeOneSession, revokeOtherSessions } from './revoke.ts';

const SessionParams = z.object({ id: z.coerce.number().int().positive() });

export async function sessionListRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const loggedIn = requireAccess(ctx, { tier: 'loggedIn' });

  r.get(ACCOUNTS_PATHS.sessions, { preValidation: loggedIn, schema: { response: { 200: SessionListSchema } } }, async (request, reply) => {
    const session = await requireSession(ctx, request);
    const rows = await pool.query<{ id: number; created_at: Date; last_seen_at: Date; expires_at: Date; user_agent: string | null; ip: string | null }>(
      `SELECT id, created_at, last_seen_at, expires_at, user_agent, ip FROM sessions
        WHERE customer_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY last_seen_at DESC`,
      [session.customer.id],
    );
    reply.header('cache-control', 'no-store');
    return {
      sessions: rows.rows.map((row) => ({
        id: row.id,
        current: row.id === session.sessionId,
        createdAt: row.created_at.getTime(),
        lastSeenAt: row.last_seen_at.getTime(),
        expiresAt: row.expires_at.getTime(),
        userAgent: row.user_agent,
        ip: row.ip,
      })),
    };
  });

  r.put(
    '/ajax/customer/sessions/:id/revoke',
    { preValidation: loggedIn, schema: { params: SessionParams, response: { 200: OkSchema } } },
    async (request) => {
      const session = await requireSession(ctx, request);
      if (!(await revokeOneSession(ctx, session.customer.id, request.params.id))) throw errors.notFound('登录设备不存在');
      return { ok: true as const };
    },
  );

  r.put(
    ACCOUNTS_PATHS.signOutOthers,
    { preValidation: loggedIn, schema: { response: { 200: SignOutOthersResponseSchema } } },
    async (request) => {
      const session = await requireSession(ctx, request);
      return { revoked: await revokeOtherSessions(ctx, session.customer.id, session.sessionId) };
    },
  );
}
