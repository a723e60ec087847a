// Placing an order: validated and priced by the engine, then recorded and debited in one
// transaction, idempotent on the client's key. Instant draws are drawn and settled in the same call.
//
// Two paths with the same outcome. The fast path (place-fast.ts) does the whole transaction inside one
// SQL statement, shared with the orders that arrive at the same time (place-batch.ts); it serves the
// usual order (a periodic issue, a bet the engine accepts, a player without protection limits).
// The general path below (statement by statement) serves everything else: instant draws, refused
// bets, players with protection limits or a running cooling-off / self-exclusion.
import type pg from 'pg';
import { GAME_CLOSED_MESSAGES } from '../../shared/api/games.ts';
import type { OrderDetail, PlaceOrder } from '../../shared/api/orders.ts';
import { findDrawType, type DrawTypeInfo } from '../../shared/catalogue/draw-types.ts';
import { withTransaction } from '../db/pool.ts';
import { errors } from '../http/errors.ts';
import type { NewLiveEvent } from '../events/outbox.ts';
import { playerAccountId, playerBalance, postTransfer } from '../wallet/ledger.ts';
import { assertMayBet } from '../protection/index.ts';
import { houseAccountFor } from './accounts.ts';
import { drawInstant, takeInstantNonce } from './instant.ts';
import { priceBoard, priceRegular, type PricedOrder } from './pricing.ts';
import { computeSettlements, attachBets, writeSettlements } from './settlement.ts';
import { orderDetail } from './views.ts';
import { placeFast, type CachedSession } from './place-fast.ts';
import { assertSameOrder } from './replay.ts';

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

const BEIJING_OFFSET_MS = 8 * 3_600_000;
const beijingDate = (instant: number) => new Date(instant + BEIJING_OFFSET_MS).toISOString().slice(0, 10);

interface OpenIssue {
  id: number;
  issueNumber: string;
  salesDay: string;
}

async function enabledModes(pool: pg.Pool, drawType: string): Promise<string[]> {
  const found = await pool.query<{ play_modes: string[] }>('SELECT play_modes FROM own_games WHERE draw_type = $1 AND enabled', [drawType]);
  return found.rows[0]?.play_modes ?? [];
}

/** The issue the bet is for, locked against closing until this transaction ends. */
async function lockOpenIssue(client: pg.PoolClient, info: DrawTypeInfo, issueNumber: string | undefined, now: number): Promise<OpenIssue> {
  if (!issueNumber) throw errors.validation('请选择投注期号');
  const found = await client.query<{ id: number; state: string; closes_at: Date; opens_at: Date; sales_day: string }>(
    `SELECT id, state, opens_at, closes_at, to_char(sales_day, 'YYYY-MM-DD') AS sales_day FROM draw_issues
      WHERE draw_type = $1 AND issue_number = $2 FOR SHARE`,
    [info.code, issueNumber],
  );
  const issue = found.rows[0];
  if (!issue) throw errors.validation('期号不存在');
  if (issue.state === 'CANCELLED') throw errors.conflict(`第 ${issueNumber} 期已撤销，不能投注`);
  if (issue.opens_at.getTime() > now || issue.state === 'SCHEDULED') throw errors.conflict(`第 ${issueNumber} 期尚未开售`);
  if (issue.state !== 'OPEN' || issue.closes_at.getTime() <= now) throw errors.conflict(`第 ${issueNumber} 期已截止投注`);
  return { id: issue.id, issueNumber, salesDay: issue.sales_day };
}

function price(info: DrawTypeInfo, body: PlaceOrder, bettor: Bettor, drawDate: string): PricedOrder {
  return body.playMode === 'REGULAR' ? priceRegular(info, body.bets, bettor.prizeGroup) : priceBoard(info, body.bets, drawDate);
}

async function existingOrder(pool: pg.Pool | pg.PoolClient, bettor: Bettor, clientKey: string): Promise<number | null> {
  const found = await pool.query<{ id: number }>('SELECT id FROM orders WHERE customer_id = $1 AND client_key = $2', [bettor.customerId, clientKey]);
  return found.rows[0]?.id ?? null;
}

