// How long a deposit waits: an online order for its payment at the cashier, an offline one for
// finance to find the transfer (spec §9: a missing deposit must be reported within 72 hours). Read
// from the environment (DEPOSIT_ONLINE_EXPIRY_MINUTES, DEPOSIT_OFFLINE_EXPIRY_HOURS,
// DEPOSIT_EXPIRY_INTERVAL_SECONDS) — see docs/wallet/deposits.md.
import { z } from 'zod';

const Settings = z.object({
  DEPOSIT_ONLINE_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  DEPOSIT_OFFLINE_EXPIRY_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(72),
  DEPOSIT_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

export interface DepositSettings {
  onlineExpiryMs: number;
  offlineExpiryMs: number;
  expiryIntervalMs: number;
}

export function depositSettings(env: Record<string, string | undefined> = process.env): DepositSettings {
  const parsed = Settings.parse({
    DEPOSIT_ONLINE_EXPIRY_MINUTES: env.DEPOSIT_ONLINE_EXPIRY_MINUTES,
    DEPOSIT_OFFLINE_EXPIRY_HOURS: env.DEPOSIT_OFFLINE_EXPIRY_HOURS,
    DEPOSIT_EXPIRY_INTERVAL_SECONDS: env.DEPOSIT_EXPIRY_INTERVAL_SECONDS,
  });
  return {
    onlineExpiryMs: parsed.DEPOSIT_ONLINE_EXPIRY_MINUTES * 60_000,
    offlineExpiryMs: parsed.DEPOSIT_OFFLINE_EXPIRY_HOURS * 3_600_000,
    expiryIntervalMs: parsed.DEPOSIT_EXPIRY_INTERVAL_SECONDS * 1000,
  };
}
