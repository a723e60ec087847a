// Gathers the placements of one process into batches: each batch is ONE statement (place_orders,
// drizzle/0042_one_placement_path.sql), so one round trip, one transaction and one commit carry every
// order that arrived while the previous batch of its lane ran. An order that arrives at an idle lane
// goes at once, alone: no added delay.
//
// A batch holding an instant (秒开) order runs the statement inside an explicit transaction instead,
// and draws and settles each instant order it placed before the commit (instantStep): the bet, its
// draw and its payout are one transaction, as before. A batch without one costs no BEGIN / COMMIT.
//
// Lanes: orders are split by player (customerId mod LANES) into LANES lanes; a lane runs one batch at a
// time, and each lane of each server process takes its stakes into a house shard of its own
// (laneHouseCode), so two batches in flight — of this process or of another — never wait for each
// other on a house row, only (rarely) on a player's own, and a player's orders are placed in arrival
// order. Which house shard took a stake does not matter: the shards are one house, split only so that
// no single row is hot.
// A deadlock or serialization failure (possible only against transactions outside this scheme) is
// retried once. If the statement still fails, nothing of the batch was written: its orders are placed
// again one statement each, so that an order PostgreSQL refuses fails alone and every other order is
// placed exactly once — an order whose first statement did commit after all (an answer lost on the
// wire) is found again by its client key and comes back as REPLAY. An order refused on its own for its
// data (a data exception or an integrity constraint) is the player's error, 400; any other failure
// stays a server error.
import cluster from 'node:cluster';
import type pg from 'pg';
import type { OrderDetail } from '../../shared/api/orders.ts';
import { errors } from '../http/errors.ts';
import type { NewLiveEvent } from '../events/outbox.ts';
import { HOUSE_SHARDS } from './accounts.ts';

export interface BatchBet {
  code: string;
  name: string;
  /** JSON text. */
  selection: string;
  mode: string | null;
  multiplier: number | null;
  prizeGroup: number | null;
  betCount: number;
  stake: number;
  rebate: number;
}

export interface BatchOrder {
  customerId: number;
  clientKey: string;
  drawType: string;
  playMode: string;
  /** Null for an instant draw (its issue number is its order id) or when the request gave none. */
  issueNumber: string | null;
  now: number;
  betCount: number;
  totalStake: number;
  prizeGroup: number;
  autobetId: number | null;
  sessionId: number | null;
  tokenHash: Buffer | null;
  /** 0: none; 1: refused before the enabled-modes check (unknown draw type); 2: after it (the engine refused a bet). */
  refusal: 0 | 1 | 2;
  instant: boolean;
  clientSeed: string | null;
  bets: readonly BatchBet[];
}

export interface PlacedSeed {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export type Outcome = 'PLACED' | 'REPLAY' | 'REFUSED' | 'NOSESSION' | 'STALE' | 'CLOSED' | 'INVALID' | 'CONFLICT' | 'FORBIDDEN' | 'INSUFFICIENT';

export interface BatchOutcome {
  outcome: Outcome;
  orderId: number | null;
  balance: number | null;
  message: string | null;
  seed: PlacedSeed | null;
  /** Instant orders: the settlement's events, the balance and the order as read back inside the transaction. */
  instant?: InstantSettled;
}

export interface InstantSettled {
  events: NewLiveEvent[];
  balance: number;
  order: OrderDetail;
}

/** Draws and settles a placed instant order inside the batch's transaction (place.ts supplies it). */
export type InstantStep = (client: pg.PoolClient, order: BatchOrder, placed: BatchOutcome) => Promise<InstantSettled>;

const LANES = 2;
/** This process among the server processes: its cluster worker id, else its pid (see laneHouseCode). */
const PROCESS_SLOT = cluster.worker?.id ?? process.pid;
/** The house shard a lane of this process takes its stakes into: distinct per lane and per worker. */
const laneHouseCode = (lane: number) => `house:lottery:${(PROCESS_SLOT * LANES + lane) % HOUSE_SHARDS}`;
const MAX_BATCH = 32;
const RETRYABLE = new Set(['40P01', '40001']);
/** SQLSTATE classes of a statement refused for the data it was given: data exception, integrity constraint. */
const REFUSED_DATA_CLASSES = ['22', '23'];
export const UNSTORABLE_ORDER_MESSAGE = '订单内容无法保存，未能投注，请检查后重试';

const PLACE_SQL = `SELECT idx, outcome, order_id, balance, message, seed_id, server_seed, server_seed_hash, client_seed, nonce FROM place_orders(
  $1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::integer[], $8::bigint[], $9::integer[], $10::bigint[],
  $11::text[], $12::bigint[], $13::bytea[], $14::integer[], $15::boolean[], $16::text[], $17::integer[], $18::integer[],
  $19::text[], $20::text[], $21::jsonb[], $22::text[], $23::integer[], $24::integer[], $25::integer[], $26::bigint[], $27::bigint[])`;

interface Row {
  idx: number;
  outcome: Outcome;
  order_id: number | null;
  balance: number | null;
  message: string | null;
  seed_id: number | null;
  server_seed: string | null;
  server_seed_hash: string | null;
  client_seed: string | null;
  nonce: number | null;
}

interface Waiting {
  order: BatchOrder;
  resolve: (outcome: BatchOutcome) => void;
  reject: (error: unknown) => void;
}

function statement(orders: readonly BatchOrder[], houseCode: string): pg.QueryConfig {
  const bets = orders.flatMap((o) => o.bets);
  const first: number[] = [];
  let next = 1;
  for (const o of orders) {
    first.push(next);
    next += o.bets.length;
  }
  return {
    name: 'place_orders',
    text: PLACE_SQL,
    values: [
      orders.map((o) => o.customerId),
      orders.map((o) => o.clientKey),
      orders.map((o) => o.drawType),
      orders.map((o) => o.playMode),
      orders.map((o) => o.issueNumber),
      orders.map((o) => o.now),
      orders.map((o) => o.betCount),
      orders.map((o) => o.totalStake),
      orders.map((o) => o.prizeGroup),
      orders.map((o) => o.autobetId),
      orders.map(() => houseCode),
      orders.map((o) => o.sessionId),
      orders.map((o) => o.tokenHash),
      orders.map((o) => o.refusal),
      orders.map((o) => o.instant),
      orders.map((o) => o.clientSeed),
      first,
      orders.map((o) => o.bets.length),
      bets.map((b) => b.code),
      bets.map((b) => b.name),
      bets.map((b) => b.selection),
      bets.map((b) => b.mode),
      bets.map((b) => b.multiplier),
      bets.map((b) => b.prizeGroup),
      bets.map((b) => b.betCount),
      bets.map((b) => b.stake),
      bets.map((b) => b.rebate),
    ],
  };
}

function outcomesOf(rows: readonly Row[], count: number): BatchOutcome[] {
  const outcomes: BatchOutcome[] = new Array(count);
  for (const row of rows) {
    outcomes[row.idx - 1] = {
      outcome: row.outcome,
      orderId: row.order_id === null ? null : Number(row.order_id),
      balance: row.balance === null ? null : Number(row.balance),
      message: row.message,
      seed:
        row.seed_id === null
          ? null
          : { id: Number(row.seed_id), serverSeed: row.server_seed!, serverSeedHash: row.server_seed_hash!, clientSeed: row.client_seed!, nonce: row.nonce! },
    };
  }
  return outcomes;
}

class Lane {
  private queue: Waiting[] = [];
  private running = false;

