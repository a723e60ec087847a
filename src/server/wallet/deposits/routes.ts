// The player's deposit calls (issue 17 item 2): methods, creating a deposit (under /ajax/wallet/deposit,
// so the trial rule and the deposit guard apply before the route runs), one deposit and the history.
// Also runs the expiry loop of this process.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateDepositSchema,
  DEPOSIT_PATHS,
  DepositHistoryQuerySchema,
  DepositHistorySchema,
  DepositMethodListSchema,
  DepositSchema,
} from '../../../shared/api/deposits.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import { gatewayFor } from '../../payments/registry.ts';
import { requireSession } from '../../session/access.ts';
import { createDeposit } from './create.ts';
import { startDepositExpiryLoop } from './expiry.ts';
import { listMethods, methodView } from './methods.ts';

import { customerDeposit, DEPOSIT_NOT_FOUND, depositHistory, depositView, depositWithMethod } from './views.ts';

const IdParams = z.object({ id: z.coerce.number({ error: DEPOSIT_NOT_FOUND }).int({ error: DEPOSIT_NOT_FOUND }).min(1, DEPOSIT_NOT_FOUND).max(Number.MAX_SAFE_INTEGER, DEPOSIT_NOT_FOUND) });

/** Whether deposits through this gateway code are sandbox ones (沙箱: no real money). */
export function sandboxCheck(gateway: () => PaymentGateway): (code: string | null) => boolean {
  return (code) => {
    if (code === null) return false;
    try {
      const current = gateway();
      return current.code === code ? current.sandbox : code === 'sandbox';
    } catch {
      return code === 'sandbox';
    }
  };
}

export async function depositRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const gateway = () => gatewayFor(ctx.config.payments);
  const isSandbox = sandboxCheck(gateway);
  const settings = ctx.config.deposits;

  if (ctx.config.env !== 'test') {
    let loop: { stop(): Promise<void> } | null = null;
    app.addHook('onReady', async () => {
      loop = startDepositExpiryLoop(ctx, gateway, settings.expiryIntervalMs, app.log);
    });
    app.addHook('preClose', async () => {
      await loop?.stop();
    });
  }

  r.get(
    DEPOSIT_PATHS.methods,
    { config: { access: { tier: 'loggedIn' } }, schema: { response: { 200: DepositMethodListSchema } } },
    async () => {
      const methods = await listMethods(pool, { enabledOnly: true });
      let sandbox = false;
      let step = 1;
      try {
        sandbox = gateway().sandbox;
        step = gateway().amountStep;
      } catch {
        sandbox = false;
      }
      return { methods: methods.map((method) => methodView(method, step)), sandbox };
    },
  );

  r.post(
    DEPOSIT_PATHS.deposit,
    { config: { access: { tier: 'nonTrial', operation: '充值' } }, schema: { body: CreateDepositSchema, response: { 200: DepositSchema } } },
    async (request) => {
      const session = await requireSession(ctx, request);
      const created = await createDeposit(ctx, gateway, settings, session.customer.id, request.body, request.log);
      const row = await depositWithMethod(pool, created.deposit.id);
      if (!row) throw errors.notFound(DEPOSIT_NOT_FOUND);
      return depositView(row, isSandbox);
    },
  );

  r.get(
    DEPOSIT_PATHS.history,
    { config: { access: { tier: 'nonTrial', operation: '查看充值记录' } }, schema: { querystring: DepositHistoryQuerySchema, response: { 200: DepositHistorySchema } } },
    async (request) => {
      const session = await requireSession(ctx, request);
      return depositHistory(pool, session.customer.id, request.query, isSandbox);
    },
  );

  r.get(
    '/ajax/wallet/deposit/:id',
    { config: { access: { tier: 'nonTrial', operation: '查看充值记录' } }, schema: { params: IdParams, response: { 200: DepositSchema } } },
    async (request) => {
      const session = await requireSession(ctx, request);
      return depositView(await customerDeposit(pool, session.customer.id, request.params.id), isSandbox);
    },
  );
}
