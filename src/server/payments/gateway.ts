// The payment-gateway adapter (decisions §10): everything the wallet asks of a gateway. The built-in
// implementation talks to the sandbox gateway service (src/sandbox/gateway, its own process); the
// configurable HTTP adapter talks to a real one. Both speak HTTP with signed requests and verify the
// signature of every notification; the wallet never sees the wire format.
//
// Errors tell the caller what it may conclude:
//   GatewayUnavailableError — the request certainly did not take effect (refused connection, 5xx
//     before acceptance, 4xx but a 409 to a create): nothing was created, the caller may fail the operation.
//   GatewayInDoubtError — it may or may not have taken effect (time-out, connection lost after
//     sending): the caller must resolve it later by querying, never by guessing.
//   GatewayRefusedError — the adapter refused the request before sending anything, and would refuse it
//     every time (an amount the gateway cannot express): nothing was created and a retry cannot help —
//     the caller fails the operation at once with that reason (never as "unavailable").
//   BadNotificationError — a notification whose signature, merchant or shape is wrong: ignore it.
import type { Money } from '../../shared/money.ts';
import type { SandboxFaults } from '../../shared/payments/sandbox-faults.ts';

export type Currency = 'CNY';

export interface CreatePaymentInput {
  /** Our deposit reference, unique: the gateway refuses a second payment with it. */
  merchantOrderId: string;
  amount: Money;
  currency: Currency;
  /** Our deposit method code (e.g. ALIPAY_SCAN); the adapter maps it to the gateway's channel. */
  method: string;
  /** Where the gateway posts notifications. */
  notifyUrl: string;
  /** Where the cashier sends the payer afterwards. */
  returnUrl: string;
  expiresAt: Date;
}

export interface CreatedPayment {
  gatewayPaymentId: string;
  /** The cashier page the payer opens. */
  cashierUrl: string;
}

export type GatewayPaymentStatus = 'PENDING' | 'PAID' | 'DECLINED' | 'EXPIRED';

export interface PaymentState {
  gatewayPaymentId: string;
  merchantOrderId: string;
  status: GatewayPaymentStatus;
  /** What the payer actually paid (may differ from the order: under- or over-payment); null until paid. */
  paidAmount: Money | null;
  currency: string;
}

export interface PayoutDestination {
  kind: 'BANK' | 'USDT' | 'ALIPAY' | 'WECHAT' | 'TO_PAY' | 'DIGITAL_RMB';
  /** Bank code, USDT protocol, … as the kind needs. */
  channel: string | null;
  /** Card number, address or account name, in full (only the adapter ever sends it out). */
  account: string;
  holderName: string | null;
  branch: string | null;
}

export interface CreatePayoutInput {
  /** Our withdrawal reference, unique: sending it twice never pays twice (the gateway answers with the first). */
  merchantPayoutId: string;
  amount: Money;
  currency: Currency;
  destination: PayoutDestination;
  notifyUrl: string;
}

export type GatewayPayoutStatus = 'PROCESSING' | 'PAID' | 'FAILED';

export interface PayoutState {
  gatewayPayoutId: string;
  merchantPayoutId: string;
  status: GatewayPayoutStatus;
  amount: Money;
  currency: string;
  failureReason: string | null;
}

export type GatewayNotification =
  | { kind: 'payment'; notificationId: string; state: PaymentState }
  | { kind: 'payout'; notificationId: string; state: PayoutState };

export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

/** The fault controls of a sandbox gateway (absent on a real one). */
export interface SandboxControls {
  getFaults(): Promise<SandboxFaults>;
  setFaults(faults: SandboxFaults): Promise<SandboxFaults>;
}

export interface PaymentGateway {
  /** 'sandbox' or the configured real gateway's code; stored with every deposit and withdrawal. */
  readonly code: string;
  /** Chinese name shown to operators, e.g. 沙箱支付. */
  readonly label: string;
  readonly sandbox: boolean;
  /**
   * The smallest amount step the gateway can carry, in Money: 1 (0.0001 元) or 100 (whole 分, a gateway
   * counting in 分). Amounts sent to it must be multiples: deposits are refused otherwise, withdrawals
   * round their net amount down to it (docs/wallet/gateway.md "Amount unit").
   */
  readonly amountStep: Money;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** null: the gateway does not know this order (it was never created). */
  queryPayment(merchantOrderId: string): Promise<PaymentState | null>;
  /** Idempotent by merchantPayoutId. */
  createPayout(input: CreatePayoutInput): Promise<PayoutState>;
  /** null: the gateway does not know this payout (it was never created: safe to send again or fail). */
  queryPayout(merchantPayoutId: string): Promise<PayoutState | null>;
  /** Verifies and parses a notification from the raw request body and headers; throws BadNotificationError. */
  verifyNotification(rawBody: string, headers: Readonly<Record<string, string | string[] | undefined>>): GatewayNotification;
  /** The answer that tells the gateway a notification was handled (it retries until it sees it). */
  acknowledge(): NotificationAck;
  readonly controls?: SandboxControls;
}

export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
}

export class GatewayInDoubtError extends Error {
  override name = 'GatewayInDoubtError';
}

export class GatewayRefusedError extends Error {
  override name = 'GatewayRefusedError';
}

/** Whole 分 in Money. */
export const FEN_STEP: Money = 100;

export class BadNotificationError extends Error {
  override name = 'BadNotificationError';
}
