// The sandbox payment gateway's fault controls (decisions §10), shared by the sandbox service, the
// platform's adapter and the back office's 沙箱故障 page. All off: the sandbox behaves like a healthy
// gateway.
import { z } from 'zod';

export const SandboxFaultsSchema = z.object({
  /** Every merchant-API request answers 503 (the gateway is down). */
  down: z.boolean(),
  /** Extra latency of every merchant-API answer, in milliseconds. */
  delayMs: z.number().int().min(0).max(120_000),
  /** Payout create and query hold the request past the client's time-out, then process it anyway. */
  payoutTimeout: z.boolean(),
  /** How payouts end: PAID, or FAILED with a reason. */
  payoutOutcome: z.enum(['PAID', 'FAILED']),
  /** Each notification is sent twice. */
  duplicateNotifications: z.boolean(),
  /** Notifications are held and sent newest first. */
  reorderNotifications: z.boolean(),
  /** Notifications carry a wrong signature. */
  wrongSignature: z.boolean(),
  /** Delay before the first notification attempt, in milliseconds. */
  notificationDelayMs: z.number().int().min(0).max(600_000),
  /** The paid amount differs from the ordered one by this many 0.0001 元 (negative: under-payment). */
  paidAmountOffset: z.number().int().min(-1_000_000_000).max(1_000_000_000),
});
export type SandboxFaults = z.infer<typeof SandboxFaultsSchema>;

export const NO_FAULTS: SandboxFaults = {
  down: false,
  delayMs: 0,
  payoutTimeout: false,
  payoutOutcome: 'PAID',
  duplicateNotifications: false,
  reorderNotifications: false,
  wrongSignature: false,
  notificationDelayMs: 0,
  paidAmountOffset: 0,
};