export interface PlaceOptions {
  /** Set when the order is an autobet entry placed by the system. */
  autobetId?: number;
  /**
   * Set when the caller took the bettor from a cached session (the order route, place-session.ts):
   * the fast path's statement checks that the session is still live and the prize group unchanged.
   * Whenever that check cannot be made or fails, placeOrder throws UnverifiedSession, having written
   * nothing, and the caller resolves the session afresh and calls again without it.
   */
  cachedSession?: CachedSession;
}

export class UnverifiedSession extends Error {}

export async function placeOrder(pool: pg.Pool, bettor: Bettor, body: PlaceOrder, now: number, options: PlaceOptions = {}): Promise<PlacedOrder> {
  const info = findDrawType(body.drawType);
  if (info && !info.instant && body.issueNumber) {
    let priced: PricedOrder | null = null;
    try {
      priced = price(info, body, bettor, beijingDate(now));
    } catch {
      // Refused by the engine: the general path gives the error, after its replay and mode checks.
    }
    if (priced) {
      const fast = await placeFast(
        pool, info, bettor.customerId, bettor.prizeGroup, { ...body, issueNumber: body.issueNumber }, priced, now, options.autobetId, options.cachedSession,
      );
      if (fast.outcome === 'NOSESSION' || fast.outcome === 'STALE') throw new UnverifiedSession();
      if (fast.outcome === 'PLACED') {
        const events: NewLiveEvent[] = [{ customerId: bettor.customerId, type: 'balance', payload: { balance: fast.balance } }];
        return { order: fast.order, balance: fast.balance, events, replayed: false };
      }
      if (fast.outcome === 'REPLAY') return replayed(pool, bettor, fast.orderId, body);
      // 'SLOW': the session (if cached) was checked by the statement; the general path follows.
      return placeGeneral(pool, bettor, body, now, options);
    }
  }
  if (options.cachedSession) throw new UnverifiedSession();
  return placeGeneral(pool, bettor, body, now, options);
}

