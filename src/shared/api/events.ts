// The live event stream (`GET /sse/events`, decisions §6): one SSE stream per tab; each message's
// `event:` is a LiveEventType, `id:` the outbox id, `data:` the JSON payload below.
import { z } from 'zod';
import { PAYMENT_STATUSES } from '../enums.ts';
import { ContentChangedEventSchema } from './content.ts';
import { lazySchema } from './lazy-schema.ts';

export const EVENTS_PATH = '/sse/events';
/** Query parameter used when the app recreates the stream itself (EventSource cannot set headers). */
export const LAST_EVENT_ID_PARAM = 'lastEventId';
/**
 * Sent instead of a replay the outbox can no longer give (events pruned, too many missed, or an id
 * the server never issued): the app refetches what it shows. Its `id:` is the new position.
 */
export const RESYNC_EVENT = 'resync';

export const BalanceEventSchema = lazySchema(() => z.object({ balance: z.number().int() }));
export const UnreadCountEventSchema = lazySchema(() => z.object({ count: z.number().int().nonnegative() }));
export const TextPopupEventSchema = lazySchema(() => z.object({ title: z.string(), content: z.string() }));
export const OrderSettledPopupSchema = lazySchema(() => z.object({
  orderId: z.string(),
  isAutoBet: z.boolean(),
  drawType: z.string(),
  playMode: z.enum(['REGULAR', 'BOARD']),
  drawNumber: z.string(),
  drawResult: z.string(),
  winningPrize: z.number().int(),
  betProfit: z.number().int(),
}));
export const PaymentStatusEventSchema = lazySchema(() => z.object({
  kind: z.enum(['DEPOSIT', 'WITHDRAWAL']),
  id: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
}));
/** Sent to an agent about a member of its team: a new registration, or the member came online or went offline. */
export const CustomerUpdatedSchema = lazySchema(() => z.object({
  isNewCustomer: z.boolean(),
  online: z.boolean(),
  customerId: z.number().int(),
  name: z.string(),
}));
/** Chat channels: customer service (客服) and agent ↔ member chat. */
export const CHAT_CHANNELS = ['SUPPORT', 'AGENT'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];
export const UnreadMessageCountSchema = lazySchema(() => z.object({ count: z.number().int().nonnegative(), channel: z.enum(CHAT_CHANNELS) }));
/**
 * A chat message for the receiving customer. SUPPORT: from the customer-service desk (the open
 * `/customer-service` window reads its own stream, GET /sse/im); AGENT: from the upline agent or a
 * team member, `contactId` being the other customer.
 */
export const ChatMessageEventSchema = lazySchema(() => z.object({
  channel: z.enum(CHAT_CHANNELS),
  messageId: z.number().int(),
  contactId: z.number().int().nullable(),
  from: z.string(),
  content: z.string(),
}));

export const LIVE_EVENT_SCHEMAS = {
  balance: BalanceEventSchema,
  unreadMailCount: UnreadCountEventSchema,
  unreadMessageCount: UnreadMessageCountSchema,
  textPopup: TextPopupEventSchema,
  orderSettledPopup: OrderSettledPopupSchema,
  customerUpdatedMessage: CustomerUpdatedSchema,
  totalJackpotPoolPrize: lazySchema(() => z.object({ totalPrize: z.number().int() })),
  jackpotDistribution: lazySchema(() => z.object({ type: z.enum(['lucky', 'super']), prize: z.number().int() })),
  /** Broadcast when a super prize is paid: the winner popup (shown outside production only, spec §6). */
  superJackpotWon: lazySchema(() => z.object({ winner: z.string(), prize: z.number().int(), drawId: z.number().int() })),
  /** Red packets became claimable or ended: the app refetches GET /ajax/red-packet/claimable. */
  redPacketsChanged: lazySchema(() => z.object({})),
  /** A campaign or one of the customer's claims changed: the app refetches the campaign views. */
  campaignsChanged: lazySchema(() => z.object({ campaignId: z.number().int().nullable() })),
  /** The customer's VIP level changed (upgrade or downgrade by the VIP job, or an operator). */
  vipLevelChanged: lazySchema(() => z.object({ level: z.enum(['NOT_VIP', 'VIP_1', 'VIP_2']), previous: z.enum(['NOT_VIP', 'VIP_1', 'VIP_2']) })),
  chatMessage: ChatMessageEventSchema,
  drawResult: lazySchema(() => z.object({ drawType: z.string(), drawNumber: z.string(), result: z.array(z.number().int()) })),
  /** An operator opened or closed a game, or changed its limits or odds: the app refetches what it shows of it. */
  gamesChanged: lazySchema(() => z.object({ drawType: z.string() })),
  /** An operator changed announcements, help or tutorials that players see: the app refetches that area. */
  contentChanged: ContentChangedEventSchema,
  /** One of the customer's deposits or withdrawals changed status: the app refetches its wallet views. */
  paymentStatus: PaymentStatusEventSchema,
} as const;
export type LiveEventPayloads = { [K in keyof typeof LIVE_EVENT_SCHEMAS]: z.infer<(typeof LIVE_EVENT_SCHEMAS)[K]> };
