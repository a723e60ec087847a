// The built-in adapter: the sandbox gateway service (src/sandbox/gateway), reached over HTTP with the
// signed protocol of docs/wallet/gateway.md. Every answer the platform acts on (success or "unknown")
// must carry a valid signature bound to the request; anything else is treated as an error.
import type { z } from 'zod';
import type { Money } from '../../shared/money.ts';
import { SandboxFaultsSchema, type SandboxFaults } from '../../shared/payments/sandbox-faults.ts';
import {
  BadNotificationError,
  GatewayInDoubtError,
  GatewayUnavailableError,
  type CreatedPayment,
  type CreatePaymentInput,
  type CreatePayoutInput,
  type GatewayNotification,
  type NotificationAck,
  type PaymentGateway,
  type PaymentState,
  type PayoutState,
  type SandboxControls,
} from './gateway.ts';
import {
  ACK_BODY,
  NotificationStats,
  SANDBOX_PATHS,
  WireNotification,
  WirePayment,
  WirePayout,
  fromWireAmount,
  toWireAmount,
} from './sandbox-protocol.ts';
import { NOTIFY_PURPOSE, requestPurpose, responsePurpose, signHeaders, SIGNATURE_HEADERS, verifySigned } from './signing.ts';
import { exchange, statusError } from './transport.ts';

export interface SandboxAdapterOptions {
  gatewayUrl: string;
  merchantId: string;
  secret: string;
  timeoutMs: number;
}

type Kind = 'create' | 'query';

export function paymentStateFromWire(wire: WirePayment): PaymentState {
  return {
    gatewayPaymentId: wire.gatewayPaymentId,
    merchantOrderId: wire.merchantOrderId,
    status: wire.status,
    paidAmount: wire.paidAmount === null ? null : fromWireAmount(wire.paidAmount),
    currency: wire.currency,
  };
}

export function payoutStateFromWire(wire: WirePayout): PayoutState {
  return {
    gatewayPayoutId: wire.gatewayPayoutId,
    merchantPayoutId: wire.merchantPayoutId,
    status: wire.status,
    amount: fromWireAmount(wire.amount),
    currency: wire.currency,
    failureReason: wire.failureReason,
  };
}

export class SandboxGatewayAdapter implements PaymentGateway {
  readonly code = 'sandbox';
  readonly label = '沙箱支付';
  readonly sandbox = true;
  /** The sandbox protocol carries 元 with up to 4 decimals. */
  readonly amountStep: Money = 1;
  readonly controls: SandboxControls = {
    getFaults: () => this.call('GET', SANDBOX_PATHS.faults, undefined, 'query', SandboxFaultsSchema).then((r) => r.data!),
    setFaults: (faults) => this.patchFaults(faults),
  };

