// The sandbox game provider's settings, from its own environment (scripts/sandbox-provider.ts). The
// merchant id and secret use the platform's names and defaults (PROVIDER_MERCHANT_ID, PROVIDER_SECRET),
// so one environment configures both sides and `npm start` works without configuring either.
import { z } from 'zod';

export const DEFAULT_PROVIDER_MERCHANT_ID = 'jinli-sandbox';
export const DEFAULT_PROVIDER_SECRET = 'sandbox-provider-demo-secret-not-for-production';
export const DEFAULT_SANDBOX_PROVIDER_PORT = 3200;

const EnvSchema = z.object({
  SANDBOX_PROVIDER_HOST: z.string().min(1).default('127.0.0.1'),
  /** 0: any free port (the start line says which). */
  SANDBOX_PROVIDER_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_SANDBOX_PROVIDER_PORT),
  /** The origin players reach the game pages on; default http://<host>:<port>. */
  SANDBOX_PROVIDER_PUBLIC_URL: z.string().url().optional(),
  PROVIDER_MERCHANT_ID: z.string().min(1).default(DEFAULT_PROVIDER_MERCHANT_ID),
  PROVIDER_SECRET: z.string().min(16).default(DEFAULT_PROVIDER_SECRET),
  /** With the transferTimeout fault, a transfer's answer is held this long (past the client's time-out). */
  SANDBOX_PROVIDER_HOLD_MS: z.coerce.number().int().min(0).default(15_000),
  /** How long a launch URL may wait before it is opened. */
  SANDBOX_PROVIDER_LAUNCH_TTL_MS: z.coerce.number().int().min(1_000).default(5 * 60_000),
  /** A game session idle this long is forgotten (the player launches again). */
  SANDBOX_PROVIDER_SESSION_IDLE_MS: z.coerce.number().int().min(1_000).default(2 * 60 * 60_000),
});

export interface ProviderSandboxSettings {
  host: string;
  port: number;
  publicUrl: string | undefined;
  merchantId: string;
  secret: string;
  holdMs: number;
  launchTtlMs: number;
  sessionIdleMs: number;
}

export function providerSandboxSettings(env: NodeJS.ProcessEnv = process.env): ProviderSandboxSettings {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`沙箱游戏服务商配置有误:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    host: e.SANDBOX_PROVIDER_HOST,
    port: e.SANDBOX_PROVIDER_PORT,
    publicUrl: e.SANDBOX_PROVIDER_PUBLIC_URL?.replace(/\/+$/, ''),
    merchantId: e.PROVIDER_MERCHANT_ID,
    secret: e.PROVIDER_SECRET,
    holdMs: e.SANDBOX_PROVIDER_HOLD_MS,
    launchTtlMs: e.SANDBOX_PROVIDER_LAUNCH_TTL_MS,
    sessionIdleMs: e.SANDBOX_PROVIDER_SESSION_IDLE_MS,
  };
}
