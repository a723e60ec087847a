// The deposit guard as a rule of the path, like the trial restrictions: every state-changing request
// under a deposit prefix passes assertMayDeposit before its route runs, so a deposit endpoint added
// later cannot forget the cooling-off, self-exclusion or a reached deposit limit. The amount check
// (what this deposit would add) still belongs to the endpoint, inside its own transaction.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { withTransaction } from '../db/pool.ts';
import { requestPath, sessionOf, STATE_CHANGING } from '../session/access.ts';
import { SESSION_COOKIE } from '../session/tokens.ts';
import { assertMayDeposit } from './guards.ts';

/** Where deposit endpoints live (the same prefixes the trial rule closes as 充值). */
export const DEPOSIT_PREFIXES: readonly string[] = ['/ajax/wallet/deposit', '/ajax/deposit'];


export function isDepositRequest(method: string, url: string): boolean {
  if (!(STATE_CHANGING as readonly string[]).includes(method)) return false;
  const path = requestPath(url);
  return DEPOSIT_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Registers the guard on the root instance, before routing (anonymous requests are the route's business). */
export function registerDepositGuard(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook('onRequest', async (request) => {
    if (!isDepositRequest(request.method, request.url)) return;
    if (!request.cookies[SESSION_COOKIE]) return;
    const session = await sessionOf(ctx, request);
    if (!session) return;
    await withTransaction(ctx.database.pool, (client) => assertMayDeposit(client, session.customer.id));
  });
}
