// Wallet calls of spec §7: the main-wallet balance, the total balance (main wallet plus third-party
// wallets as last confirmed by each provider), and the required stake with its refresh.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BalanceSchema, RequiredStakeSchema, TotalBalanceSchema, WALLET_PATHS } from '../../shared/api/wallet.ts';
import type { ServerContext } from '../context.ts';
import { requireAccess, requireSession } from '../session/access.ts';
import { listWallets } from '../providers/wallets.ts';
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
    // The provider wallets the player has, as last confirmed, each with when and whether it is fresh (docs/providers/server.md);
    // the PWA refreshes one through POST /ajax/wallet/third-party/{provider}/refresh.
    const thirdParty = await listWallets(pool, session.customer.id, { usedOnly: true });
    return { total: mainWallet + thirdParty.reduce((sum, w) => sum + w.balance, 0), mainWallet, thirdParty };
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
