// Wallet calls of spec §7: the main-wallet balance, the total balance (main wallet plus third-party
// wallets — none until the provider issue adds them), and the required stake with its refresh.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BalanceSchema, RequiredStakeSchema, TotalBalanceSchema, WALLET_PATHS } from '../../shared/api/wallet.ts';
import type { ServerContext } from '../context.ts';
import { requireAccess, requireSession } from '../session/access.ts';
import { playerBalance } from './ledger.ts';
import { readRequiredStake, saveRequiredStakeCount } from './statements/required-stake-view.ts';

export async function walletRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const loggedIn = requireAccess(ctx, { tier: 'loggedIn' });
  const pool = ctx.database.pool;

  r.get(WALLET_PATHS.mainWalletBalance, { preHandler: loggedIn, schema: { response: { 200: BalanceSchema } } }, async (request, reply) => {
    const session = await requireSession(ctx, request);
    reply.header('cache-control', 'no-store');
    return { balance: await playerBalance(pool, session.customer.id) };
  });

  r.get(WALLET_PATHS.totalBalance, { preHandler: loggedIn, schema: { response: { 200: TotalBalanceSchema } } }, async (request, reply) => {
    const session = await requireSession(ctx, request);
    reply.header('cache-control', 'no-store');
    const mainWallet = await playerBalance(pool, session.customer.id);
    // Third-party wallets arrive with the provider issue; their balances are added to the total here.
    return { total: mainWallet, mainWallet, thirdParty: [] };
  });

  r.get(WALLET_PATHS.requiredStake, { preHandler: loggedIn, schema: { response: { 200: RequiredStakeSchema } } }, async (request, reply) => {
    const session = await requireSession(ctx, request);
    reply.header('cache-control', 'no-store');
    return readRequiredStake(pool, session.customer.id);
  });

  r.put(
    WALLET_PATHS.requiredStakeRefresh,
    { preHandler: loggedIn, schema: { body: z.unknown().optional(), response: { 200: RequiredStakeSchema } } },
    async (request) => {
      const session = await requireSession(ctx, request);
      return saveRequiredStakeCount(pool, session.customer.id);
    },
  );
}
