// Placing an order — the one path, from the route to the ledger:
//
//   1. placeOrder prices the order with the engine (pricing.ts), outside any transaction: a bad
//      selection costs no lock. A refusal (an unknown draw type, a bet the engine refuses) is kept, not
//      thrown yet: the replay of a client key and the closed game come first, as the player sees them.
//   2. The order joins the next batch of its lane (place-batch.ts): ONE statement, place_orders
//      (drizzle/0042_one_placement_path.sql), places every order of the batch, each with its own
//      outcome — cached session, client-key replay, enabled play mode, issue state, protection
//      (cooling-off, self-exclusion, loss limits), balance, then the order, its bets and the BET
//      transfer with its entries. An instant (秒开) order is drawn and settled by settleInstant below,
//      in the same transaction.
//   3. The outcome becomes the answer: the order built from what was inserted (no re-read), the
//      replayed order, or the refusal as an error with its Chinese message.
import type pg from 'pg';
import { GAME_CLOSED_MESSAGES } from '../../shared/api/games.ts';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import type { OrderDetail, PlaceOrder } from '../../shared/api/orders.ts';
import { findDrawType, type DrawTypeInfo } from '../../shared/catalogue/draw-types.ts';
import { AppError, errors } from '../http/errors.ts';
import type { NewLiveEvent } from '../events/outbox.ts';
import { insufficientFunds, playerBalance } from '../wallet/ledger.ts';
import { drawInstant } from './instant.ts';
import { priceBoard, priceRegular, type PricedOrder } from './pricing.ts';
import { computeSettlements, attachBets, writeSettlements } from './settlement.ts';
import { orderDetail } from './views.ts';
import { placeInBatch, type BatchOrder, type BatchOutcome, type InstantSettled } from './place-batch.ts';
import type { CachedSession } from './place-session.ts';
import { assertSameOrder } from './replay.ts';
import { jackpotHook } from '../jackpot/hook.ts';

export interface Bettor {
  customerId: number;
  prizeGroup: number;
}

export interface PlacedOrder {
  order: OrderDetail;
  balance: number;
  /** Events to publish once the transaction has committed. */
  events: NewLiveEvent[];
  replayed: boolean;
}

export interface PlaceOptions {
  /** Set when the order is an autobet entry placed by the system. */
  autobetId?: number;
  /**
   * Set when the caller took the bettor from a cached session (the order route, place-session.ts):
   * the statement checks that the session is still live and the prize group unchanged. When it is
   * not, placeOrder throws UnverifiedSession, having written nothing, and the caller resolves the
   * session afresh and calls again without it.
   */
  cachedSession?: CachedSession;
}

export class UnverifiedSession extends Error {}

const BEIJING_OFFSET_MS = 8 * 3_600_000;
const beijingDate = (instant: number) => new Date(instant + BEIJING_OFFSET_MS).toISOString().slice(0, 10);

function price(info: DrawTypeInfo, body: PlaceOrder, prizeGroup: number, drawDate: string): PricedOrder {
  return body.playMode === 'REGULAR' ? priceRegular(info, body.bets, prizeGroup) : priceBoard(info, body.bets, drawDate);
}

export async function placeOrder(pool: pg.Pool, bettor: Bettor, body: PlaceOrder, now: number, options: PlaceOptions = {}): Promise<PlacedOrder> {
  const info = findDrawType(body.drawType);
  let priced: PricedOrder | null = null;
  let refusal: BatchOrder['refusal'] = 0;
  let refusedWith: unknown = null;
  if (!info) {
    refusal = 1;
    refusedWith = errors.validation('彩种不存在');
  } else {
    try {
      priced = price(info, body, bettor.prizeGroup, beijingDate(now));
    } catch (error) {
      refusal = 2;
      refusedWith = error;
    }
  }
  const session = options.cachedSession;
  const placed = await placeInBatch(
    pool,
    {
      customerId: bettor.customerId,
      clientKey: body.clientKey,
      drawType: body.drawType,
      playMode: body.playMode,
      issueNumber: info?.instant ? null : (body.issueNumber ?? null),
      now,
      betCount: priced?.betCount ?? 0,
      totalStake: priced?.totalStake ?? 0,
      prizeGroup: bettor.prizeGroup,
      autobetId: options.autobetId ?? null,
      sessionId: session?.sessionId ?? null,
      tokenHash: session?.tokenHash ?? null,
      refusal,
      instant: info?.instant ?? false,
      clientSeed: body.clientSeed ?? null,
      bets: (priced?.bets ?? []).map((b) => ({ ...b, selection: JSON.stringify(b.selection) })),
    },
    settleInstant,
  );
  switch (placed.outcome) {
    case 'PLACED':
      return answer(info!, body, priced!, bettor, placed, now, options);
    case 'REPLAY':
      return replayed(pool, bettor, placed.orderId!, body);
    case 'NOSESSION':
    case 'STALE':
      throw new UnverifiedSession();
    case 'REFUSED':
      throw refusedWith;
    default:
      throw refusalError(placed, info!);
  }
}

