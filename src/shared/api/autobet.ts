// Autobet (追号): create a plan over coming issues, list, detail, stop. Not for trial accounts,
// instant draws or 六合彩 (spec §4, §6).
import { z } from 'zod';
import { BoardBetInputSchema, ClientKeySchema, DrawTypeCodeSchema, RegularBetInputSchema } from './orders.ts';

export const AUTOBET_PATHS = {
  autobets: '/ajax/autobet',
  autobet: (id: string) => `/ajax/autobet/${encodeURIComponent(id)}`,
  stop: (id: string) => `/ajax/autobet/${encodeURIComponent(id)}/stop`,
} as const;

export const AutobetPlanSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('SAME'), issues: z.number().int(), multiplier: z.number().int().min(1) }),
  z.object({ kind: z.literal('DOUBLE'), issues: z.number().int(), multiplier: z.number().int().min(1), every: z.number().int(), factor: z.number().int() }),
  z.object({ kind: z.literal('PROFIT'), issues: z.number().int(), minMultiplier: z.number().int().min(1), profitRate: z.number().int() }),
]);

const Common = {
  clientKey: ClientKeySchema,
  drawType: DrawTypeCodeSchema,
  plan: AutobetPlanSchema,
  stopOnWin: z.boolean(),
};

/** Bets are given at multiplier 1 (regular) or at the base stake (board); each issue scales them. */
export const CreateAutobetSchema = z.discriminatedUnion('playMode', [
  z.object({ playMode: z.literal('REGULAR'), bets: z.array(RegularBetInputSchema).min(1).max(20), ...Common }),
  z.object({ playMode: z.literal('BOARD'), bets: z.array(BoardBetInputSchema).min(1).max(50), ...Common }),
]);
export type CreateAutobet = z.infer<typeof CreateAutobetSchema>;

export const AUTOBET_STATUSES = ['ONGOING', 'FINISHED', 'STOP', 'USER_CANCELED'] as const;
export const AUTOBET_ENTRY_STATUSES = ['PENDING', 'BET', 'CANCEL', 'STOP'] as const;

export const AutobetEntrySchema = z.object({
  seq: z.number().int(),
  issueNumber: z.string(),
  multiplier: z.number().int(),
  stake: z.number().int(),
  status: z.enum(AUTOBET_ENTRY_STATUSES),
  orderId: z.string().nullable(),
  orderStatus: z.string().nullable(),
  payout: z.number().int(),
  note: z.string().nullable(),
});

export const AutobetSummarySchema = z.object({
  autobetId: z.string(),
  drawType: z.string(),
  playMode: z.enum(['REGULAR', 'BOARD']),
  status: z.enum(AUTOBET_STATUSES),
  stopOnWin: z.boolean(),
  issueCount: z.number().int(),
  placedCount: z.number().int(),
  totalPlanned: z.number().int(),
  totalStaked: z.number().int(),
  totalPayout: z.number().int(),
  createdAt: z.number().int(),
});
export type AutobetSummary = z.infer<typeof AutobetSummarySchema>;

export const AutobetDetailSchema = AutobetSummarySchema.extend({
  plan: AutobetPlanSchema,
  bets: z.unknown(),
  entries: z.array(AutobetEntrySchema),
});
export type AutobetDetail = z.infer<typeof AutobetDetailSchema>;

export const AutobetListQuerySchema = z.object({
  tab: z.enum(['lottery', 'dice']).default('lottery'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const AutobetListSchema = z.object({
  items: z.array(AutobetSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