  constructor(private readonly options: SandboxAdapterOptions) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const { data } = await this.call(
      'POST',
      SANDBOX_PATHS.payments,
      {
        merchantOrderId: input.merchantOrderId,
        amount: toWireAmount(input.amount),
        currency: input.currency,
        channel: input.method,
        notifyUrl: input.notifyUrl,
        returnUrl: input.returnUrl,
        expiresAt: input.expiresAt.toISOString(),
      },
      'create',
      WirePayment,
    );
    return { gatewayPaymentId: data!.gatewayPaymentId, cashierUrl: data!.cashierUrl };
  }

  async queryPayment(merchantOrderId: string): Promise<PaymentState | null> {
    const { data } = await this.call('GET', SANDBOX_PATHS.payment(merchantOrderId), undefined, 'query', WirePayment, true);
    return data ? paymentStateFromWire(data) : null;
  }

  async createPayout(input: CreatePayoutInput): Promise<PayoutState> {
    const { data } = await this.call(
      'POST',
      SANDBOX_PATHS.payouts,
      {
        merchantPayoutId: input.merchantPayoutId,
        amount: toWireAmount(input.amount),
        currency: input.currency,
        destinationKind: input.destination.kind,
        channel: input.destination.channel,
        account: input.destination.account,
        holderName: input.destination.holderName,
        branch: input.destination.branch,
        notifyUrl: input.notifyUrl,
      },
      'create',
      WirePayout,
    );
    return payoutStateFromWire(data!);
  }

  async queryPayout(merchantPayoutId: string): Promise<PayoutState | null> {
    const { data } = await this.call('GET', SANDBOX_PATHS.payout(merchantPayoutId), undefined, 'query', WirePayout, true);
    return data ? payoutStateFromWire(data) : null;
  }

  verifyNotification(rawBody: string, headers: Readonly<Record<string, string | string[] | undefined>>): GatewayNotification {
    const check = verifySigned(this.options.secret, this.options.merchantId, NOTIFY_PURPOSE, rawBody, headers);
    if (check.problem !== null) throw new BadNotificationError(`通知签名校验失败（${check.problem}）`);
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new BadNotificationError('通知内容不是 JSON');
    }
    const parsed = WireNotification.safeParse(json);
    if (!parsed.success) throw new BadNotificationError('通知内容格式有误');
    const n = parsed.data;
    return n.type === 'payment'
      ? { kind: 'payment', notificationId: n.notificationId, state: paymentStateFromWire(n.data) }
      : { kind: 'payout', notificationId: n.notificationId, state: payoutStateFromWire(n.data) };
  }

  acknowledge(): NotificationAck {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: ACK_BODY };
  }

  // Sandbox-only helpers beyond the PaymentGateway contract (tests, back office): the payer's decision
  // without a browser, and the notification queue's counters.

  async settlePayment(gatewayPaymentId: string, options: { outcome: 'PAID' | 'DECLINED'; late?: boolean; paidAmount?: Money }): Promise<PaymentState> {
    const body = {
      outcome: options.outcome,
      late: options.late ?? false,
      ...(options.paidAmount === undefined ? {} : { paidAmount: toWireAmount(options.paidAmount) }),
    };
    const { data } = await this.call('POST', SANDBOX_PATHS.settle(gatewayPaymentId), body, 'create', WirePayment);
    return paymentStateFromWire(data!);
  }

  async notificationStats(): Promise<NotificationStats> {
    const { data } = await this.call('GET', SANDBOX_PATHS.notifications, undefined, 'query', NotificationStats);
    return data!;
  }

  private async patchFaults(change: Partial<SandboxFaults>): Promise<SandboxFaults> {
    const { data } = await this.call('PUT', SANDBOX_PATHS.faults, change, 'create', SandboxFaultsSchema);
    return data!;
  }

  /** A signed exchange; `data` is null only for a signed 404 when `notFoundIsNull`. */
  private async call<T extends z.ZodType>(
    method: string,
    path: string,
    payload: unknown,
    kind: Kind,
    schema: T,
    notFoundIsNull = false,
  ): Promise<{ data: z.infer<T> | null }> {
    const what = `${method} ${path}`;
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers = signHeaders(this.options.secret, this.options.merchantId, requestPurpose(method, path), body);
    if (body) headers['content-type'] = 'application/json';
    const response = await exchange(`${this.options.gatewayUrl}${path}`, { method, headers, ...(body ? { body } : {}) }, this.options.timeoutMs, what);

    const trusted = response.status >= 200 && response.status < 300 || (response.status === 404 && notFoundIsNull);
    const createsUnderOurReference = method === 'POST' && (path === SANDBOX_PATHS.payments || path === SANDBOX_PATHS.payouts);
    if (!trusted) throw statusError(response.status, what, errorMessage(response.body), createsUnderOurReference);

    const untrustworthy = (reason: string) =>
      kind === 'create' ? new GatewayInDoubtError(`${what}: ${reason}`) : new GatewayUnavailableError(`${what}: ${reason}`);
    const nonce = headers[SIGNATURE_HEADERS.nonce]!;
    const check = verifySigned(this.options.secret, this.options.merchantId, responsePurpose(response.status, nonce), response.body, response.headers);
    if (check.problem !== null) throw untrustworthy(`支付网关应答的签名无效（${check.problem}）`);
    if (response.status === 404) return { data: null };
    let json: unknown;
    try {
      json = JSON.parse(response.body);
    } catch {
      throw untrustworthy('支付网关应答不是 JSON');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw untrustworthy('支付网关应答格式有误');
    return { data: parsed.data };
  }
}

function errorMessage(body: string): string {
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === 'string' ? message : '';
  } catch {
    return '';
  }
}
