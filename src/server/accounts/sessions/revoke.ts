// Ending sessions: in the database, and their live streams in every process (ctx.events.closeSession).
import type { ServerContext } from '../../context.ts';

/** Revokes every active session of the customer except `keepSessionId`; returns how many. */
export async function revokeOtherSessions(ctx: ServerContext, customerId: number, keepSessionId: number | null): Promise<number> {
  const revoked = await ctx.database.pool.query<{ id: number }>(
    `UPDATE sessions SET revoked_at = now()
      WHERE customer_id = $1 AND id IS DISTINCT FROM $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
    [customerId, keepSessionId],
  );
  for (const { id } of revoked.rows) await ctx.events.closeSession(customerId, id);
  return revoked.rowCount ?? 0;
}

export async function revokeOneSession(ctx: ServerContext, customerId: number, sessionId: number): Promise<boolean> {
  const revoked = await ctx.database.pool.query(
    'UPDATE sessions SET revoked_at = now() WHERE id = $1 AND customer_id = $2 AND revoked_at IS NULL RETURNING id',
    [sessionId, customerId],
  );
  if ((revoked.rowCount ?? 0) === 0) return false;
  await ctx.events.closeSession(customerId, sessionId);
  return true;
}
