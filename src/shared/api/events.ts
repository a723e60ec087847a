// The live event stream (`GET /sse/events`, decisions §6): one SSE stream per tab; each message's
// `event:` is a LiveEventType, `id:` the outbox id, `data:` the JSON payload below.
import { z } from 'zod';
import { PAYMENT_STATUSES } from '../enums.ts';
import { ContentChangedEventSchema } from './content.ts';

export const EVENTS_PATH = '/sse/events';
/** Query parameter used when the app recreates the stream itself (EventSource cannot set headers). */
export const LAST_EVENT_ID_PARAM = 'lastEventId';
/**
 * Sent instead of a replay the outbox can no longer give (events pruned, too many missed, or an id
 * the server never issued): the app refetches what it shows. Its `id:` is the new position.
 */
export const RESYNC_EVENT = 'resync';

export const BalanceEventSchema = z.object({ balance: z.number().int() });
export const UnreadCountEventSchema = z.object({ count: z.number().int().nonnegative() });
export const TextPopupEventSchema = z.object({ title: z.string(), content: z.string() });
export const OrderSettledPopupSchema = z.object({
  orderId: z.string(),
  isAutoBet: z.boolean(),
  drawType: z.string(),
  playMode: z.enum(['REGULAR', 'BOARD']),
  drawNumber: z.string(),
  drawResult: z.string(),
  winningPrize: z.number().int(),
  betProfit: z.number().int(),
});
export const PaymentStatusEventSchema = z.object({
  kind: z.enum(['DEPOSIT', 'WITHDRAWAL']),
  id: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
});
export const CustomerUpdatedSchema = z.object({ isNewCustomer: z.boolean(), online: z.boolean() });

export const LIVE_EVENT_SCHEMAS = {
  balance: BalanceEventSchema,
  unreadMailCount: UnreadCountEventSchema,
  unreadMessageCount: UnreadCountEventSchema,
  textPopup: TextPopupEventSchema,
  orderSettledPopup: OrderSettledPopupSchema,
  customerUpdatedMessage: CustomerUpdatedSchema,
  totalJackpotPoolPrize: z.object({ totalPrize: z.number().int() }),
  jackpotDistribution: z.object({ type: z.enum(['lucky', 'super']), prize: z.number().int() }),
  chatMessage: z.object({ from: z.string(), content: z.string() }),
  drawResult: z.object({ drawType: z.string(), drawNumber: z.string(), result: z.array(z.number().int()) }),
  /** An operator opened or closed a game, or changed its limits or odds: the app refetches what it shows of it. */
  gamesChanged: z.object({ drawType: z.string() }),
  /** An operator changed announcements, help or tutorials that players see: the app refetches that area. */
  contentChanged: ContentChangedEventSchema,
  /** One of the customer's deposits or withdrawals changed status: the app refetches its wallet views. */
  paymentStatus: PaymentStatusEventSchema,
} as const;
export type LiveEventPayloads = { [K in keyof typeof LIVE_EVENT_SCHEMAS]: z.infer<(typeof LIVE_EVENT_SCHEMAS)[K]> };
