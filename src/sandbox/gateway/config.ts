// The sandbox gateway's settings, from its own environment (scripts/sandbox-gateway.ts). The merchant
// defaults are the platform's (src/server/config.ts), so `npm start` works without configuring either.
import { z } from 'zod';

const DEFAULT_MERCHANT_ID = 'jinli-sandbox';
const DEFAULT_MERCHANT_SECRET = 'sandbox-demo-secret-not-for-production';

const EnvSchema = z.object({
  SANDBOX_GATEWAY_HOST: z.string().min(1).default('127.0.0.1'),
  /** 0: any free port (the start line says which). */
  SANDBOX_GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  /** The origin payers reach the cashier on; default http://<host>:<port>. */
  SANDBOX_PUBLIC_URL: z.string().url().optional(),
  SANDBOX_MERCHANT_ID: z.string().min(1).default(DEFAULT_MERCHANT_ID),
  SANDBOX_MERCHANT_SECRET: z.string().min(16).default(DEFAULT_MERCHANT_SECRET),
  /** The merchant's name on the cashier page. */
  SANDBOX_MERCHANT_NAME: z.string().min(1).default('锦鲤'),
  /** Notification retries: first retry after BASE, doubling, at most MAX apart, ATTEMPTS in all. */
  SANDBOX_NOTIFY_RETRY_BASE_MS: z.coerce.number().int().min(1).default(500),
  SANDBOX_NOTIFY_RETRY_MAX_MS: z.coerce.number().int().min(1).default(60_000),
  SANDBOX_NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  /** How long one notification POST may take before it counts as a failed attempt. */
  SANDBOX_NOTIFY_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  /** A payout stays PROCESSING this long before it is PAID or FAILED. */
  SANDBOX_PAYOUT_DELAY_MS: z.coerce.number().int().min(0).default(2_000),
  /** With the payoutTimeout fault, payout create/query answers are held this long (past the client's time-out). */
  SANDBOX_PAYOUT_HOLD_MS: z.coerce.number().int().min(0).default(15_000),
  /** With the reorderNotifications fault, notifications are held this long, then sent newest first. */
  SANDBOX_REORDER_WINDOW_MS: z.coerce.number().int().min(0).default(1_000),
});

export interface SandboxSettings {
  host: string;
  port: number;
  publicUrl: string | undefined;
  merchantId: string;
  secret: string;
  merchantName: string;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  notifyTimeoutMs: number;
  payoutDelayMs: number;
  payoutHoldMs: number;
  reorderWindowMs: number;
}

export function sandboxSettings(env: NodeJS.ProcessEnv = process.env): SandboxSettings {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`沙箱支付网关配置有误:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    host: e.SANDBOX_GATEWAY_HOST,
    port: e.SANDBOX_GATEWAY_PORT,
    publicUrl: e.SANDBOX_PUBLIC_URL?.replace(/\/+$/, ''),
    merchantId: e.SANDBOX_MERCHANT_ID,
    secret: e.SANDBOX_MERCHANT_SECRET,
    merchantName: e.SANDBOX_MERCHANT_NAME,
    retryBaseMs: e.SANDBOX_NOTIFY_RETRY_BASE_MS,
    retryMaxMs: e.SANDBOX_NOTIFY_RETRY_MAX_MS,
    maxAttempts: e.SANDBOX_NOTIFY_MAX_ATTEMPTS,
    notifyTimeoutMs: e.SANDBOX_NOTIFY_TIMEOUT_MS,
    payoutDelayMs: e.SANDBOX_PAYOUT_DELAY_MS,
    payoutHoldMs: e.SANDBOX_PAYOUT_HOLD_MS,
    reorderWindowMs: e.SANDBOX_REORDER_WINDOW_MS,
  };
}
