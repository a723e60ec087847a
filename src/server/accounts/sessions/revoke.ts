// Ending sessions: in the database, and their live streams in every process (ctx.events.closeSession).
import type pg from 'pg';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/pool.ts';

/** Revokes every active session of the customer except `keepSessionId`; returns how many. */
export async function revokeOtherSessions(ctx: ServerContext, customerId: number, keepSessionId: number | null): Promise<number> {
  const revoked = await endOtherSessions(ctx.database.pool, customerId, keepSessionId);
  await closeSessionStreams(ctx, customerId, revoked);
  return revoked.length;
}

/**
 * Ends every active session of the customer except `keepSessionId` in the database; returns their ids
 * (for closeSessionStreams once the transaction committed).
 */
export async function endOtherSessions(db: Queryable, customerId: number, keepSessionId: number | null): Promise<number[]> {
  const revoked = await db.query<{ id: number }>(
    `UPDATE sessions SET revoked_at = now()
      WHERE customer_id = $1 AND id IS DISTINCT FROM $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
    [customerId, keepSessionId],
  );
  return revoked.rows.map((row) => row.id);
}

/**
 * A new login password that ends the customer's other sessions (ASVS 7.4.3), inside the caller's
 * transaction: the customer row stays locked by the UPDATE until commit, so a login checked against
 * the old password (its session insert reads the row FOR SHARE and compares the hash) either
 * committed first and is ended here, or waits and then makes no session. Returns the ended sessions'
 * ids for closeSessionStreams after the commit.
 */
export async function setLoginPassword(client: pg.PoolClient, customerId: number, passwordHash: string, keepSessionId: number | null): Promise<number[]> {
  await client.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [customerId, passwordHash]);
  return endOtherSessions(client, customerId, keepSessionId);
}

/** Closes the live streams of sessions ended in the database, in every process. */
export async function closeSessionStreams(ctx: ServerContext, customerId: number, sessionIds: readonly number[]): Promise<void> {
  for (const id of sessionIds) await ctx.events.closeSession(customerId, id);
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
