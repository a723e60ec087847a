// The player's payout accounts and withdrawals (issue 17 items 3 and 4), and the payout loop's life:
// started when the app is ready, stopped before it closes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BindPayoutAccountSchema,
  HistoryQuerySchema,
  PayoutAccountListSchema,
  PayoutAccountSchema,
  WITHDRAWAL_PATHS,
  WithdrawalConfigSchema,
  WithdrawalHistorySchema,
  WithdrawalRequestSchema,
  WithdrawalSchema,
} from '../../../shared/api/withdrawals.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import { gatewayFor } from '../../payments/registry.ts';
import { requireSession, type AccessRule } from '../../session/access.ts';
import { autoAudit } from './auto-audit.ts';
import { cancelWithdrawal } from './cancel.ts';
import { confirmMoneyPassword } from './money-password.ts';
import { PayoutLoop } from './payout-loop.ts';
import { bindPayoutAccount, listPayoutAccounts } from './payout-accounts.ts';
import { publishLater } from './publish.ts';
import { requestWithdrawal } from './request.ts';
import { playerWithdrawal, withdrawalConfig, withdrawalHistory } from './views.ts';

const loops = new WeakMap<ServerContext, PayoutLoop>();

/** The running payout loop of an app (to nudge it after a request is passed for payout). */
export function payoutLoopOf(ctx: ServerContext): PayoutLoop | undefined {
  return loops.get(ctx);
}

const IdParamsSchema = z.object({
  id: z.coerce.number({ error: '提现单不存在' }).int({ error: '提现单不存在' }).min(1, { error: '提现单不存在' }).max(Number.MAX_SAFE_INTEGER, { error: '提现单不存在' }),
});

export async function withdrawalRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const loggedIn: AccessRule = { tier: 'loggedIn' };
  const bind: AccessRule = { tier: 'nonTrial', operation: '绑卡' };
  const withdraw: AccessRule = { tier: 'nonTrial', operation: '提现' };
  const history: AccessRule = { tier: 'nonTrial', operation: '查看提现记录' };

  const loop = new PayoutLoop(ctx, app.log);
  loops.set(ctx, loop);
  // Payouts run in the one process holding the lease (another process's nudge is a no-op there). A
  // process configured without the loop does not compete for the lease.
  if (ctx.config.withdrawals.payoutIntervalMs > 0) app.addHook('onReady', async () => ctx.singletons.role('withdrawals.payouts', loop));
  app.addHook('preClose', () => loop.stop());

  const customerOf = async (request: Parameters<typeof requireSession>[1]) => (await requireSession(ctx, request)).customer.id;

  r.get(WITHDRAWAL_PATHS.payoutAccounts, { config: { access: loggedIn }, schema: { response: { 200: PayoutAccountListSchema } } }, async (request) =>
    listPayoutAccounts(pool, await customerOf(request)),
  );

  r.post(
    WITHDRAWAL_PATHS.payoutAccounts,
    { config: { access: bind }, schema: { body: BindPayoutAccountSchema, response: { 200: PayoutAccountSchema } } },
    async (request) => {
      const customerId = await customerOf(request);
      await confirmMoneyPassword(pool, customerId, request.body.moneyPassword);
      return bindPayoutAccount(pool, customerId, request.body);
    },
  );

  r.get(WITHDRAWAL_PATHS.withdrawalConfig, { config: { access: loggedIn }, schema: { response: { 200: WithdrawalConfigSchema } } }, async (request) =>
    withdrawalConfig(pool, await customerOf(request), gatewayFor(ctx.config.payments).amountStep),
  );

  r.post(
    WITHDRAWAL_PATHS.withdrawal,
    { config: { access: withdraw }, schema: { body: WithdrawalRequestSchema, response: { 200: WithdrawalSchema } } },
    async (request) => {
      const customerId = await customerOf(request);
      // The net amount is made a multiple of what the payout gateway can carry (whole 分 for one counting in 分).
      const requested = await requestWithdrawal(pool, customerId, request.body, { amountStep: gatewayFor(ctx.config.payments).amountStep });
      if (!requested.replayed) {
        publishLater(ctx, requested.row);
        const audited = await autoAudit(pool, requested.row.id);
        if (audited) publishLater(ctx, audited);
        if (audited?.status === 'SUBMITTED') loop.nudge();
      }
      const view = await playerWithdrawal(pool, customerId, requested.row.id);
      if (!view) throw errors.notFound('提现单不存在');
      return view;
    },
  );

  r.post(
    WITHDRAWAL_PATHS.withdrawalCancel(':id'),
    { config: { access: withdraw }, schema: { params: IdParamsSchema, response: { 200: WithdrawalSchema } } },
    async (request) => {
      const customerId = await customerOf(request);
      const cancelled = await cancelWithdrawal(pool, customerId, request.params.id);
      publishLater(ctx, cancelled);
      return (await playerWithdrawal(pool, customerId, cancelled.id))!;
    },
  );

  r.get(
    WITHDRAWAL_PATHS.withdrawalHistory,
    { config: { access: history }, schema: { querystring: HistoryQuerySchema, response: { 200: WithdrawalHistorySchema } } },
    async (request) => withdrawalHistory(pool, await customerOf(request), request.query),
  );
}
