// Third-party games and transfer wallets (issue 20; spec §1, §2.1, §2.3, §3.5, §7, §8): the API the
// PWA calls. Spec paths where the spec names them (`/ajax/fishing-joy`, `/ajax/slot-machine/{provider}`,
// `/ajax/wallet/total-balance`); the rest is ours ("not shown" in spec §7). Amounts are integers of
// 0.0001 元 (src/shared/money.ts).
import { z } from 'zod';
import { THIRD_PARTY_PROVIDERS, THIRD_PARTY_TRANSACTION_TYPES } from '../enums.ts';
import { calendarDate, isCalendarDate } from '../validation/calendar-date.ts';
import { lazySchema } from './lazy-schema.ts';

export const THIRD_PARTY_PATHS = {
  /** GET → FishingJoys: the rooms of every enabled fishing provider (spec §7). */
  fishingJoy: '/ajax/fishing-joy',
  /** GET → ProviderGames: one provider's slot titles (spec §7). */
  slotMachine: (provider: string) => `/ajax/slot-machine/${provider}`,
  /** GET ?gameProvider&gameCatalog&gameRoom&gameId&device → LaunchAnswer (the launch page asks it). */
  launch: '/ajax/third-party/launch',
  /** GET → SportsStream: the sports stream page of the first enabled sports provider. */
  sportsStream: '/ajax/third-party/sports-stream',
  /** GET → ProviderWallets: every enabled provider's wallet balance with its freshness. */
  wallets: '/ajax/wallet/third-party',
  /** POST (no body) → ProviderWallet: asks the provider for this wallet's balance now. */
  walletRefresh: (provider: string) => `/ajax/wallet/third-party/${provider}/refresh`,
  /** POST TransferRequest → TransferAnswer: main ↔ provider transfer. */
  transfers: '/ajax/wallet/third-party/transfers',
  /** GET ?page → TransferList: the player's transfers, newest first. */
  transferList: '/ajax/wallet/third-party/transfers',
  /** POST { requestKey } → RecallAnswer: 一键回收, every provider balance back to the main wallet. */
  recallAll: '/ajax/wallet/third-party/recall-all',
  /** GET ?provider&type&from&to&page → ThirdPartyRecordList: `/account/transaction/third-party`. */
  records: '/ajax/wallet/third-party/records',
} as const;

const Money = lazySchema(() => z.number().int());
export const ProviderSchema = lazySchema(() => z.enum(THIRD_PARTY_PROVIDERS));
export const ProviderCatalogueSchema = lazySchema(() => z.enum(['LIVE_BETTING', 'SLOT_MACHINE', 'SPORTS_BETTING', 'FISHING_JOY', 'CARD_GAME']));
export type ProviderCatalogueName = z.infer<typeof ProviderCatalogueSchema>;

/** The spec §8 message for a disabled provider or catalogue. */
export const THIRD_PARTY_CLOSED_MESSAGE = '第三方游戏暂时关闭，请稍后再试';

export const ProviderGameSchema = lazySchema(() => z.object({
  gameId: z.string(),
  gameName: z.string(),
  iconURL: z.string(),
  /** Fishing rooms and tables: the room to open; null for a lobby. */
  room: z.string().nullable(),
}));
export type ProviderGame = z.infer<typeof ProviderGameSchema>;

/** `GET /ajax/slot-machine/{provider}`. */
export const ProviderGamesSchema = lazySchema(() => z.object({ provider: ProviderSchema, sandbox: z.boolean(), games: z.array(ProviderGameSchema) }));
export type ProviderGames = z.infer<typeof ProviderGamesSchema>;

/** `GET /ajax/fishing-joy`: the room map by provider of spec §3.2 (`fishingJoys`). */
export const FishingJoysSchema = lazySchema(() => z.object({ fishingJoys: z.record(z.string(), z.array(ProviderGameSchema)) }));
export type FishingJoys = z.infer<typeof FishingJoysSchema>;

export const LaunchQuerySchema = lazySchema(() => z.object({
  gameProvider: ProviderSchema,
  gameCatalog: ProviderCatalogueSchema,
  gameRoom: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: '游戏房间无效' }).optional(),
  gameId: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: '游戏无效' }).optional(),
  device: z.enum(['MOBILE', 'DESKTOP']).default('MOBILE'),
  /**
   * The automatic transfer (spec §3.4 "third-party transfer provider" preference, server rule in
   * docs/providers/server.md): 'true' moves the main wallet's whole 元 to this provider before the
   * game opens. Trial accounts never transfer (the game opens without it).
   */
  autoTransfer: z.enum(['true', 'false']).default('false'),
}));
export type LaunchQuery = z.infer<typeof LaunchQuerySchema>;

/** The URL of the provider's game page, and what the automatic transfer (spec §3.4 preference) did. */
export const LaunchAnswerSchema = lazySchema(() => z.object({
  url: z.string(),
  sandbox: z.boolean(),
  autoTransfer: z.object({ amount: Money, status: z.enum(['SUCCESS', 'FAILED', 'IN_DOUBT', 'SKIPPED']) }).nullable(),
}));
export type LaunchAnswer = z.infer<typeof LaunchAnswerSchema>;

export const SportsStreamSchema = lazySchema(() => z.object({ url: z.string(), provider: ProviderSchema, sandbox: z.boolean() }));

