// The wire format of the sandbox gateway's merchant API (docs/wallet/gateway.md), shared by the sandbox
// service and the platform's sandbox adapter. JSON, flat fields, amounts as decimal 元 strings
// ("500.00", at most 4 decimals) as gateways send them; our Money never goes on the wire as a number.
import { z } from 'zod';
import { MoneyError, parseYuan, UNITS_PER_YUAN, type Money } from '../../shared/money.ts';

export const SANDBOX_PATHS = {
  payments: '/api/payments',
  payment: (merchantOrderId: string) => `/api/payments/${encodeURIComponent(merchantOrderId)}`,
  payouts: '/api/payouts',
  payout: (merchantPayoutId: string) => `/api/payouts/${encodeURIComponent(merchantPayoutId)}`,
  faults: '/api/control/faults',
  settle: (gatewayPaymentId: string) => `/api/control/payments/${encodeURIComponent(gatewayPaymentId)}/settle`,
  notifications: '/api/control/notifications',
  cashier: (gatewayPaymentId: string) => `/cashier/${encodeURIComponent(gatewayPaymentId)}`,
  health: '/health',
} as const;

/** The body the platform answers a notification with, to acknowledge it. */
export const ACK_BODY = 'SUCCESS';

/** Money → "500.00" / "0.1234": exact, at least 2 decimals. */
export function toWireAmount(amount: Money): string {
  const negative = amount < 0;
  const units = Math.abs(amount);
  const whole = Math.floor(units / UNITS_PER_YUAN);
  let fraction = String(units % UNITS_PER_YUAN).padStart(4, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

export function fromWireAmount(text: string): Money {
  return parseYuan(text);
}

const wireAmount = z.string().refine((text) => {
  try {
    parseYuan(text);
    return true;
  } catch (error) {
    if (error instanceof MoneyError) return false;
    throw error;
  }
}, 'amount must be a decimal 元 string with at most 4 decimals');

const id = z.string().min(1).max(128);

export const WirePaymentStatus = z.enum(['PENDING', 'PAID', 'DECLINED', 'EXPIRED']);
export const WirePayoutStatus = z.enum(['PROCESSING', 'PAID', 'FAILED']);
export const WireDestinationKind = z.enum(['BANK', 'USDT', 'ALIPAY', 'WECHAT', 'TO_PAY', 'DIGITAL_RMB']);

export const CreatePaymentRequest = z.object({
  merchantOrderId: id,
  amount: wireAmount,
  currency: z.literal('CNY'),
  channel: z.string().min(1).max(64),
  notifyUrl: z.string().url(),
  returnUrl: z.string().url(),
  expiresAt: z.string().datetime({ offset: true }),
});
export type CreatePaymentRequest = z.infer<typeof CreatePaymentRequest>;

export const WirePayment = z.object({
  gatewayPaymentId: id,
  merchantOrderId: id,
  status: WirePaymentStatus,
  amount: wireAmount,
  paidAmount: wireAmount.nullable(),
  currency: z.string(),
  cashierUrl: z.string(),
  expiresAt: z.string(),
});
export type WirePayment = z.infer<typeof WirePayment>;

export const CreatePayoutRequest = z.object({
  merchantPayoutId: id,
  amount: wireAmount,
  currency: z.literal('CNY'),
  destinationKind: WireDestinationKind,
  // Absent and null are the same: the HTTP adapter leaves empty fields out, as form-encoding gateways do.
  channel: z.string().max(64).nullish().transform((v) => v ?? null),
  account: z.string().min(1).max(256),
  holderName: z.string().max(128).nullish().transform((v) => v ?? null),
  branch: z.string().max(256).nullish().transform((v) => v ?? null),
  notifyUrl: z.string().url(),
});
export type CreatePayoutRequest = z.infer<typeof CreatePayoutRequest>;

export const WirePayout = z.object({
  gatewayPayoutId: id,
  merchantPayoutId: id,
  status: WirePayoutStatus,
  amount: wireAmount,
  currency: z.string(),
  failureReason: z.string().nullable(),
});
export type WirePayout = z.infer<typeof WirePayout>;

export const WireNotification = z.discriminatedUnion('type', [
  z.object({ notificationId: id, type: z.literal('payment'), data: WirePayment }),
  z.object({ notificationId: id, type: z.literal('payout'), data: WirePayout }),
]);
export type WireNotification = z.infer<typeof WireNotification>;

export const SettleRequest = z.object({
  outcome: z.enum(['PAID', 'DECLINED']),
  /** Settle even after the payment expired (a late bank settlement). */
  late: z.boolean().default(false),
  /** What the payer pays, overriding amount + paidAmountOffset. */
  paidAmount: wireAmount.optional(),
});
export type SettleRequest = z.input<typeof SettleRequest>;

export const NotificationStats = z.object({
  /** Notifications not yet acknowledged and still to be attempted, held ones included. */
  pending: z.number().int(),
  /** Payouts still PROCESSING whose outcome (and its notification) is scheduled. */
  scheduledPayouts: z.number().int(),
  acknowledged: z.number().int(),
  /** Gave up after the last attempt. */
  abandoned: z.number().int(),
  attempts: z.number().int(),
});
export type NotificationStats = z.infer<typeof NotificationStats>;

export const WireError = z.object({ code: z.string(), message: z.string() });
