// Payments and payouts, in memory only: a sandbox restart forgets them (docs/wallet/gateway.md). Every
// status change is reported to `onChange`, which queues its notification.
import { randomBytes } from 'node:crypto';
import type { Money } from '../../shared/money.ts';
import type { CreatePayoutRequest } from '../../server/payments/sandbox-protocol.ts';

export type PaymentStatus = 'PENDING' | 'PAID' | 'DECLINED' | 'EXPIRED';
export type PayoutStatus = 'PROCESSING' | 'PAID' | 'FAILED';

export interface SandboxPayment {
  gatewayPaymentId: string;
  merchantOrderId: string;
  amount: Money;
  currency: string;
  channel: string;
  notifyUrl: string;
  returnUrl: string;
  expiresAt: Date;
  status: PaymentStatus;
  paidAmount: Money | null;
}

export interface SandboxPayout {
  gatewayPayoutId: string;
  merchantPayoutId: string;
  amount: Money;
  currency: string;
  destination: Omit<CreatePayoutRequest, 'merchantPayoutId' | 'amount' | 'currency' | 'notifyUrl'>;
  notifyUrl: string;
  status: PayoutStatus;
  failureReason: string | null;
  /** Decided when the payout is accepted (the payoutOutcome fault at that moment). */
  outcome: 'PAID' | 'FAILED';
}

export type StoreChange = { kind: 'payment'; payment: SandboxPayment } | { kind: 'payout'; payout: SandboxPayout };

export const PAYOUT_FAILURE_REASON = '收款账户校验失败（沙箱模拟）';

const newId = (prefix: string) => `${prefix}${Date.now().toString(36)}${randomBytes(6).toString('hex')}`.toUpperCase();

export class SandboxStore {
  private readonly payments = new Map<string, SandboxPayment>();
  private readonly paymentsByOrder = new Map<string, SandboxPayment>();
  private readonly payouts = new Map<string, SandboxPayout>();
  private readonly expiryTimers = new Map<string, NodeJS.Timeout>();
  private readonly payoutTimers = new Set<NodeJS.Timeout>();

  constructor(private readonly onChange: (change: StoreChange) => void) {}

  /** null: the merchant order id is taken (a gateway never creates two payments for one order). */
  createPayment(input: Omit<SandboxPayment, 'gatewayPaymentId' | 'status' | 'paidAmount'>): SandboxPayment | null {
    if (this.paymentsByOrder.has(input.merchantOrderId)) return null;
    const payment: SandboxPayment = { ...input, gatewayPaymentId: newId('SP'), status: 'PENDING', paidAmount: null };
    this.payments.set(payment.gatewayPaymentId, payment);
    this.paymentsByOrder.set(payment.merchantOrderId, payment);
    this.scheduleExpiry(payment);
    return payment;
  }

  paymentById(gatewayPaymentId: string): SandboxPayment | undefined {
    const payment = this.payments.get(gatewayPaymentId);
    if (payment) this.expireIfDue(payment);
    return payment;
  }

  paymentByOrder(merchantOrderId: string): SandboxPayment | undefined {
    const payment = this.paymentsByOrder.get(merchantOrderId);
    if (payment) this.expireIfDue(payment);
    return payment;
  }

  /**
   * The payer's decision. Refused (false) unless the payment is PENDING, or — with `late` — EXPIRED
   * and being paid (a bank settling after the order's expiry).
   */
  settlePayment(payment: SandboxPayment, outcome: 'PAID' | 'DECLINED', paidAmount: Money, late: boolean): boolean {
    this.expireIfDue(payment);
    const open = payment.status === 'PENDING' || (late && outcome === 'PAID' && payment.status === 'EXPIRED');
    if (!open) return false;
    this.clearExpiry(payment);
    payment.status = outcome;
    payment.paidAmount = outcome === 'PAID' ? paidAmount : null;
    this.onChange({ kind: 'payment', payment });
    return true;
  }

  /** The payout for this id; a repeated create answers the first one unchanged. */
  createPayout(
    input: Omit<SandboxPayout, 'gatewayPayoutId' | 'status' | 'failureReason'>,
    delayMs: number,
  ): { payout: SandboxPayout; created: boolean } {
    const existing = this.payouts.get(input.merchantPayoutId);
    if (existing) return { payout: existing, created: false };
    const payout: SandboxPayout = { ...input, gatewayPayoutId: newId('PO'), status: 'PROCESSING', failureReason: null };
    this.payouts.set(payout.merchantPayoutId, payout);
    const timer = setTimeout(() => {
      this.payoutTimers.delete(timer);
      payout.status = payout.outcome;
      payout.failureReason = payout.outcome === 'FAILED' ? PAYOUT_FAILURE_REASON : null;
      this.onChange({ kind: 'payout', payout });
    }, delayMs);
    this.payoutTimers.add(timer);
    return { payout, created: true };
  }

  payout(merchantPayoutId: string): SandboxPayout | undefined {
    return this.payouts.get(merchantPayoutId);
  }

  scheduledPayouts(): number {
    return this.payoutTimers.size;
  }

  close(): void {
    for (const timer of this.expiryTimers.values()) clearTimeout(timer);
    for (const timer of this.payoutTimers) clearTimeout(timer);
    this.expiryTimers.clear();
    this.payoutTimers.clear();
  }

  private scheduleExpiry(payment: SandboxPayment): void {
    // setTimeout holds at most ~24.8 days; a longer expiry is caught by expireIfDue on the next read.
    const delay = Math.min(Math.max(payment.expiresAt.getTime() - Date.now(), 0), 2_000_000_000);
    const timer = setTimeout(() => {
      this.expireIfDue(payment);
      // A timer can fire a millisecond before Date.now() reaches the expiry (timers run on another
      // clock): the payment then stayed PENDING for good, and its EXPIRED notice never went out.
      if (payment.status === 'PENDING' && this.expiryTimers.get(payment.gatewayPaymentId) === timer) this.scheduleExpiry(payment);
    }, delay);
    this.expiryTimers.set(payment.gatewayPaymentId, timer);
  }

  private clearExpiry(payment: SandboxPayment): void {
    clearTimeout(this.expiryTimers.get(payment.gatewayPaymentId));
    this.expiryTimers.delete(payment.gatewayPaymentId);
  }

  private expireIfDue(payment: SandboxPayment): void {
    if (payment.status !== 'PENDING' || payment.expiresAt.getTime() > Date.now()) return;
    this.clearExpiry(payment);
    payment.status = 'EXPIRED';
    this.onChange({ kind: 'payment', payment });
  }
}
