// Orders (betting): placing, listing, detail, cancelling. Amounts are integers of 0.0001 元.
import { z } from 'zod';
import { BET_MODE_KEYS } from '../money.ts';
import { calendarDate } from '../validation/calendar-date.ts';
import { requestText } from '../validation/safe-text.ts';
import { ORDER_STATUSES_OF_BETS } from './order-paths.ts';

export { ORDERS_PATHS, ORDER_STATUSES_OF_BETS } from './order-paths.ts';

const Money = z.number().int();
const BET_FORMAT_MESSAGE = '投注内容格式有误';
const betText = (max: number, min = 0) => requestText({ message: BET_FORMAT_MESSAGE, min, max });
const Pick = z.union([z.number().int(), betText(32)]);

/** A draw type's code as a request names it; an unknown code is refused later with the same message. */
export const DrawTypeCodeSchema = requestText({ message: '彩种不存在', min: 1, max: 32, charactersMessage: '彩种不存在' });

export const RegularSelectionSchema = z.object({
  rows: z.array(z.array(Pick).max(100)).max(12).optional(),
  entries: z.array(z.array(z.number().int()).max(20)).max(100_000).optional(),
  positions: z.array(z.number().int()).max(10).optional(),
});

export const RegularBetInputSchema = z.object({
  methodId: betText(32, 1),
  selection: RegularSelectionSchema,
  mode: z.enum(BET_MODE_KEYS as [string, ...string[]]),
  multiplier: z.number().int().min(1).max(1_000_000),
  /** The prize group chosen on the slider; omitted for the fixed-prize categories. */
  prizeGroup: z.number().int().min(1000).max(2000).optional(),
});
export type RegularBetInput = z.infer<typeof RegularBetInputSchema>;

export const BoardBetInputSchema = z.object({
  betTypeId: betText(48, 1),
  selection: z.union([betText(48, 1), z.array(Pick).min(1).max(80)]),
  stake: Money.positive(),
});
export type BoardBetInput = z.infer<typeof BoardBetInputSchema>;

// The order's own strings have known formats, so each is held to a strict pattern besides the shared
// text rule: they travel with other players' orders in one placement statement, where anything
// PostgreSQL would refuse fails the whole statement (docs/betting.md#batches).
const CLIENT_KEY_MESSAGE = '订单标识格式不正确';
const ISSUE_NUMBER_MESSAGE = '期号格式不正确';
const CLIENT_SEED_MESSAGE = '客户端种子只能包含字母、数字和符号';
/** The client's idempotency key of one order or autobet: a UUID or another short token. */
/** The order keys of autobet entries (`autobet:<id>:<seq>`, autobet/runner.ts): never a player's own order's. */
export const AUTOBET_KEY_PREFIX = 'autobet:';
export const ClientKeySchema = requestText({ message: CLIENT_KEY_MESSAGE, min: 8, max: 64 })
  .regex(/^[A-Za-z0-9._:-]+$/, CLIENT_KEY_MESSAGE)
  .refine((key) => !key.startsWith(AUTOBET_KEY_PREFIX), CLIENT_KEY_MESSAGE);
/** 期号 as the schedules write them: digits, a letter or hyphen for test issues, '/' for 六合彩 (26/001). */
export const IssueNumberSchema = requestText({ message: ISSUE_NUMBER_MESSAGE, min: 1, max: 32 }).regex(/^[A-Za-z0-9/-]+$/, ISSUE_NUMBER_MESSAGE);
/** A client seed of the instant draws: printable ASCII, as `PUT /ajax/instant-seed/rotate` takes it. */
export const ClientSeedSchema = requestText({ message: CLIENT_SEED_MESSAGE, min: 1, max: 64 }).regex(/^[\x21-\x7e]+$/, CLIENT_SEED_MESSAGE);

