// The fast path of bet placement: the whole transaction of place.ts's general path as part of ONE
// statement, shared with the other orders that arrive at the same time (place-batch.ts).
//
// The order is priced by the engine first (as always, before any transaction); then the SQL function
// place_orders_fast (drizzle/0006_placement_functions.sql) runs the general path's steps for it: the
// cached session's check (when the route used one), the client-key replay check, the draw type's
// enabled play modes, the issue (locked FOR SHARE) and its state, the player's protection lock and
// state, the balance, then the order and its bets and the BET transfer bet:<orderId> with its two
// entries. The answer is built from what was inserted: no re-read of the order.
//
// The caller (placeOrder) does not come here, and runs the general path, whenever the general path
// would do something this does not: instant draws (秒开, drawn and settled in the transaction), an
// unknown draw type, a missing issue number or a bet the engine refuses (so that every error comes in
// the general path's order, with its message). It goes on to the general path when the function
// answers 'SLOW' (a player with any protection limit row or a running cooling-off / self-exclusion:
// assertMayBet applies pending limit changes, measures the losses and words the refusal). What the
// function refuses is mapped to the general path's errors below.
import type pg from 'pg';
import { GAME_CLOSED_MESSAGES } from '../../shared/api/games.ts';
import type { OrderDetail, PlaceOrder } from '../../shared/api/orders.ts';
import type { DrawTypeInfo } from '../../shared/catalogue/draw-types.ts';
import { errors } from '../http/errors.ts';
import { insufficientFunds } from '../wallet/ledger.ts';
import type { PricedOrder } from './pricing.ts';
import { placeInBatch, type BatchOutcome } from './place-batch.ts';

export type FastOutcome =
  | { outcome: 'PLACED'; order: OrderDetail; balance: number }
  | { outcome: 'REPLAY'; orderId: number }
  | { outcome: 'SLOW' }
  /** The cached session is no longer live, or the customer's prize group changed: nothing written. */
  | { outcome: 'NOSESSION' | 'STALE' };

/** A session the route took from its cache: the statement checks it is still live. */
export interface CachedSession {
  sessionId: number;
  tokenHash: Buffer;
}

/** The outcomes of place_orders_fast for a refused order, as the general path's errors. */
function refusal(outcome: BatchOutcome, info: DrawTypeInfo): Error | null {
  switch (outcome.outcome) {
    case 'CLOSED':
      return errors.conflict(GAME_CLOSED_MESSAGES[info.product]);
    case 'INVALID':
      return errors.validation(outcome.message!);
    case 'CONFLICT':
      return errors.conflict(outcome.message!);
    case 'INSUFFICIENT':
      return insufficientFunds();
    default:
      return null;
  }
}

export async function placeFast(
  pool: pg.Pool,
  info: DrawTypeInfo,
  customerId: number,
  prizeGroup: number,
  body: PlaceOrder & { issueNumber: string },
  priced: PricedOrder,
  now: number,
  autobetId: number | undefined,
  session: CachedSession | undefined,
): Promise<FastOutcome> {
  const bets = priced.bets;
  const result = await placeInBatch(pool, {
    customerId,
    clientKey: body.clientKey,
    drawType: info.code,
    playMode: body.playMode,
    issueNumber: body.issueNumber,
    now,
    betCount: priced.betCount,
    totalStake: priced.totalStake,
    prizeGroup,
    autobetId: autobetId ?? null,
    sessionId: session?.sessionId ?? null,
    tokenHash: session?.tokenHash ?? null,
    bets: bets.map((b) => ({ ...b, selection: JSON.stringify(b.selection) })),
  });
  const refused = refusal(result, info);
  if (refused) throw refused;
  if (result.outcome === 'SLOW' || result.outcome === 'NOSESSION' || result.outcome === 'STALE') return { outcome: result.outcome };
  if (result.outcome === 'REPLAY') return { outcome: 'REPLAY', orderId: result.orderId! };
  const orderId = result.orderId!;
  // What orderDetail would read back: a pending order of an issue on sale (no result yet), no seed.
  const order: OrderDetail = {
    orderId: String(orderId),
    drawType: info.code,
    playMode: body.playMode,
    issueNumber: body.issueNumber,
    status: 'PENDING',
    betCount: priced.betCount,
    totalStake: priced.totalStake,
    payout: 0,
    rebate: 0,
    isAutoBet: autobetId !== undefined,
    createdAt: Math.floor(now),
    settledAt: null,
    cancelledAt: null,
    result: null,
    bets: bets.map((b, i) => ({
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
  return { outcome: 'PLACED', order, balance: result.balance! };
}
