// Wallet calls of spec §7 that exist so far: the main-wallet balance.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BalanceSchema, WALLET_PATHS } from '../../shared/api/wallet.ts';
import type { ServerContext } from '../context.ts';
import { requireAccess, requireSession } from '../session/access.ts';
import { playerBalance } from './ledger.ts';

export async function walletRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    WALLET_PATHS.mainWalletBalance,
    {
      preHandler: requireAccess(ctx, { tier: 'loggedIn' }),
      schema: { response: { 200: BalanceSchema } },
    },
    async (request, reply) => {
      const session = await requireSession(ctx, request);
      reply.header('cache-control', 'no-store');
      return { balance: await playerBalance(ctx.database.pool, session.customer.id) };
    },
  );
}
