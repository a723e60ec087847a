// 沙箱故障: the configured gateway, and — when it is the sandbox — its fault controls, read and set
// through the adapter (`gatewayFor(config.payments).controls`). A real gateway has none: the page says
// so and a write is refused. Every change is audited with the faults before and after.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FINANCE_REPORTS_PATHS,
  SANDBOX_UNREACHABLE_MESSAGE,
  SandboxFaultsBodySchema,
  SandboxStateSchema,
  type SandboxState,
} from '../../../shared/backoffice/finance-reports.ts';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import type { SandboxFaults } from '../../../shared/payments/sandbox-faults.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { AppError, errors } from '../../http/errors.ts';
import type { PaymentGateway, SandboxControls } from '../../payments/gateway.ts';
import { withOperatorWrite } from '../core/api.ts';

const manage = { operator: { permission: 'finance.sandbox.manage' as const } };
const NO_CONTROLS_MESSAGE = '当前支付网关不是沙箱，没有故障控制';

const describe = (gateway: PaymentGateway) => ({ code: gateway.code, label: gateway.label, sandbox: gateway.sandbox });

/** Talks to the sandbox service: any failure to reach it is said in Chinese, never a 500. */
async function ask<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(503, ERROR_CODES.INTERNAL, SANDBOX_UNREACHABLE_MESSAGE);
  }
}

async function readFaults(controls: SandboxControls): Promise<SandboxFaults | null> {
  try {
    return await controls.getFaults();
  } catch {
    return null;
  }
}

export async function sandboxRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const path = `${BACKOFFICE_API}${FINANCE_REPORTS_PATHS.sandbox}`;
  // Resolved per request (the registry keeps one adapter per configuration) and loaded on first use:
  // the back office starts without the payment modules.
  const gateway = async () => (await import('../../payments/registry.ts')).gatewayFor(ctx.config.payments);

  r.get(path, { config: manage, schema: { response: { 200: SandboxStateSchema } } }, async (): Promise<SandboxState> => {
    const current = await gateway();
    if (!current.controls) return { gateway: describe(current), faults: null, reachable: true };
    const faults = await readFaults(current.controls);
    return { gateway: describe(current), faults, reachable: faults !== null };
  });

  r.put(path, { config: manage, schema: { body: SandboxFaultsBodySchema, response: { 200: SandboxStateSchema } } }, async (request): Promise<SandboxState> => {
    const current = await gateway();
    const controls = current.controls;
    if (!controls) throw errors.conflict(NO_CONTROLS_MESSAGE);
    const faults = await withOperatorWrite(ctx, request, async (_client, audit) => {
      // The audit row is written first: if the sandbox then refuses, it rolls back with the transaction.
      const before = await ask(() => controls.getFaults());
      await audit({ action: 'finance.sandbox.faults', targetType: 'payment_gateway', targetId: current.code, before, after: request.body });
      return ask(() => controls.setFaults(request.body));
    });
    return { gateway: describe(current), faults, reachable: true };
  });
}