/** The general path: one statement at a time, in one transaction. */
async function placeGeneral(pool: pg.Pool, bettor: Bettor, body: PlaceOrder, now: number, options: PlaceOptions): Promise<PlacedOrder> {
  const replay = await existingOrder(pool, bettor, body.clientKey);
  if (replay !== null) return replayed(pool, bettor, replay, body);

  const info = findDrawType(body.drawType);
  if (!info) throw errors.validation('彩种不存在');
  if (!(await enabledModes(pool, info.code)).includes(body.playMode)) {
    throw errors.conflict(GAME_CLOSED_MESSAGES[info.product]);
  }
  // Validate and price before taking any lock: a bad selection costs no transaction.
  const priced = price(info, body, bettor, beijingDate(now));

  try {
    return await withTransaction(pool, async (client) => {
      const issue = info.instant ? null : await lockOpenIssue(client, info, body.issueNumber, now);
      const orderId = (await client.query<{ id: number }>(`SELECT nextval('orders_id_seq')::bigint AS id`)).rows[0]!.id;
      const inserted = await client.query(
        `INSERT INTO orders (id, customer_id, client_key, draw_type, play_mode, issue_id, issue_number, bet_count, total_stake,
                             prize_group, created_at, is_autobet, autobet_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, to_timestamp($11 / 1000.0), $12, $13)
         ON CONFLICT (customer_id, client_key) DO NOTHING`,
        [orderId, bettor.customerId, body.clientKey, info.code, body.playMode, issue?.id ?? null, issue?.issueNumber ?? String(orderId),
         priced.betCount, priced.totalStake, bettor.prizeGroup, now, options.autobetId !== undefined, options.autobetId ?? null],
      );
      if (inserted.rowCount === 0) throw new ReplayedKey();
      await client.query(
        `INSERT INTO order_bets (order_id, seq, code, name, selection, mode, multiplier, prize_group, bet_count, stake, rebate)
         SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::jsonb[], $6::text[], $7::int[], $8::int[], $9::int[], $10::bigint[], $11::bigint[])`,
        [
          orderId,
          priced.bets.map((_, i) => i + 1),
          priced.bets.map((b) => b.code),
          priced.bets.map((b) => b.name),
          priced.bets.map((b) => JSON.stringify(b.selection)),
          priced.bets.map((b) => b.mode),
          priced.bets.map((b) => b.multiplier),
          priced.bets.map((b) => b.prizeGroup),
          priced.bets.map((b) => b.betCount),
          priced.bets.map((b) => b.stake),
          priced.bets.map((b) => b.rebate),
        ],
      );
      // Cooling-off, self-exclusion and loss limits (decisions §8), under a per-player lock.
      await assertMayBet(client, bettor.customerId, { stake: priced.totalStake, now: new Date(now) });
      const player = await playerAccountId(client, bettor.customerId);
      const house = await houseAccountFor(client, bettor.customerId);
      await postTransfer(client, {
        idempotencyKey: `bet:${orderId}`,
        type: 'BET',
        reference: `order:${orderId}`,
        legs: [
          { accountId: player, amount: -priced.totalStake },
          { accountId: house, amount: priced.totalStake },
        ],
      });
      const events: NewLiveEvent[] = [];
      if (info.instant) events.push(...(await settleInstant(client, info, orderId, bettor, body.clientSeed, now)));
      const balance = await playerBalance(client, bettor.customerId);
      events.push({ customerId: bettor.customerId, type: 'balance', payload: { balance } });
      const order = (await orderDetail(client, bettor.customerId, orderId))!;
      return { order, balance, events, replayed: false };
    });
  } catch (error) {
    // A concurrent request with the same key won the insert: answer with its order (if the same one).
    if (error instanceof ReplayedKey) return replayed(pool, bettor, (await existingOrder(pool, bettor, body.clientKey))!, body);
    throw error;
  }
}

class ReplayedKey extends Error {}

/** The order already placed under the request's client key, if the request asks for that order. */
async function replayed(pool: pg.Pool, bettor: Bettor, orderId: number, body: PlaceOrder): Promise<PlacedOrder> {
  const order = (await orderDetail(pool, bettor.customerId, orderId))!;
  // Priced as it was placed: at the order's prize group, on its sales date.
  const group = await pool.query<{ prize_group: number }>('SELECT prize_group FROM orders WHERE id = $1', [orderId]);
  const info = findDrawType(body.drawType);
  let priced: PricedOrder | null = null;
  try {
    if (info) priced = price(info, body, { customerId: bettor.customerId, prizeGroup: group.rows[0]!.prize_group }, beijingDate(order.createdAt));
  } catch {
    // Refused by the engine: not the order stored under this key.
  }
  assertSameOrder(order, body, info, priced);
  return { order, balance: await playerBalance(pool, bettor.customerId), events: [], replayed: true };
}

async function settleInstant(
  client: pg.PoolClient,
  info: DrawTypeInfo,
  orderId: number,
  bettor: Bettor,
  clientSeed: string | undefined,
  now: number,
): Promise<NewLiveEvent[]> {
  const seed = await takeInstantNonce(client, bettor.customerId, clientSeed);
  const result = await drawInstant(info.code, seed);
  await client.query('UPDATE orders SET instant_seed_id = $2, instant_nonce = $3, result = $4 WHERE id = $1', [orderId, seed.id, seed.nonce, result]);
  const rows = await client.query(
    `SELECT id, customer_id, draw_type, play_mode, issue_number, total_stake, is_autobet FROM orders WHERE id = $1`,
    [orderId],
  );
  const pending = await attachBets(client, rows.rows);
  const settled = computeSettlements(pending, result, String(orderId), beijingDate(now));
  return writeSettlements(client, settled, { issueId: null, result, now });
}