export const ProviderWalletSchema = lazySchema(() => z.object({
  provider: ProviderSchema,
  /** Last known balance at the provider. */
  balance: Money,
  /** When the provider last confirmed it (ISO); null: never asked. */
  updatedAt: z.string().nullable(),
  /** OK: fresh; STALE: the last refresh failed, the balance is the one before; IN_DOUBT: a transfer is being resolved. */
  state: z.enum(['OK', 'STALE', 'IN_DOUBT']),
}));
export type ProviderWallet = z.infer<typeof ProviderWalletSchema>;
export const ProviderWalletsSchema = lazySchema(() => z.object({ wallets: z.array(ProviderWalletSchema) }));
export type ProviderWallets = z.infer<typeof ProviderWalletsSchema>;

export const TRANSFER_DIRECTIONS = ['IN', 'OUT'] as const;
/** The statuses a transfer goes through: PENDING (sent), SUCCESS, FAILED (nothing moved), IN_DOUBT (being resolved). */
export const TRANSFER_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'IN_DOUBT'] as const;
export const TRANSFER_STATUS_LABELS: Record<(typeof TRANSFER_STATUSES)[number], string> = {
  PENDING: '处理中',
  SUCCESS: '成功',
  FAILED: '失败',
  IN_DOUBT: '确认中',
};

export const TransferRequestSchema = lazySchema(() => z.object({
  provider: ProviderSchema,
  /** IN: main wallet → provider; OUT: provider → main wallet. */
  direction: z.enum(TRANSFER_DIRECTIONS),
  /** A whole number of 元 (providers take whole amounts), as 0.0001 元 units. */
  amount: Money.positive({ error: '请输入转账金额' }).refine((amount) => amount % 10_000 === 0, { error: '转账金额须为整数元' }),
  /** The client's idempotency key: the same key never moves money twice. */
  requestKey: z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/),
}));
export type TransferRequest = z.infer<typeof TransferRequestSchema>;

export const TransferSchema = lazySchema(() => z.object({
  id: z.string(),
  provider: ProviderSchema,
  direction: z.enum(TRANSFER_DIRECTIONS),
  amount: Money,
  status: z.enum(TRANSFER_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
}));
export type Transfer = z.infer<typeof TransferSchema>;
export const TransferAnswerSchema = lazySchema(() => z.object({ transfer: TransferSchema, mainWallet: Money }));
export const TransferListSchema = lazySchema(() => z.object({ items: z.array(TransferSchema), page: z.number().int(), totalPages: z.number().int() }));

export const RecallAnswerSchema = lazySchema(() => z.object({
  transfers: z.array(TransferSchema),
  /** Providers whose balance could not be read or recalled, with the reason. */
  failures: z.array(z.object({ provider: ProviderSchema, message: z.string() })),
  mainWallet: Money,
}));
export type RecallAnswer = z.infer<typeof RecallAnswerSchema>;

/** `{provider}` of the slot and wallet paths: an active provider code, else 404 in Chinese. */
export const ProviderParamsSchema = lazySchema(() => z.object({ provider: z.string().max(16) }));

/** `GET /ajax/wallet/third-party/transfers?page`. */
export const TransferListQuerySchema = lazySchema(() => z.object({
  page: z.coerce.number({ error: '页码必须为正整数' }).int('页码必须为正整数').min(1, '页码必须为正整数').max(10_000, '页码过大').default(1),
}));

/** `POST /ajax/wallet/third-party/recall-all`. */
export const RecallRequestSchema = lazySchema(() => z.object({ requestKey: TransferRequestSchema.shape.requestKey }));

/** `GET /ajax/wallet/third-party/records?provider&type&from&to&page`: Beijing dates, both included, within the last 30 days (spec §9). */
export const ThirdPartyRecordQuerySchema = lazySchema(() => z
  .object({
    provider: ProviderSchema.optional(),
    type: z.enum(THIRD_PARTY_TRANSACTION_TYPES, { error: '交易类型不存在' }).optional(),
    from: calendarDate('请选择有效的开始日期').optional(),
    to: calendarDate('请选择有效的结束日期').optional(),
    page: z.coerce.number({ error: '页码必须为正整数' }).int('页码必须为正整数').min(1, '页码必须为正整数').max(10_000, '页码过大').default(1),
  })
  .superRefine((query, context) => {
    if (query.from === undefined || query.to === undefined || !isCalendarDate(query.from) || !isCalendarDate(query.to)) return;
    if (query.to < query.from) context.addIssue({ code: 'custom', path: ['to'], message: '结束日期不能早于开始日期' });
  }));
export type ThirdPartyRecordQuery = z.input<typeof ThirdPartyRecordQuerySchema>;

/** One line of `/account/transaction/third-party` (spec §3.5 third-party transaction types). */
export const ThirdPartyRecordSchema = lazySchema(() => z.object({
  id: z.string(),
  provider: ProviderSchema,
  type: z.enum(THIRD_PARTY_TRANSACTION_TYPES),
  /** Signed, from the provider wallet's point of view. */
  amount: Money,
  gameName: z.string().nullable(),
  createdAt: z.string(),
}));
export const ThirdPartyRecordListSchema = lazySchema(() => z.object({
  items: z.array(ThirdPartyRecordSchema),
  page: z.number().int(),
  totalPages: z.number().int(),
}));
