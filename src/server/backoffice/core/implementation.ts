// The implementation of api.ts's functions: the operator of a request, the one way an operator
// writes (a transaction that commits with its audit rows or not at all), and approvals.
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { ServerContext } from '../../context.ts';
import { withTransaction } from '../../db/pool.ts';
import type { Audit, AuditEntry } from './api.ts';
import { operatorOf } from './access.ts';
import { insertAuditRows } from './audit.ts';

export { operatorOf } from './access.ts';
export { registerApprovalKind, requestApproval } from './approvals.ts';

/**
 * Runs `work` in one transaction for the request's operator. The audit rows it records are written
 * at the end of that transaction (the chain's lock is then held only for the commit); a write that
 * records none is refused as a programming error, so no operator write goes unrecorded.
 */
export async function withOperatorWrite<T>(
  ctx: ServerContext,
  request: FastifyRequest,
  work: (client: pg.PoolClient, audit: Audit) => Promise<T>,
): Promise<T> {
  const operator = operatorOf(request);
  return withTransaction(ctx.database.pool, async (client) => {
    const entries: AuditEntry[] = [];
    const audit: Audit = async (entry) => {
      entries.push(entry);
    };
    const result = await work(client, audit);
    if (entries.length === 0) throw new Error('withOperatorWrite: the write recorded no audit row');
    await insertAuditRows(client, { id: operator.id, username: operator.username, role: operator.role, ip: operator.ip }, entries);
    return result;
  });
}
