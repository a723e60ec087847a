// customerUpdatedMessage (spec §3.3): told to every upline agent of a member — each agent's contact
// list shows its whole team — when the member is created (registration link or 手动开户) and when it
// logs in or out. Called after the change committed and awaited, so the event is in the outbox before
// the answer leaves (tests and replays see one order); it never throws — a lost event costs a dot.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { LiveEvent } from './events.ts';

/** The upline agents of a non-trial customer, and its name. */
async function uplineOf(ctx: ServerContext, customerId: number): Promise<{ name: string; agentIds: number[] } | null> {
  const found = await ctx.database.pool.query<{ username: string; agent_ids: string[] }>(
    `SELECT c.username, array(SELECT t.ancestor_id FROM customer_tree t WHERE t.descendant_id = c.id AND t.depth > 0 ORDER BY t.depth) AS agent_ids
       FROM customers c WHERE c.id = $1 AND c.test_mode IS NULL`,
    [customerId],
  );
  const row = found.rows[0];
  return row ? { name: row.username, agentIds: row.agent_ids.map(Number) } : null;
}

/** Whether any session of the customer is still live (another device may still be logged in). */
async function hasLiveSession(ctx: ServerContext, customerId: number): Promise<boolean> {
  const found = await ctx.database.pool.query(
    'SELECT 1 FROM sessions WHERE customer_id = $1 AND revoked_at IS NULL AND expires_at > now() LIMIT 1',
    [customerId],
  );
  return (found.rowCount ?? 0) > 0;
}

async function announce(ctx: ServerContext, customerId: number, change: { isNewCustomer: boolean; online?: boolean }): Promise<void> {
  const upline = await uplineOf(ctx, customerId);
  if (!upline || upline.agentIds.length === 0) return;
  const online = change.online ?? (await hasLiveSession(ctx, customerId));
  const payload = { isNewCustomer: change.isNewCustomer, online, customerId, name: upline.name };
  const events: LiveEvent<'customerUpdatedMessage'>[] = upline.agentIds.map((agentId) => ({
    customerId: agentId,
    type: 'customerUpdatedMessage',
    payload,
  }));
  await ctx.events.publish(events);
}

function quietly(work: Promise<void>, log?: FastifyBaseLogger): Promise<void> {
  return work.catch((error: unknown) => log?.warn({ err: error }, 'customerUpdatedMessage not published'));
}

/** A customer was created below an agent (registration link or 手动开户). */
export function announceNewCustomer(ctx: ServerContext, customerId: number, log?: FastifyBaseLogger): Promise<void> {
  return quietly(announce(ctx, customerId, { isNewCustomer: true, online: false }), log);
}

/** A customer logged in (true) or out (false: offline unless another of its sessions is still live). */
export function announcePresence(ctx: ServerContext, customerId: number, loggedIn: boolean, log?: FastifyBaseLogger): Promise<void> {
  return quietly(announce(ctx, customerId, loggedIn ? { isNewCustomer: false, online: true } : { isNewCustomer: false }), log);
}