/** What place_orders refused, as the error the player sees. */
function refusalError(placed: BatchOutcome, info: DrawTypeInfo): Error {
  switch (placed.outcome) {
    case 'CLOSED':
      return errors.conflict(GAME_CLOSED_MESSAGES[info.product]);
    case 'INVALID':
      return errors.validation(placed.message!);
    case 'CONFLICT':
      return errors.conflict(placed.message!);
    case 'FORBIDDEN':
      return new AppError(403, ERROR_CODES.FORBIDDEN, placed.message!);
    case 'INSUFFICIENT':
      return insufficientFunds();
    default:
      return new Error(`unexpected placement outcome ${placed.outcome}`);
  }
}

function answer(info: DrawTypeInfo, body: PlaceOrder, priced: PricedOrder, bettor: Bettor, placed: BatchOutcome, now: number, options: PlaceOptions): PlacedOrder {
  if (placed.instant) {
    const events = [...placed.instant.events, { customerId: bettor.customerId, type: 'balance', payload: { balance: placed.instant.balance } }];
    return { order: placed.instant.order, balance: placed.instant.balance, events, replayed: false };
  }
  const balance = placed.balance!;
  // What orderDetail would read back: a pending order of an issue on sale (no result yet), no seed.
  const order: OrderDetail = {
    orderId: String(placed.orderId),
    drawType: info.code,
    playMode: body.playMode,
    issueNumber: body.issueNumber!,
    status: 'PENDING',
    betCount: priced.betCount,
    totalStake: priced.totalStake,
    payout: 0,
    rebate: 0,
    isAutoBet: options.autobetId !== undefined,
    createdAt: Math.floor(now),
    settledAt: null,
    cancelledAt: null,
    result: null,
    bets: priced.bets.map((b, i) => ({
      seq: i + 1,
      code: b.code,
      name: b.name,
      selection: b.selection,
      mode: b.mode,
      multiplier: b.multiplier,
      prizeGroup: b.prizeGroup,
      betCount: b.betCount,
      stake: b.stake,
      payout: 0,
      rebate: b.rebate,
      outcome: null,
      detail: null,
    })),
    fairness: null,
  };
  return { order, balance, events: [{ customerId: bettor.customerId, type: 'balance', payload: { balance } }], replayed: false };
}

/** An instant order placed by the batch's statement: drawn from its seed and settled, before the commit. */
async function settleInstant(client: pg.PoolClient, order: BatchOrder, placed: BatchOutcome): Promise<InstantSettled> {
  const orderId = placed.orderId!;
  const result = await drawInstant(order.drawType, placed.seed!);
  await client.query('UPDATE orders SET result = $2 WHERE id = $1', [orderId, result]);
  const rows = await client.query(`SELECT id, customer_id, draw_type, play_mode, issue_number, total_stake, is_autobet FROM orders WHERE id = $1`, [orderId]);
  const pending = await attachBets(client, rows.rows);
  const settled = computeSettlements(pending, result, String(orderId), beijingDate(order.now));
  const events = await writeSettlements(client, settled, { issueId: null, result, now: order.now, jackpot: jackpotHook });
  const balance = await playerBalance(client, order.customerId);
  return { events, balance, order: (await orderDetail(client, order.customerId, orderId))! };
}

/** The order already placed under the request's client key, if the request asks for that order. */
async function replayed(pool: pg.Pool, bettor: Bettor, orderId: number, body: PlaceOrder): Promise<PlacedOrder> {
  const order = (await orderDetail(pool, bettor.customerId, orderId))!;
  // Priced as it was placed: at the order's prize group, on its sales date.
  const group = await pool.query<{ prize_group: number }>('SELECT prize_group FROM orders WHERE id = $1', [orderId]);
  const info = findDrawType(body.drawType);
  let priced: PricedOrder | null = null;
  try {
    if (info) priced = price(info, body, group.rows[0]!.prize_group, beijingDate(order.createdAt));
  } catch {
    // Refused by the engine: not the order stored under this key.
  }
  assertSameOrder(order, body, info, priced);
  return { order, balance: await playerBalance(pool, bettor.customerId), events: [], replayed: true };
}
