// The jackpot pool's calls (issue 22 item 3, docs/campaigns/jackpot.md), shared by client and server.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

export const JACKPOT_PATHS = {
  summary: '/ajax/jackpot',
  round: (id: number | string) => `/ajax/jackpot/rounds/${id}`,
} as const;

export const JACKPOT_ADMIN_PATHS = {
  settings: '/jackpot/settings',
  overview: '/jackpot/overview',
  rounds: '/jackpot/rounds',
} as const;

export const JackpotKindSchema = lazySchema(() => z.enum(['LUCKY', 'SUPER']));
export type JackpotKind = z.infer<typeof JackpotKindSchema>;
export const JackpotRoundStatusSchema = lazySchema(() => z.enum(['OPEN', 'DRAWN', 'CLOSED']));

export const JACKPOT_KIND_LABELS: Record<JackpotKind, string> = { LUCKY: '幸运奖', SUPER: '超级大奖' };

const iso = lazySchema(() => z.string());

/** A round as the public sees it: the seed only once the round is decided. */
export const JackpotRoundSchema = lazySchema(() => z.object({
  id: z.number().int(),
  kind: JackpotKindSchema,
  status: JackpotRoundStatusSchema,
  windowStart: iso,
  windowEnd: iso,
  commitment: z.string(),
  seed: z.string().nullable(),
  listHash: z.string().nullable(),
  entryCount: z.number().int().nullable(),
  winner: z.string().nullable(),
  winnerOrderId: z.number().int().nullable(),
  prize: z.number().int(),
  closeReason: z.string().nullable(),
  drawnAt: iso.nullable(),
}));
export type JackpotRound = z.infer<typeof JackpotRoundSchema>;

export const JackpotSummarySchema = lazySchema(() => z.object({
  totalPrize: z.number().int(),
  /** Rounds whose window has not closed yet (their commitments), soonest first. */
  upcoming: z.array(JackpotRoundSchema),
  /** The last decided rounds with a winner, newest first. */
  recentWinners: z.array(JackpotRoundSchema),
  /** Outside production only: the super winner popup and the development widgets (spec §6). */
  showDevelopmentWidgets: z.boolean(),
}));
export type JackpotSummary = z.infer<typeof JackpotSummarySchema>;

export const JackpotEntrySchema = lazySchema(() => z.object({ orderId: z.number().int(), stake: z.number().int(), player: z.string() }));

export const JackpotRoundDetailSchema = lazySchema(() => JackpotRoundSchema.extend({
  minStake: z.number().int().nullable(),
  entries: z.array(JackpotEntrySchema).nullable(),
  winnerIndex: z.number().int().nullable(),
}));
export type JackpotRoundDetail = z.infer<typeof JackpotRoundDetailSchema>;

export const JackpotRoundParamsSchema = lazySchema(() => z.object({
  id: z.coerce.number({ message: '奖池期次编号不正确' }).int('奖池期次编号不正确').min(1, '奖池期次编号不正确').max(Number.MAX_SAFE_INTEGER, '奖池期次编号不正确'),
}));

// ── Back office ─────────────────────────────────────────────────────────────────────────────────

export const JackpotSettingsSchema = lazySchema(() => z.object({
  /** Share of each settled order's stake, basis points (100 = 1%). */
  contributionBp: z.number().int('须为整数').min(0, '不能小于 0').max(1000, '不能超过 1000（10%）'),
  luckyIntervalMinutes: z.number().int('须为整数').min(1, '不能小于 1 分钟').max(1440, '不能超过 1440 分钟'),
  luckyShareBp: z.number().int('须为整数').min(1, '不能小于 1').max(5000, '不能超过 5000（50%）'),
  luckyCap: z.number().int('须为整数').min(1, '须大于 0').max(1e12, '金额过大'),
  minStake: z.number().int('须为整数').min(1, '须大于 0').max(1e12, '金额过大'),
  superThreshold: z.number().int('须为整数').min(1, '须大于 0').max(1e13, '金额过大'),
  superShareBp: z.number().int('须为整数').min(1, '不能小于 1').max(10000, '不能超过 10000（100%）'),
}));
export type JackpotSettings = z.infer<typeof JackpotSettingsSchema>;

export const UpdateJackpotSettingsSchema = lazySchema(() => JackpotSettingsSchema.extend({
  reason: z.string().trim().min(1, '请填写原因').max(200, '原因过长'),
}));

export const JackpotOverviewSchema = lazySchema(() => z.object({
  poolBalance: z.number().int(),
  swept: z.number().int(),
  paid: z.number().int(),
  contributions: z.number().int(),
  unswept: z.number().int(),
  /** pool balance = Σ swept − Σ paid, and every swept contribution is counted once. */
  reconciles: z.boolean(),
  settings: JackpotSettingsSchema,
}));
export type JackpotOverview = z.infer<typeof JackpotOverviewSchema>;

export const AdminJackpotRoundsQuerySchema = lazySchema(() => z.object({
  page: z.coerce.number().int().min(1, '页码不正确').max(100000, '页码不正确').default(1),
}));

export const AdminJackpotRoundsSchema = lazySchema(() => z.object({
  rounds: z.array(JackpotRoundSchema.extend({ winnerCustomerId: z.number().int().nullable() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
}));