  private readonly houseCode: string;

  constructor(
    private readonly pool: pg.Pool,
    private readonly instantStep: InstantStep,
    lane: number,
  ) {
    this.houseCode = laneHouseCode(lane);
  }

  submit(order: BatchOrder): Promise<BatchOutcome> {
    const done = new Promise<BatchOutcome>((resolve, reject) => this.queue.push({ order, resolve, reject }));
    if (!this.running) {
      this.running = true;
      void this.drain();
    }
    return done;
  }

  private async drain(): Promise<void> {
    // Let the requests of this turn of the event loop join the first batch.
    await Promise.resolve();
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const outcomes = await this.place(batch.map((w) => w.order));
          batch.forEach((w, i) => w.resolve(outcomes[i]!));
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(asRefusal(error));
          else await this.placeOneByOne(batch);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /** In arrival order, as the batch would have placed them: a player's orders keep their order. */
  private async placeOneByOne(batch: readonly Waiting[]): Promise<void> {
    for (const w of batch) {
      try {
        w.resolve((await this.place([w.order]))[0]!);
      } catch (error) {
        w.reject(asRefusal(error));
      }
    }
  }

  private async place(orders: BatchOrder[], attempt = 1): Promise<BatchOutcome[]> {
    try {
      if (!orders.some((o) => o.instant)) {
        const result = await this.pool.query<Row>(statement(orders, this.houseCode));
        return outcomesOf(result.rows, orders.length);
      }
      return await this.placeWithInstant(orders);
    } catch (error) {
      if (attempt < 2 && RETRYABLE.has((error as { code?: string }).code ?? '')) return this.place(orders, attempt + 1);
      throw error;
    }
  }

  /** The statement, then each placed instant order's draw and settlement, in one transaction. */
  private async placeWithInstant(orders: BatchOrder[]): Promise<BatchOutcome[]> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const outcomes = outcomesOf((await client.query<Row>(statement(orders, this.houseCode))).rows, orders.length);
      for (const [i, placed] of outcomes.entries()) {
        if (placed.outcome === 'PLACED' && orders[i]!.instant) placed.instant = await this.instantStep(client, orders[i]!, placed);
      }
      await client.query('COMMIT');
      return outcomes;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }
}

/** The failure of an order's own statement: its data refused → 400; anything else unchanged. */
function asRefusal(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && REFUSED_DATA_CLASSES.includes(code.slice(0, 2)) ? errors.validation(UNSTORABLE_ORDER_MESSAGE) : error;
}

const batchers = new WeakMap<pg.Pool, Lane[]>();

/** Places one order in the next batch of its lane; resolves with its own outcome. */
export function placeInBatch(pool: pg.Pool, order: BatchOrder, instantStep: InstantStep): Promise<BatchOutcome> {
  let lanes = batchers.get(pool);
  if (!lanes) {
    lanes = Array.from({ length: LANES }, (_, lane) => new Lane(pool, instantStep, lane));
    batchers.set(pool, lanes);
  }
  return lanes[order.customerId % LANES]!.submit(order);
}
