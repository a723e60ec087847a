// The back office's games (issue 16 item 7): which own games and play modes are open, the regular-mode
// limits per draw type, and the board odds and 退水 per bet type with each one's return to player.
// Paths are relative to /ajax/backoffice. Money in 0.0001 元; odds and rebates in 1/10000.
import { z } from 'zod';
import { PLAY_MODES } from '../enums.ts';
import { requestText } from '../validation/safe-text.ts';

export const GAMES_ADMIN_PATHS = {
  games: '/games',
  mode: (drawType: string, playMode: string) => `/games/${encodeURIComponent(drawType)}/modes/${playMode}`,
  limits: (drawType: string) => `/games/${encodeURIComponent(drawType)}/limits`,
  board: (drawType: string) => `/games/${encodeURIComponent(drawType)}/board`,
} as const;

const DRAW_TYPE_MESSAGE = '彩种不存在';
export const GameParamsSchema = z.object({ drawType: requestText({ message: DRAW_TYPE_MESSAGE, min: 1, max: 32, charactersMessage: DRAW_TYPE_MESSAGE }) });
export const GameModeParamsSchema = GameParamsSchema.extend({ playMode: z.enum(PLAY_MODES, { error: '玩法模式无效' }) });

/** The reason an operator gives for a change, kept in the audit log. */
export const ReasonSchema = requestText({ message: '原因不能超过 200 个字', max: 200 }).optional();

// ── Games and play modes ─────────────────────────────────────────────────────────────────────────

export const AdminGameSchema = z.object({
  drawType: z.string(),
  name: z.string(),
  product: z.enum(['LOTTERY', 'DICE']),
  categoryName: z.string(),
  source: z.enum(['feed', 'platform', 'instant']),
  /** The modes the draw type can be played in at all. */
  offeredModes: z.array(z.enum(PLAY_MODES)),
  /** The modes open to players now. */
  enabledModes: z.array(z.enum(PLAY_MODES)),
  /** Not offered by this server at all (no result source: FEED_ADAPTER=none). */
  hidden: z.boolean(),
});
export type AdminGame = z.infer<typeof AdminGameSchema>;
export const AdminGameListSchema = z.object({ games: z.array(AdminGameSchema) });

export const SetGameModeSchema = z.object({
  enabled: z.boolean({ error: '请选择开启或关闭' }),
  reason: ReasonSchema,
});
export type SetGameMode = z.infer<typeof SetGameModeSchema>;

// ── Regular-mode limits ──────────────────────────────────────────────────────────────────────────

/** The most an operator may set as a payout cap: 1,000,000,000 元 (far inside 2^53 of 0.0001 元). */
export const MAX_PAYOUT_CAP = 1_000_000_000 * 10_000;
export const MAX_MULTIPLIER_LIMIT = 100_000;
export const MAX_BETS_PER_ORDER_LIMIT = 1_000_000;

const int = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

export const PrizeGroupRangeSchema = z
  .object({
    min: int('奖金组下限必须是 1000～2000 的整数', 1000, 2000),
    max: int('奖金组上限必须是 1000～2000 的整数', 1000, 2000),
  })
  .refine((range) => range.min <= range.max, { error: '奖金组下限不能高于上限', path: ['min'] });

export const RegularLimitsInputSchema = z
  .object({
    /** Required when the draw type has prize groups; must be absent (or null) otherwise. */
    prizeGroup: PrizeGroupRangeSchema.nullable().optional(),
    maxMultiplier: int(`最大倍数必须是 1～${MAX_MULTIPLIER_LIMIT} 的整数`, 1, MAX_MULTIPLIER_LIMIT).nullable().optional(),
    /** null: no limit on the whole order beyond each method's own. */
    maxBetsPerOrder: int(`每单最大注数必须是 1～${MAX_BETS_PER_ORDER_LIMIT} 的整数`, 1, MAX_BETS_PER_ORDER_LIMIT).nullable().optional(),
    maxPayoutPerOrder: int('单注单最高派奖必须大于 0 且不超过 10 亿元', 1, MAX_PAYOUT_CAP),
    maxPayoutPerIssue: int('单期最高派奖必须大于 0 且不超过 10 亿元', 1, MAX_PAYOUT_CAP),
    reason: ReasonSchema,
  })
  .refine((limits) => limits.maxPayoutPerIssue >= limits.maxPayoutPerOrder, {
    error: '单期最高派奖不能低于单注单最高派奖',
    path: ['maxPayoutPerIssue'],
  });
export type RegularLimitsInput = z.infer<typeof RegularLimitsInputSchema>;

export const RegularLimitsSchema = z.object({
  drawType: z.string(),
  name: z.string(),
  /** Whether the draw type is played in regular mode (prize group, multiplier, bets apply). */
  regular: z.boolean(),
  /** null: the draw type pays fixed prize tables (no prize group) or has no regular mode. */
  prizeGroup: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  maxMultiplier: z.number().int().nullable(),
  maxBetsPerOrder: z.number().int().nullable(),
  maxPayoutPerOrder: z.number().int(),
  maxPayoutPerIssue: z.number().int(),
  /** false: the engine's defaults are in force. */
  customised: z.boolean(),
});
export type RegularLimits = z.infer<typeof RegularLimitsSchema>;

// ── Board odds and rebates ───────────────────────────────────────────────────────────────────────

const OddsValue = int('赔率必须是不低于 1 的数（以万分之一为单位的整数）', 10_000, 10_000 * 1_000_000);
const RebateValue = int('退水必须在 0～10% 之间（以万分之一为单位的整数）', 0, 1_000);
const KeySchema = requestText({ message: '玩法或赔率项无效', min: 1, max: 64 });

export const BoardSettingsInputSchema = z.object({
  /** Odds that differ from the defaults, by bet type id and odds key. */
  odds: z.record(KeySchema, z.record(KeySchema, OddsValue)).refine((o) => Object.keys(o).length <= 500, { error: '赔率设置过多' }),
  /** 退水 that differs from the defaults, by bet type id. */
  rebates: z.record(KeySchema, RebateValue).refine((r) => Object.keys(r).length <= 500, { error: '退水设置过多' }),
  reason: ReasonSchema,
});
export type BoardSettingsInput = z.infer<typeof BoardSettingsInputSchema>;

export const BoardOddsLevelSchema = z.object({
  key: z.string(),
  name: z.string(),
  odds: z.number().int(),
  defaultOdds: z.number().int(),
});

export const BoardBetTypeOddsSchema = z.object({
  id: z.string(),
  name: z.string(),
  group: z.string(),
  rebate: z.number().int(),
  defaultRebate: z.number().int(),
  levels: z.array(BoardOddsLevelSchema),
  /** Return to player of the bet type's best entry, odds alone and with 退水, e.g. "97.50%". */
  rtp: z.string(),
  rtpWithRebate: z.string(),
});
export type BoardBetTypeOdds = z.infer<typeof BoardBetTypeOddsSchema>;

export const BoardOddsSchema = z.object({
  drawType: z.string(),
  name: z.string(),
  /** The Beijing date the odds and RTP were computed for (六合彩's 生肖 depend on it). */
  drawDate: z.string(),
  betTypes: z.array(BoardBetTypeOddsSchema),
  customised: z.boolean(),
});
export type BoardOdds = z.infer<typeof BoardOddsSchema>;
