// The sandbox payment gateway service (decisions §10): merchant API, cashier page, notifications and
// fault controls, wired together on one Fastify instance. scripts/sandbox-gateway.ts runs it as its own
// process; nothing of it runs inside the platform.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Money } from '../../shared/money.ts';
import { SandboxFaultsSchema } from '../../shared/payments/sandbox-faults.ts';
import {
  CreatePaymentRequest,
  CreatePayoutRequest,
  SANDBOX_PATHS,
  SettleRequest,
  fromWireAmount,
  toWireAmount,
  type WirePayment,
  type WirePayout,
} from '../../server/payments/sandbox-protocol.ts';
import { SIGNATURE_HEADERS } from '../../server/payments/signing.ts';
import { RequestAuth } from './auth.ts';
import { cashierPage, notFoundPage } from './cashier-page.ts';
import type { SandboxSettings } from './config.ts';
import { FaultState } from './faults.ts';
import { Notifier } from './notifier.ts';
import { SandboxStore, type SandboxPayment, type SandboxPayout } from './store.ts';

export interface SandboxGateway {
  app: FastifyInstance;
  /** Listens; resolves with the base URL (the port is known only now when it was 0). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

const CASHIER_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createSandboxGateway(settings: SandboxSettings): SandboxGateway {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  const faults = new FaultState();
  const notifier = new Notifier(settings, faults);
  const auth = new RequestAuth(settings.merchantId, settings.secret);
  const reachableHost = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  let publicUrl = settings.publicUrl ?? `http://${reachableHost}:${settings.port}`;

  const wirePayment = (p: SandboxPayment): WirePayment => ({
    gatewayPaymentId: p.gatewayPaymentId,
    merchantOrderId: p.merchantOrderId,
    status: p.status,
    amount: toWireAmount(p.amount),
    paidAmount: p.paidAmount === null ? null : toWireAmount(p.paidAmount),
    currency: p.currency,
    cashierUrl: `${publicUrl}${SANDBOX_PATHS.cashier(p.gatewayPaymentId)}`,
    expiresAt: p.expiresAt.toISOString(),
  });
  const wirePayout = (p: SandboxPayout): WirePayout => ({
    gatewayPayoutId: p.gatewayPayoutId,
    merchantPayoutId: p.merchantPayoutId,
    status: p.status,
    amount: toWireAmount(p.amount),
    currency: p.currency,
    failureReason: p.failureReason,
  });

  const store = new SandboxStore((change) => {
    if (change.kind === 'payment') {
      notifier.notify(change.payment.notifyUrl, { type: 'payment', data: wirePayment(change.payment) });
    } else {
      notifier.notify(change.payout.notifyUrl, { type: 'payout', data: wirePayout(change.payout) });
    }
  });

  // Signatures cover the exact bytes: every body is kept as the raw string and parsed by the route.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const rawBody = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');
  const nonceOf = (request: FastifyRequest) => {
    const value = request.headers[SIGNATURE_HEADERS.nonce];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  const answer = (request: FastifyRequest, reply: FastifyReply, status: number, payload: unknown) => {
    const body = JSON.stringify(payload);
    return reply.code(status).headers(auth.responseHeaders(status, nonceOf(request), body)).type('application/json').send(body);
  };
  const fail = (request: FastifyRequest, reply: FastifyReply, status: number, code: string, message: string) =>
    answer(request, reply, status, { code, message });
  const parseJson = (request: FastifyRequest): unknown => {
    try {
      return JSON.parse(rawBody(request));
    } catch {
      return undefined;
    }
  };

  app.get(SANDBOX_PATHS.health, async () => ({ ok: true, sandbox: true }));

  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const failure = auth.verify(request.method, request.url, rawBody(request), request.headers);
    if (failure) return fail(request, reply, 401, failure.code, failure.message);
    if (request.url.startsWith('/api/control/')) return;
    if (faults.get().down) return fail(request, reply, 503, 'UNAVAILABLE', '沙箱网关维护中（模拟故障）');
  });

  // delayMs: the request is processed at once, its answer comes late (a slow gateway, not a lost request).
  app.addHook('onSend', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/control/')) return;
    const { delayMs } = faults.get();
    if (delayMs > 0) await sleep(delayMs);
  });

  // Merchant API: payments.
  app.post(SANDBOX_PATHS.payments, async (request, reply) => {
    const parsed = CreatePaymentRequest.safeParse(parseJson(request));
    if (!parsed.success) return fail(request, reply, 400, 'BAD_REQUEST', `请求参数有误: ${parsed.error.issues[0]?.path.join('.')}`);
    const input = parsed.data;
    const payment = store.createPayment({
      merchantOrderId: input.merchantOrderId,
      amount: fromWireAmount(input.amount),
      currency: input.currency,
      channel: input.channel,
      notifyUrl: input.notifyUrl,
      returnUrl: input.returnUrl,
      expiresAt: new Date(input.expiresAt),
    });
    if (!payment) return fail(request, reply, 409, 'DUPLICATE_ORDER', '商户订单号已存在');
    return answer(request, reply, 201, wirePayment(payment));
  });

  app.get<{ Params: { merchantOrderId: string } }>('/api/payments/:merchantOrderId', async (request, reply) => {
    const payment = store.paymentByOrder(request.params.merchantOrderId);
    if (!payment) return fail(request, reply, 404, 'NOT_FOUND', '订单不存在');
    return answer(request, reply, 200, wirePayment(payment));
  });

  // Merchant API: payouts. With the payoutTimeout fault the work is done, but the answer comes late.
  const holdIfTimingOut = async () => {
    if (faults.get().payoutTimeout) await sleep(settings.payoutHoldMs);
  };

  app.post(SANDBOX_PATHS.payouts, async (request, reply) => {
    const parsed = CreatePayoutRequest.safeParse(parseJson(request));
    if (!parsed.success) return fail(request, reply, 400, 'BAD_REQUEST', `请求参数有误: ${parsed.error.issues[0]?.path.join('.')}`);
    const { merchantPayoutId, amount, currency, notifyUrl, ...destination } = parsed.data;
    const { payout } = store.createPayout(
      { merchantPayoutId, amount: fromWireAmount(amount), currency, notifyUrl, destination, outcome: faults.get().payoutOutcome },
      settings.payoutDelayMs,
    );
    const snapshot = wirePayout(payout);
    await holdIfTimingOut();
    return answer(request, reply, 200, snapshot);
  });

  app.get<{ Params: { merchantPayoutId: string } }>('/api/payouts/:merchantPayoutId', async (request, reply) => {
    await holdIfTimingOut();
    const payout = store.payout(request.params.merchantPayoutId);
    if (!payout) return fail(request, reply, 404, 'NOT_FOUND', '代付单不存在');
    return answer(request, reply, 200, wirePayout(payout));
  });

  // Control API (signed like the merchant API; never subject to the faults it controls).
  app.get(SANDBOX_PATHS.faults, async (request, reply) => answer(request, reply, 200, faults.get()));

  app.put(SANDBOX_PATHS.faults, async (request, reply) => {
    const parsed = SandboxFaultsSchema.partial().strict().safeParse(parseJson(request));
    if (!parsed.success) return fail(request, reply, 400, 'BAD_REQUEST', `故障参数有误: ${parsed.error.issues[0]?.path.join('.')}`);
    return answer(request, reply, 200, faults.patch(parsed.data));
  });

  app.get(SANDBOX_PATHS.notifications, async (request, reply) =>
    answer(request, reply, 200, { ...notifier.stats(), scheduledPayouts: store.scheduledPayouts() }),
  );

  const settle = (payment: SandboxPayment, outcome: 'PAID' | 'DECLINED', late: boolean, paidAmount?: Money) =>
    store.settlePayment(payment, outcome, paidAmount ?? payment.amount + faults.get().paidAmountOffset, late);

  app.post<{ Params: { gatewayPaymentId: string } }>('/api/control/payments/:gatewayPaymentId/settle', async (request, reply) => {
    const parsed = SettleRequest.safeParse(parseJson(request));
    if (!parsed.success) return fail(request, reply, 400, 'BAD_REQUEST', '结算参数有误');
    const payment = store.paymentById(request.params.gatewayPaymentId);
    if (!payment) return fail(request, reply, 404, 'NOT_FOUND', '订单不存在');
    const { outcome, late, paidAmount } = parsed.data;
    if (!settle(payment, outcome, late, paidAmount === undefined ? undefined : fromWireAmount(paidAmount))) {
      return fail(request, reply, 409, 'NOT_PENDING', `订单状态为 ${payment.status}，不能再支付`);
    }
    return answer(request, reply, 200, wirePayment(payment));
  });

  // The cashier (what the payer sees).
  app.get<{ Params: { id: string } }>('/cashier/:id', async (request, reply) => {
    const payment = store.paymentById(request.params.id);
    reply.header('content-security-policy', CASHIER_CSP).header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!payment) return reply.code(404).send(notFoundPage());
    return reply.send(cashierPage(payment, settings.merchantName, SANDBOX_PATHS.cashier(payment.gatewayPaymentId)));
  });

  const cashierAction = (outcome: 'PAID' | 'DECLINED') => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const payment = store.paymentById(request.params.id);
    if (!payment) return reply.code(404).header('content-security-policy', CASHIER_CSP).type('text/html; charset=utf-8').send(notFoundPage());
    // Refused (expired, already decided): back to the page, which says why.
    if (!settle(payment, outcome, false)) return reply.redirect(SANDBOX_PATHS.cashier(payment.gatewayPaymentId), 303);
    return reply.redirect(payment.returnUrl, 303);
  };
  app.post('/cashier/:id/pay', cashierAction('PAID'));
  app.post('/cashier/:id/decline', cashierAction('DECLINED'));

  return {
    app,
    async listen() {
      const address = await app.listen({ host: settings.host, port: settings.port });
      if (!settings.publicUrl) {
        const port = new URL(address).port;
        publicUrl = `http://${reachableHost}:${port}`;
      }
      return publicUrl;
    },
    async close() {
      notifier.close();
      store.close();
      await app.close();
    },
  };
}
