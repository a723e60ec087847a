// Player protection's status (decisions §8), apart from the rest of the accounts API: the reality
// check reads it in the shell, and the accounts API's form rules need not load for that.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

export const PROTECTION_PATHS = {
  status: '/ajax/protection',
  limits: '/ajax/protection/limits',
  coolingOff: '/ajax/protection/cooling-off',
  selfExclusion: '/ajax/protection/self-exclusion',
  realityCheck: '/ajax/protection/reality-check',
} as const;

export const LIMIT_KINDS = ['DEPOSIT', 'LOSS'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

export const LimitStatusSchema = lazySchema(() => z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  /** In force now; null: none. */
  amount: z.number().int().nullable(),
  /** A raise or removal waiting for its 24 hours. */
  pending: z.object({ amount: z.number().int().nullable(), effectiveAt: z.number().int() }).nullable(),
  /** Deposited (DEPOSIT) or net loss (LOSS: BET − WIN − REB − REF) in the current period. */
  used: z.number().int(),
  /** Start of the current period (Beijing calendar day, week from Monday, month). */
  periodStartsAt: z.number().int(),
}));
export type LimitStatus = z.infer<typeof LimitStatusSchema>;

export const ProtectionStatusSchema = lazySchema(() => z.object({
  limits: z.array(LimitStatusSchema),
  coolingOffUntil: z.number().int().nullable(),
  selfExcludedUntil: z.number().int().nullable(),
  /** Whether betting and deposits are blocked now (cooling-off or self-exclusion). */
  blocked: z.boolean(),
  realityCheckMinutes: z.number().int().nullable(),
  /** For the reality check: when this session started and the net result (WIN + REB + REF − BET) since. */
  session: z.object({ startedAt: z.number().int(), netResult: z.number().int() }),
}));
export type ProtectionStatus = z.infer<typeof ProtectionStatusSchema>;
