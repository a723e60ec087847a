// The statement of the main wallet (`GET /ajax/wallet/transactions`), for every logged-in customer:
// trial accounts read theirs too (spec §6 forbids them money movements, not records).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TransactionListQuerySchema, TransactionListSchema, WALLET_PATHS } from '../../../shared/api/wallet.ts';
import type { ServerContext } from '../../context.ts';
import { requireAccess, requireSession } from '../../session/access.ts';
import { listTransactions } from './transactions.ts';

export async function statementRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    WALLET_PATHS.transactions,
    {
      preHandler: requireAccess(ctx, { tier: 'loggedIn' }),
      schema: { querystring: TransactionListQuerySchema, response: { 200: TransactionListSchema } },
    },
    async (request, reply) => {
      const session = await requireSession(ctx, request);
      reply.header('cache-control', 'no-store');
      return listTransactions(ctx.database.pool, session.customer.id, request.query);
    },
  );
}