export const PlaceOrderSchema = z.discriminatedUnion('playMode', [
  z.object({
    playMode: z.literal('REGULAR'),
    clientKey: ClientKeySchema,
    drawType: DrawTypeCodeSchema,
    /** The issue the player saw on sale; refused if sales for it have closed. Omitted for instant draws. */
    issueNumber: IssueNumberSchema.optional(),
    bets: z.array(RegularBetInputSchema).min(1).max(100),
    clientSeed: ClientSeedSchema.optional(),
  }),
  z.object({
    playMode: z.literal('BOARD'),
    clientKey: ClientKeySchema,
    drawType: DrawTypeCodeSchema,
    issueNumber: IssueNumberSchema.optional(),
    bets: z.array(BoardBetInputSchema).min(1).max(200),
    clientSeed: ClientSeedSchema.optional(),
  }),
]);
export type PlaceOrder = z.infer<typeof PlaceOrderSchema>;

export const OrderBetSchema = z.object({
  seq: z.number().int(),
  code: z.string(),
  name: z.string(),
  selection: z.unknown(),
  mode: z.string().nullable(),
  multiplier: z.number().int().nullable(),
  prizeGroup: z.number().int().nullable(),
  betCount: z.number().int(),
  stake: Money,
  payout: Money,
  rebate: Money,
  outcome: z.enum(['WIN', 'LOSE', 'PUSH']).nullable(),
  detail: z.unknown(),
});
export type OrderBet = z.infer<typeof OrderBetSchema>;

export const OrderSummarySchema = z.object({
  orderId: z.string(),
  drawType: z.string(),
  playMode: z.enum(['REGULAR', 'BOARD']),
  issueNumber: z.string(),
  status: z.enum(ORDER_STATUSES_OF_BETS),
  betCount: z.number().int(),
  totalStake: Money,
  payout: Money,
  rebate: Money,
  isAutoBet: z.boolean(),
  createdAt: z.number().int(),
  settledAt: z.number().int().nullable(),
  cancelledAt: z.number().int().nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderDetailSchema = OrderSummarySchema.extend({
  /** The draw result (periodic: once drawn; instant: at once). */
  result: z.array(z.number().int()).nullable(),
  bets: z.array(OrderBetSchema),
  /** Instant draws: what proves the result (the seed is revealed when the player rotates it). */
  fairness: z
    .object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int(), serverSeed: z.string().nullable() })
    .nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const PlaceOrderResponseSchema = z.object({ order: OrderDetailSchema, balance: Money });

export const OrderListQuerySchema = z.object({
  drawType: DrawTypeCodeSchema.optional(),
  status: z.enum(ORDER_STATUSES_OF_BETS).optional(),
  /** YYYY-MM-DD, Beijing time, inclusive; a day that exists. */
  from: calendarDate('请选择有效的开始日期').optional(),
  to: calendarDate('请选择有效的结束日期').optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

/**
 * The totals of every order the filter matches (all pages): `stake` of the orders not cancelled
 * (refunded ones stake nothing); `payout`, `rebate` and `profit` (payout + rebate − stake) of the
 * settled ones, as each order's 盈亏 counts them.
 */
export const OrderTotalsSchema = z.object({ stake: Money, payout: Money, rebate: Money, profit: Money });
export type OrderTotals = z.infer<typeof OrderTotalsSchema>;

export const OrderListSchema = z.object({
  items: z.array(OrderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Always sent since issue 18; optional so that a page cached before, or an older server, still reads. */
  totals: OrderTotalsSchema.optional(),
});

/** Instant (秒开) draws: the player's seed pair (`GET /ajax/instant-seed`, `PUT /ajax/instant-seed/rotate`). */
export const INSTANT_SEED_PATHS = { seed: '/ajax/instant-seed', rotate: '/ajax/instant-seed/rotate' } as const;
export const InstantSeedSchema = z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nextNonce: z.number().int() });
export const RotateSeedBodySchema = z.object({
  clientSeed: z.string().min(1).max(64).regex(/^[\x21-\x7e]+$/, '客户端种子只能包含字母、数字和符号').optional(),
});
export const RotateSeedResponseSchema = z.object({
  revealed: InstantSeedSchema.extend({ serverSeed: z.string() }).nullable(),
  current: InstantSeedSchema,
});
